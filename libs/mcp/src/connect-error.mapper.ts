/**
 * Translates whatever a discovery call threw into the ToolFailure the agent sees (WIRE.md §1
 * error codes to the situations of §2). Messages from the service are passed on only for
 * `invalid_argument`, where they say what was wrong with the request.
 */
import { Code, ConnectError } from '@connectrpc/connect';
import { ToolFailure, ToolFailureCode } from './mcp.errors.js';

export function toToolFailure(error: unknown): ToolFailure {
  if (error instanceof ToolFailure) return error;
  const connectError = ConnectError.from(error);
  switch (connectError.code) {
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
      return new ToolFailure(ToolFailureCode.Unreachable, undefined, { cause: error });
    case Code.DeadlineExceeded:
      return new ToolFailure(ToolFailureCode.Internal, 'The service did not answer in time', { cause: error });
    case Code.Canceled:
      return new ToolFailure(ToolFailureCode.Internal, 'The call was cancelled', { cause: error });
    default:
      return new ToolFailure(ToolFailureCode.Internal, undefined, { cause: error });
  }
}

/** Whether an error means the service could not be reached at all. */
export function isUnreachable(error: unknown): boolean {
  const code = ConnectError.from(error).code;
  return code === Code.Unavailable || code === Code.Aborted || code === Code.DeadlineExceeded;
}
