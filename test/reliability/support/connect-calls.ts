/**
 * Small helpers shared by the reliability suite: the Connect code of a call,
 * the codes docs/wire.md §1 documents, raw HTTP calls that bypass the generated
 * client (malformed bodies, odd headers), and checks that an error text
 * leaks no stack trace and no secret.
 */
import { Code, ConnectError } from '@connectrpc/connect';

/** Every code a yoko.v1 answer may carry besides success (docs/wire.md §1, plus the service's own documented ones). */
export const DOCUMENTED_CODES = new Set<Code>([
  Code.InvalidArgument,
  Code.NotFound,
  Code.FailedPrecondition,
  Code.Unauthenticated,
  Code.PermissionDenied,
  Code.Unimplemented,
  Code.ResourceExhausted,
  Code.Unavailable,
  Code.DeadlineExceeded,
]);

/** Connect's wire names of the documented codes (the `code` field of a JSON error body). */
export const DOCUMENTED_CODE_NAMES = new Set([
  'invalid_argument',
  'not_found',
  'failed_precondition',
  'unauthenticated',
  'permission_denied',
  'unimplemented',
  'resource_exhausted',
  'unavailable',
  'deadline_exceeded',
]);

export interface CallOutcome {
  code: Code | 'ok';
  message: string;
}

/** Runs a call and reports its Connect code ('ok' on success) and raw message. */
export async function outcome(promise: Promise<unknown>): Promise<CallOutcome> {
  try {
    await promise;
    return { code: 'ok', message: '' };
  } catch (error) {
    const connect = ConnectError.from(error);
    return { code: connect.code, message: connect.rawMessage };
  }
}

export async function codeOf(promise: Promise<unknown>): Promise<Code | 'ok'> {
  return (await outcome(promise)).code;
}

/** A V8 stack frame, a file path of ours, or a Node internal: none may appear in an answer. */
const STACK_PATTERNS = [/\n\s+at /, /\bat [\w.<>]+ \(/, /\/(?:work|home|usr|app)\/[\w./-]+\.(?:js|ts)/, /node:internal/, /\.js:\d+:\d+/];

/** The reasons `text` must not be shown to a caller: a stack trace, or one of `secrets`. */
export function leaks(text: string, secrets: readonly string[]): string[] {
  const found: string[] = [];
  for (const pattern of STACK_PATTERNS) if (pattern.test(text)) found.push(`stack-like text ${pattern}`);
  for (const secret of secrets) if (secret.length >= 8 && text.includes(secret)) found.push('a secret');
  return found;
}

export interface RawAnswer {
  status: number;
  contentType: string;
  body: Buffer;
  /** The `code` of a Connect JSON error body, when there is one. */
  errorCode: string | undefined;
  errorMessage: string | undefined;
}

/** POSTs `body` to /yoko.v1.YokoService/<method> with the given headers; never throws on HTTP errors. */
export async function rawCall(baseUrl: string, method: string, body: Uint8Array | string, headers: Record<string, string>): Promise<RawAnswer> {
  const response = await fetch(`${baseUrl}/yoko.v1.YokoService/${method}`, {
    method: 'POST',
    headers,
    body: typeof body === 'string' ? body : Buffer.from(body),
    signal: AbortSignal.timeout(30_000),
  });
  const buffer = Buffer.from(await response.arrayBuffer());
  const contentType = response.headers.get('content-type') ?? '';
  let errorCode: string | undefined;
  let errorMessage: string | undefined;
  if (response.status !== 200 && contentType.includes('json')) {
    try {
      const parsed = JSON.parse(buffer.toString('utf8')) as { code?: unknown; message?: unknown };
      errorCode = typeof parsed.code === 'string' ? parsed.code : undefined;
      errorMessage = typeof parsed.message === 'string' ? parsed.message : undefined;
    } catch {
      errorCode = undefined; // a non-JSON error body: reported as undefined code
    }
  }
  return { status: response.status, contentType, body: buffer, errorCode, errorMessage };
}
