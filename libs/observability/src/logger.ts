/**
 * createLogger: a pino JSON logger for one service. Every line carries the
 * service name and, inside withRequestId(), the request id; everything written
 * (fields, child bindings, messages, errors) passes through redaction first,
 * so a token or an Authorization header never reaches the output.
 */
import { pino, type DestinationStream, type Logger, type LoggerOptions } from 'pino';
import { redact, redactFields, redactText } from './redaction.js';
import { currentRequestId } from './request-context.js';

export type { Logger } from 'pino';

export type LogLevelName = 'fatal' | 'error' | 'warn' | 'info' | 'debug' | 'trace' | 'silent';

export interface LoggerCreateOptions {
  /** `indexer`, `generator`, `bridge`, `serve`, `cli`... */
  readonly service: string;
  readonly level?: LogLevelName;
  /** Where lines go; default stdout. Tests pass a stream to read them. */
  readonly destination?: DestinationStream;
  /** Extra fields on every line (redacted like the rest). */
  readonly base?: Record<string, unknown>;
}

function sanitizeArgs(args: unknown[]): unknown[] {
  return args.map((arg) => (typeof arg === 'string' ? redactText(arg) : arg));
}

export function createLogger(options: LoggerCreateOptions): Logger {
  const pinoOptions: LoggerOptions = {
    level: options.level ?? 'info',
    base: { service: options.service, ...options.base },
    timestamp: pino.stdTimeFunctions.isoTime,
    formatters: {
      level: (label) => ({ level: label }),
      bindings: (bindings) => redactFields(bindings),
      log: (fields) => redactFields(fields),
    },
    // Errors are redacted into plain objects by the log formatter; keep them as they are.
    serializers: { err: (value: unknown) => redact(value) },
    mixin: () => {
      const requestId = currentRequestId();
      return requestId === undefined ? {} : { requestId };
    },
    hooks: {
      logMethod(args, method) {
        method.apply(this, sanitizeArgs(args) as Parameters<typeof method>);
      },
    },
  };
  const logger = options.destination === undefined ? pino(pinoOptions) : pino(pinoOptions, options.destination);
  // pino passes a child's bindings through no formatter; redact them before they are stored.
  // Children inherit this `child` through their prototype, so grandchildren are covered too.
  const child = logger.child;
  const redactingChild = function (this: Logger, bindings: Record<string, unknown>, childOptions?: Parameters<Logger['child']>[1]) {
    return child.call(this, redactFields(bindings), childOptions);
  } as Logger['child'];
  logger.child = redactingChild;
  return logger;
}

/** A child logger bound to the current request id (for code that hands loggers around). */
export function requestLogger(logger: Logger, requestId: string | undefined = currentRequestId()): Logger {
  return requestId === undefined ? logger : logger.child({ requestId });
}

/** The part of pino's destination (SonicBoom) that says whether lines are still being written. */
interface PendingStream {
  flushSync?: () => void;
  _writing?: boolean;
  _len?: number;
}

/**
 * Resolves once the lines `logger` has logged are written out (pino writes stdout asynchronously),
 * within `timeoutMs`: call before a process ends itself (a re-raised SIGTERM), or the last lines
 * ("<service> stopped") may be lost.
 */
export async function flushLogs(logger: Logger, timeoutMs = 1000): Promise<void> {
  const stream = (logger as unknown as Record<symbol, PendingStream | undefined>)[pino.symbols.streamSym];
  if (!stream) return;
  const deadline = Date.now() + timeoutMs;
  while ((stream._writing || (stream._len ?? 0) > 0) && Date.now() < deadline) {
    await new Promise((resolve) => setTimeout(resolve, 5));
  }
  try {
    stream.flushSync?.();
  } catch {
    // Not ready or already closed: nothing more can be written.
  }
}
