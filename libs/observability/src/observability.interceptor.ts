/**
 * Connect server interceptor for the edge: runs each call under a request id
 * (the caller's `x-request-id` when safe, else a new one, echoed back in the
 * response or error metadata), records requests by method and code with their
 * latency, and logs each failed call (server faults at error level with the
 * redacted cause, client errors at debug). An error that is not a
 * ConnectError becomes `internal` with no detail for the client (its message
 * could hold anything). List it first so it wraps auth.
 */
import { Code, ConnectError, type Interceptor } from '@connectrpc/connect';
import type { Logger } from './logger.js';
import type { Metrics } from './metrics.js';
import { acceptRequestId, REQUEST_ID_HEADER, withRequestId } from './request-context.js';

export interface ObservabilityInterceptorOptions {
  readonly metrics?: Metrics;
  readonly logger?: Logger;
}

const SERVER_FAULTS = new Set([Code.Internal, Code.Unknown, Code.DataLoss, Code.Unavailable, Code.DeadlineExceeded]);

/** `NotFound` -> `not_found`, as Connect writes codes on the wire. */
export function codeName(code: Code): string {
  return (Code[code] ?? 'unknown').replace(/([a-z])([A-Z])/g, '$1_$2').toLowerCase();
}

export function observabilityInterceptor(options: ObservabilityInterceptorOptions = {}): Interceptor {
  const { metrics, logger } = options;
  return (next) => (request) => {
    const requestId = acceptRequestId(request.header.get(REQUEST_ID_HEADER));
    const method = request.method.name;
    return withRequestId(requestId, async () => {
      const started = performance.now();
      const seconds = (): number => (performance.now() - started) / 1000;
      try {
        const response = await next(request);
        response.header.set(REQUEST_ID_HEADER, requestId);
        metrics?.requests.observe(method, 'ok', seconds());
        return response;
      } catch (error) {
        // An error that is not a ConnectError escaped the handler's own mapping: hide its text from the client.
        const connectError =
          error instanceof ConnectError ? error : new ConnectError(`internal error (request ${requestId})`, Code.Internal, undefined, undefined, error);
        const code = codeName(connectError.code);
        metrics?.requests.observe(method, code, seconds());
        if (SERVER_FAULTS.has(connectError.code)) logger?.error({ err: connectError.cause ?? connectError, method, code }, 'request failed');
        else logger?.debug({ method, code }, 'request refused');
        connectError.metadata.set(REQUEST_ID_HEADER, requestId);
        throw connectError;
      }
    });
  };
}
