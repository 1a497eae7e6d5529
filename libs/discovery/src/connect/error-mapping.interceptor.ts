/**
 * Translates errors once, at the edge: domain and storage errors become
 * Connect codes the router acts on (docs/wire.md §1); anything unexpected is
 * logged with its stack and answered as `internal` without details.
 */
import { Code, ConnectError, type Interceptor } from '@connectrpc/connect';
import { GenerationError, type GenerationErrorCode } from '@discovery/generation/contract';
import { ERROR_REASON_HEADER, STORE_UNAVAILABLE } from '@discovery/proto';
import { JobTimeoutError, StorageError, StorageErrorCode } from '@discovery/storage';
import { DiscoveryError, DiscoveryErrorCode } from '../discovery.errors.js';
import { type Log, silentLog } from '../ports.js';

const CODES: Record<DiscoveryErrorCode, Code> = {
  [DiscoveryErrorCode.InvalidArgument]: Code.InvalidArgument,
  [DiscoveryErrorCode.NotFound]: Code.NotFound,
  [DiscoveryErrorCode.FailedPrecondition]: Code.FailedPrecondition,
  [DiscoveryErrorCode.Unimplemented]: Code.Unimplemented,
  [DiscoveryErrorCode.Unavailable]: Code.Unavailable,
  [DiscoveryErrorCode.ResourceExhausted]: Code.ResourceExhausted,
  [DiscoveryErrorCode.DeadlineExceeded]: Code.DeadlineExceeded,
};

const GENERATION_CODES: Record<GenerationErrorCode, Code> = {
  invalid_argument: Code.InvalidArgument,
  not_found: Code.NotFound,
  failed_precondition: Code.FailedPrecondition,
  unimplemented: Code.Unimplemented,
  deadline_exceeded: Code.DeadlineExceeded,
  unavailable: Code.Unavailable,
  resource_exhausted: Code.ResourceExhausted,
  internal: Code.Internal,
};

export function toConnectError(error: unknown, log: Log = silentLog, method = ''): ConnectError {
  if (error instanceof ConnectError) return error;
  if (error instanceof DiscoveryError) return new ConnectError(error.message, CODES[error.code]);
  if (error instanceof GenerationError) {
    // A model refusal carries its reason: an operator's matter, logged without a stack.
    if (error.code === 'internal' && !error.reason) log.error({ method, err: error }, 'generation failed');
    else if (error.reason) log.warn({ method, reason: error.reason, message: error.message }, 'generation failed');
    const metadata = error.reason ? new Headers({ [ERROR_REASON_HEADER]: error.reason }) : undefined;
    return new ConnectError(error.message, GENERATION_CODES[error.code], metadata);
  }
  if (error instanceof JobTimeoutError) {
    return new ConnectError('the operation did not finish within its time budget', Code.DeadlineExceeded);
  }
  if (error instanceof StorageError) return storageToConnect(error, log, method);
  log.error({ method, err: error }, 'unexpected error');
  return new ConnectError('internal error', Code.Internal);
}

export function errorMappingInterceptor(log: Log = silentLog): Interceptor {
  return (next) => async (req) => {
    try {
      return await next(req);
    } catch (error) {
      throw toConnectError(error, log, req.method.name);
    }
  };
}

function storageToConnect(error: StorageError, log: Log, method: string): ConnectError {
  log.warn({ method, code: error.code, reason: error.message }, 'storage error');
  switch (error.code) {
    case StorageErrorCode.OutOfMemory:
      return new ConnectError('the index store is out of memory and refuses new indexes; existing indexes keep serving', Code.ResourceExhausted);
    case StorageErrorCode.Unavailable:
    case StorageErrorCode.Closed:
      // The reason tells clients that this service runs and its Redis does not (the text names the part that is down).
      return new ConnectError(
        'the index store (Redis) is unavailable; try again shortly',
        Code.Unavailable,
        new Headers({ [ERROR_REASON_HEADER]: STORE_UNAVAILABLE }),
      );
    default:
      return new ConnectError('internal error in the index store', Code.Internal);
  }
}
