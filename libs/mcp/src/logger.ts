/**
 * The logging surface the library needs, satisfied by a pino logger. Callers never pass a token,
 * an SDL or a prompt body in `fields`.
 */
export interface BridgeLogger {
  debug(fields: object, message: string): void;
  info(fields: object, message: string): void;
  warn(fields: object, message: string): void;
  error(fields: object, message: string): void;
}

/** A logger that drops everything (tests, embedding without logs). */
export const silentLogger: BridgeLogger = Object.freeze({
  debug: () => undefined,
  info: () => undefined,
  warn: () => undefined,
  error: () => undefined,
});
