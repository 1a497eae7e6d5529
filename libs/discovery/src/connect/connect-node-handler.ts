/**
 * The Node request handler of the Connect API: connect-es's router and its
 * own Node request/response conversions (what `connectNodeAdapter` does),
 * with one correction. A request body that does not decode as the method's
 * binary message (truncated protobuf, invalid UTF-8 in a string field) is a
 * malformed request, `invalid_argument` with HTTP 400 in the Connect protocol;
 * connect-es reports it from inside its handler, before any interceptor, as
 * `internal` with HTTP 500 (reliability finding F1). This handler rewrites
 * exactly that answer and passes every other one through untouched.
 *
 * `preflight` runs on the headers alone, before a byte of the body is read
 * (issue 14, item 3): a call it refuses (no or a wrong token, a body larger
 * than its method needs) is answered at once and its body discarded unread,
 * so an anonymous caller cannot make the service read and decode megabytes.
 * Connect-protocol calls only (gRPC clients get the interceptor's answer).
 */
import type { IncomingMessage, ServerResponse } from 'node:http';
import { Code, ConnectError, createConnectRouter, type ConnectRouter, type ConnectRouterOptions, type ContextValues } from '@connectrpc/connect';
import type { UniversalHandler, UniversalServerRequest, UniversalServerResponse } from '@connectrpc/connect/protocol';
import { codeToHttpStatus as connectHttpStatus, codeToString } from '@connectrpc/connect/protocol-connect';
import { universalRequestFromNodeRequest, universalResponseToNodeResponse } from '@connectrpc/connect-node';

export interface ConnectNodeHandlerOptions extends ConnectRouterOptions {
  routes: (router: ConnectRouter) => void;
  /** Called when a handler fails outside the protocol (a bug or a broken connection). */
  onFailure?: (error: unknown, method: string) => void;
  /**
   * Checks a call from its headers before its body is read; a ConnectError refuses it. Context
   * values it returns are the call's (what it learnt, such as the authenticated principal, so the
   * interceptors need not work it out again).
   */
  preflight?: (req: IncomingMessage, method: UniversalHandler['method']) => Promise<ConnectError | ContextValues | undefined>;
  /**
   * The message for a body over `readMaxBytes` (connect-es says "message size is larger than
   * configured readMaxBytes N", which names no setting a user knows): the method's own words.
   */
  oversizedMessage?: (method: UniversalHandler['method']) => string;
  /**
   * The most body bytes a method may send, counted while the body is read, so a chunked body (no
   * Content-Length, which preflight cannot see) is held to the same cap (issue 23 finding 10).
   */
  maxBodyBytes?: (method: UniversalHandler['method']) => number;
}

export type NodeRequestHandler = (req: IncomingMessage, res: ServerResponse) => void;

/** The message connect-es gives a binary body it cannot parse (`createBinarySerialization`). */
const BINARY_PARSE_FAILURE = 'parse binary: ';

export function connectNodeHandler(options: ConnectNodeHandlerOptions): NodeRequestHandler {
  const router = createConnectRouter(options);
  options.routes(router);
  const handlers = new Map<string, UniversalHandler>();
  for (const handler of router.handlers) handlers.set(handler.requestPath, handler);
  return (req, res) => {
    const handler = handlers.get(req.url?.split('?', 2)[0] ?? '');
    if (!handler) {
      res.writeHead(404);
      res.end();
      return;
    }
    const preflight = options.preflight && isConnectProtocol(req) ? options.preflight(req, handler.method) : Promise.resolve(undefined);
    preflight
      .then((checked) => {
        if (checked instanceof ConnectError) return refuse(req, res, checked);
        return handler(capped(universalRequestFromNodeRequest(req, res, undefined, checked), req, handler.method, options))
          .then((response) => correctDecodeFailure(response, handler, options.oversizedMessage))
          .then((response) => universalResponseToNodeResponse(response, res));
      })
      .catch((error: unknown) => {
        if (ConnectError.from(error).code !== Code.Aborted) options.onFailure?.(error, handler.method.name);
      });
  };
}

/** The request with its body counted as it is read: past the method's cap it fails `resource_exhausted`. */
function capped(
  request: UniversalServerRequest,
  req: IncomingMessage,
  method: UniversalHandler['method'],
  options: ConnectNodeHandlerOptions,
): UniversalServerRequest {
  const limit = options.maxBodyBytes?.(method);
  const body = request.body;
  if (limit === undefined || body === null || typeof body !== 'object' || !(Symbol.asyncIterator in body)) return request;
  const message = options.oversizedMessage?.(method) ?? `the request body is larger than ${limit} bytes`;
  async function* counted(): AsyncIterable<Uint8Array> {
    let read = 0;
    for await (const chunk of body as AsyncIterable<Uint8Array>) {
      read += chunk.byteLength;
      if (read > limit!) {
        req.resume(); // the rest is discarded unread, never buffered
        throw new ConnectError(message, Code.ResourceExhausted);
      }
      yield chunk;
    }
  }
  return { ...request, body: counted() };
}

/** Connect unary (JSON or binary) and Connect GET; gRPC and gRPC-web carry `application/grpc…`. */
function isConnectProtocol(req: IncomingMessage): boolean {
  return !(req.headers['content-type'] ?? '').startsWith('application/grpc');
}

/** Answers a refused call with its Connect error and discards the body without buffering or decoding it. */
function refuse(req: IncomingMessage, res: ServerResponse, error: ConnectError): void {
  const body = JSON.stringify({ code: codeToString(error.code), message: error.rawMessage });
  res.writeHead(connectHttpStatus(error.code), { 'content-type': 'application/json', 'content-length': Buffer.byteLength(body) });
  res.end(body);
  req.resume();
}

/** The message connect-es gives a body over readMaxBytes (`readAllBytes`). */
const OVERSIZED = 'message size is larger than configured readMaxBytes';

/**
 * Turns connect-es's `internal` answer to an undecodable binary body into `invalid_argument`, and
 * its `resource_exhausted` answer to a body over readMaxBytes into one that names the setting.
 */
async function correctDecodeFailure(
  response: UniversalServerResponse,
  handler: UniversalHandler,
  oversizedMessage?: (method: UniversalHandler['method']) => string,
): Promise<UniversalServerResponse> {
  if ((response.status !== 500 && response.status !== 429) || response.body === undefined) return response;
  const chunks: Uint8Array[] = [];
  for await (const chunk of response.body) chunks.push(chunk);
  const bytes = Buffer.concat(chunks);
  const replay = { ...response, body: once(bytes) };
  let error: { code?: unknown; message?: unknown };
  try {
    error = JSON.parse(bytes.toString('utf8')) as typeof error;
  } catch {
    return replay;
  }
  if (typeof error.message !== 'string') return replay;
  if (error.code === 'resource_exhausted' && error.message.startsWith(OVERSIZED) && oversizedMessage) {
    return answer(response, 429, { code: 'resource_exhausted', message: oversizedMessage(handler.method) });
  }
  if (error.code !== 'internal' || !error.message.startsWith(BINARY_PARSE_FAILURE)) return replay;
  const reason = error.message.slice(BINARY_PARSE_FAILURE.length);
  return answer(response, 400, { code: 'invalid_argument', message: `the request body is not a valid ${handler.method.input.typeName} message: ${reason}` });
}

function answer(response: UniversalServerResponse, status: number, error: { code: string; message: string }): UniversalServerResponse {
  const body = Buffer.from(JSON.stringify(error));
  const header = new Headers(response.header);
  header.set('content-length', String(body.byteLength));
  return { ...response, status, header, body: once(body) };
}

async function* once(bytes: Uint8Array): AsyncIterable<Uint8Array> {
  yield bytes;
}
