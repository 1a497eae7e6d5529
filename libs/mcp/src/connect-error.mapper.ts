/**
 * Translates whatever a discovery call threw into the ToolFailure the agent sees (docs/wire.md §1
 * error codes to the situations of §2). Messages from the service are passed on only for
 * `invalid_argument`, where they say what was wrong with the request.
 */
import { Code, ConnectError } from '@connectrpc/connect';
import { ERROR_REASON_HEADER, MODEL_REASONS, NO_GENERATOR_WORKER, STORE_UNAVAILABLE, isModelReason, type ModelReason } from '@discovery/proto';
import { ToolFailure, ToolFailureCode } from './mcp.errors.js';

const NETWORK_ERRORS = new Set([
  'ECONNREFUSED',
  'ECONNRESET',
  'EHOSTUNREACH',
  'ENETUNREACH',
  'ENOTFOUND',
  'EAI_AGAIN',
  'ETIMEDOUT',
  'EPIPE',
  'UND_ERR_SOCKET',
  'UND_ERR_CONNECT_TIMEOUT',
]);

/**
 * The Connect code of an error. A network failure is `unavailable` even where the transport
 * could not classify it (it walks `cause` by shape, so errors from another realm count too).
 */
export function connectCodeOf(error: unknown): Code {
  const code = ConnectError.from(error).code;
  if (code !== Code.Internal && code !== Code.Unknown) return code;
  let reason: unknown = error;
  for (let depth = 0; depth < 8 && typeof reason === 'object' && reason !== null; depth++) {
    const { code: errno, cause } = reason as { code?: unknown; cause?: unknown };
    if (typeof errno === 'string' && NETWORK_ERRORS.has(errno)) return Code.Unavailable;
    reason = cause;
  }
  return code;
}

/**
 * The fixed text and our own sentence for a failure of the service's language model
 * (docs/models.md): "unreachable" only when it could not be reached; what the operator must fix is
 * "not configured correctly"; the rest is a failure worth retrying.
 */
const MODEL_FAILURES: Readonly<Record<ModelReason, [ToolFailureCode, string]>> = {
  [MODEL_REASONS.unreachable]: [ToolFailureCode.Unreachable, 'Its language model endpoint cannot be reached or did not answer in time'],
  [MODEL_REASONS.failing]: [ToolFailureCode.Internal, "The service's language model endpoint is failing"],
  [MODEL_REASONS.rateLimited]: [ToolFailureCode.Internal, "The service's language model endpoint is rate limiting it"],
  [MODEL_REASONS.refused]: [ToolFailureCode.Internal, "The service's language model endpoint refused the request"],
  [MODEL_REASONS.contextTooLong]: [ToolFailureCode.Misconfigured, "The request does not fit the context window of the service's language model"],
  [MODEL_REASONS.unknownModel]: [ToolFailureCode.Misconfigured, "The service's language model endpoint does not know the configured model"],
  [MODEL_REASONS.unauthorized]: [ToolFailureCode.Misconfigured, "The service's language model endpoint rejected its API key"],
  [MODEL_REASONS.noToolSupport]: [ToolFailureCode.Misconfigured, "The service's language model cannot answer in the form generation needs"],
};

export function toToolFailure(error: unknown): ToolFailure {
  if (error instanceof ToolFailure) return error;
  const connectError = ConnectError.from(error);
  const reason = connectError.metadata.get(ERROR_REASON_HEADER);
  if (isModelReason(reason)) {
    const [code, detail] = MODEL_FAILURES[reason];
    return new ToolFailure(code, detail, { cause: error });
  }
  switch (connectCodeOf(error)) {
    case Code.NotFound:
      return new ToolFailure(ToolFailureCode.Expired, undefined, { cause: error });
    case Code.FailedPrecondition:
      return new ToolFailure(ToolFailureCode.NotReady, undefined, { cause: error });
    case Code.Unauthenticated:
    case Code.PermissionDenied:
      return new ToolFailure(ToolFailureCode.Misconfigured, undefined, { cause: error });
    case Code.InvalidArgument:
      return new ToolFailure(ToolFailureCode.InvalidRequest, connectError.rawMessage, { cause: error });
    case Code.Unavailable:
    case Code.Aborted:
      return new ToolFailure(ToolFailureCode.Unreachable, unreachableDetail(error), { cause: error });
    case Code.DeadlineExceeded:
      return new ToolFailure(ToolFailureCode.Unreachable, 'The service did not answer in time', { cause: error });
    case Code.Unimplemented:
      return new ToolFailure(ToolFailureCode.Misconfigured, 'The discovery service does not offer this call', { cause: error });
    case Code.Canceled:
      return new ToolFailure(ToolFailureCode.Internal, 'The call was cancelled', { cause: error });
    default:
      return new ToolFailure(ToolFailureCode.Internal, undefined, { cause: error });
  }
}

/**
 * Which part is down, in our own sentence, from the reason the service gave (never its message,
 * which is not ours to show): the generator, or the service's Redis. Undefined when the service
 * gave none: then the service itself could not be reached (the caller names its URL, triedText).
 * The one place these sentences live (the model endpoint's are the generator's own).
 */
export function unreachableDetail(error: unknown): string | undefined {
  const reason = ConnectError.from(error).metadata.get(ERROR_REASON_HEADER);
  if (reason === NO_GENERATOR_WORKER) return 'No generator worker is running for it, so the operator must start the generator service';
  if (reason === STORE_UNAVAILABLE) return 'The discovery service runs but its Redis does not answer, so the operator must bring Redis back';
  return undefined;
}

/** Whether an error means the service could not be reached at all. */
export function isUnreachable(error: unknown): boolean {
  const code = connectCodeOf(error);
  return code === Code.Unavailable || code === Code.Aborted || code === Code.DeadlineExceeded;
}
