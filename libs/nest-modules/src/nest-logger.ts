/**
 * Nest's own log lines (module and route set-up, its errors) through the process's pino logger,
 * so that they are JSON and redacted like every other line; set-up chatter goes to `debug`.
 */
import type { LoggerService } from '@nestjs/common';
import type { Logger } from '@discovery/observability';

export class NestLogger implements LoggerService {
  constructor(private readonly logger: Logger) {}

  log(message: unknown, context?: unknown): void {
    this.logger.debug({ context }, String(message));
  }

  debug(message: unknown, context?: unknown): void {
    this.logger.debug({ context }, String(message));
  }

  verbose(message: unknown, context?: unknown): void {
    this.logger.trace({ context }, String(message));
  }

  warn(message: unknown, context?: unknown): void {
    this.logger.warn({ context }, String(message));
  }

  error(message: unknown, ...rest: unknown[]): void {
    this.logger.error({ detail: rest.filter((part) => typeof part === 'string') }, message instanceof Error ? message.message : String(message));
  }

  fatal(message: unknown, context?: unknown): void {
    this.logger.fatal({ context }, String(message));
  }
}
