/**
 * Exit codes of the discovery CLI (documented in `discovery --help` and
 * docs/deployment.md) and the error type commands throw to choose one.
 */
import { Code, ConnectError } from '@connectrpc/connect';
import { codeToString } from '@connectrpc/connect/protocol-connect';
import { ERROR_REASON_HEADER, isModelReason } from '@discovery/proto';

export enum ExitCode {
  Ok = 0,
  /** Unexpected failure, or a local file could not be written. */
  Error = 1,
  /** Bad command line or input (also the service's invalid_argument). */
  Usage = 2,
  /** The index (or what was asked for) does not exist: never built, deleted or evicted. */
  NotFound = 3,
  /** The service rejected the token: missing, unknown, expired or without permission. */
  Auth = 4,
  /** The service could not be reached or is unavailable. */
  Unavailable = 5,
  /** The index failed to build, or is not ready to serve. */
  IndexNotReady = 6,
  /** Waiting timed out (index build, or a call's deadline). */
  Timeout = 7,
  /** Generation answered with no operation (see the unsatisfied reasons). */
  NothingGenerated = 8,
  /** The service does not offer this call. */
  Unsupported = 9,
  /** `discovery operations`: a file is not a servable operation (does not parse, not valid, a subscription, unreadable). */
  InvalidOperations = 10,
  /** `discovery operations`: two operations share a name, or a tool name is taken. */
  OperationConflicts = 11,
  /** The service refused for one of its limits (`resource_exhausted`): too many calls of this tenant at once, or a request too large. */
  LimitReached = 12,
  /** The configuration is invalid (DISCOVERY_URL, DISCOVERY_TOKEN, DISCOVERY_TOKEN_FILE, --url): CONFIG_EXIT_CODE, as every process. */
  InvalidConfig = 78,
  /** Interrupted (Ctrl-C). */
  Interrupted = 130,
}

export const EXIT_CODE_HELP = `Exit codes:
  0  success
  1  unexpected error, or an output file could not be written
  2  bad command line or input (also the service's invalid_argument)
  3  not found: the index was never built, was deleted or evicted
  4  the service rejected the token (DISCOVERY_TOKEN)
  5  the service could not be reached
  6  the index failed to build or is not ready
  7  timed out waiting
  8  generation produced no operation (reasons are printed)
  9  not offered by the service (a call it does not serve)
 10  operations: a file is not a servable operation (syntax, schema, subscription)
 11  operations: a duplicate operation name or a tool name already taken
 12  a limit of the service was reached (too many calls at once: retry; or a request too large)
 78  the configuration is invalid (DISCOVERY_URL, DISCOVERY_TOKEN, DISCOVERY_TOKEN_FILE, --url)
130  interrupted`;

/** An error with the exit code it ends the command with and a message for people. */
export class CliError extends Error {
  constructor(
    readonly exitCode: ExitCode,
    message: string,
    /** Machine-readable code for --json output. */
    readonly code: string = ExitCode[exitCode].replace(/[A-Z]/g, (c, i: number) => (i ? '_' : '') + c.toLowerCase()),
  ) {
    super(message);
    this.name = 'CliError';
  }
}

const CONNECT_EXIT: Partial<Record<Code, ExitCode>> = {
  [Code.InvalidArgument]: ExitCode.Usage,
  [Code.NotFound]: ExitCode.NotFound,
  [Code.Unauthenticated]: ExitCode.Auth,
  [Code.PermissionDenied]: ExitCode.Auth,
  [Code.Unavailable]: ExitCode.Unavailable,
  [Code.FailedPrecondition]: ExitCode.IndexNotReady,
  [Code.DeadlineExceeded]: ExitCode.Timeout,
  [Code.Unimplemented]: ExitCode.Unsupported,
  [Code.Canceled]: ExitCode.Interrupted,
  [Code.ResourceExhausted]: ExitCode.LimitReached,
};

function connectMessage(error: ConnectError, url: string): string {
  // The service answered: its language model refused or failed, which is no reason to call the service unreachable.
  if (isModelReason(error.metadata.get(ERROR_REASON_HEADER))) return `the discovery service at ${url} answered, but ${modelSentence(error.rawMessage)}`;
  switch (error.code) {
    case Code.Unauthenticated:
    case Code.PermissionDenied:
      return `the discovery service at ${url} rejected the token (${error.rawMessage}); set DISCOVERY_TOKEN to a token it accepts (\`discovery token --tenant <name>\` makes one and the DISCOVERY_TOKENS entry the service needs; a local \`discovery serve\` is found without one)`;
    case Code.Unavailable:
      return `cannot reach the discovery service at ${url} (${error.rawMessage}); start one (\`discovery serve --schema <file>\`) or set DISCOVERY_URL`;
    case Code.DeadlineExceeded:
      return `no answer in time (${error.rawMessage}); raise --timeout`;
    case Code.NotFound:
      return `${error.rawMessage} (never built, deleted or evicted: index the schema again)`;
    default:
      return error.rawMessage;
  }
}

/** "Query generation failed: the model endpoint ... (HTTP 400)." as a clause: "its language model failed: ...". */
function modelSentence(message: string): string {
  const detail = message.replace(/^Query generation failed:\s*/, '').replace(/\.$/, '');
  return `its language model failed: ${detail}`;
}

/** Node network errors that mean the service cannot be reached. */
const UNREACHABLE = new Set(['ECONNREFUSED', 'ECONNRESET', 'ENOTFOUND', 'EAI_AGAIN', 'EHOSTUNREACH', 'ENETUNREACH', 'ETIMEDOUT', 'EPIPE']);

/** A ConnectError as is, with an unreachable-network cause classified as `unavailable` whatever code it was given. */
function classify(error: ConnectError): ConnectError {
  const cause = (error.cause as { code?: unknown } | undefined)?.code;
  if (error.code !== Code.Unavailable && typeof cause === 'string' && UNREACHABLE.has(cause)) {
    return new ConnectError(`${cause}`, Code.Unavailable, undefined, undefined, error);
  }
  return error;
}

/** The CliError for any failure: ConnectErrors by their code, anything else as unexpected. */
export function toCliError(failure: unknown, url: string): CliError {
  if (failure instanceof CliError) return failure;
  if (failure instanceof ConnectError) {
    const error = classify(failure);
    return new CliError(CONNECT_EXIT[error.code] ?? ExitCode.Error, connectMessage(error, url), codeToString(error.code));
  }
  return new CliError(ExitCode.Error, failure instanceof Error ? failure.message : String(failure));
}
