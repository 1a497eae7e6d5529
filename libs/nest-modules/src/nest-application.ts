/**
 * How every process boots through Nest: `createHttpService` (NestFactory.create on Express with
 * no body parser, as the Connect and MCP handlers read their own bodies; no `x-powered-by`; an
 * unknown path answers 404 `{"error":"not found"}` as before) and `createServiceContext`
 * (createApplicationContext: no listener, for the bridge on stdio). Nest's own lines go through
 * the process's logger; a failure to start is thrown, never an abort.
 */
import { Catch, NotFoundException, type ArgumentsHost, type DynamicModule, type ExceptionFilter, type INestApplication, type INestApplicationContext } from '@nestjs/common';
import { NestFactory } from '@nestjs/core';
import { ExpressAdapter } from '@nestjs/platform-express';
import type { Logger } from '@discovery/observability';
import type { Server, ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { NestLogger } from './nest-logger.js';

@Catch(NotFoundException)
class NotFoundFilter implements ExceptionFilter {
  catch(_error: NotFoundException, host: ArgumentsHost): void {
    const response = host.switchToHttp().getResponse<ServerResponse>();
    if (response.headersSent) return;
    response.writeHead(404, { 'content-type': 'application/json; charset=utf-8' });
    response.end(JSON.stringify({ error: 'not found' }));
  }
}

export async function createHttpService(root: DynamicModule, logger: Logger): Promise<INestApplication> {
  const adapter = new ExpressAdapter();
  adapter.getInstance().disable('x-powered-by');
  const app = await NestFactory.create(root, adapter, { logger: new NestLogger(logger), bodyParser: false, abortOnError: false });
  app.useGlobalFilters(new NotFoundFilter());
  return app;
}

export async function createServiceContext(root: DynamicModule, logger: Logger): Promise<INestApplicationContext> {
  return NestFactory.createApplicationContext(root, { logger: new NestLogger(logger), abortOnError: false });
}

/** Listens on `host:port` (0 picks a free port); returns the bound port. */
export async function listen(app: INestApplication, options: { port: number; host: string }): Promise<number> {
  await app.listen(options.port, options.host);
  return boundPort(app);
}

export function boundPort(app: INestApplication): number {
  return ((app.getHttpServer() as Server).address() as AddressInfo | null)?.port ?? 0;
}

/** Closes once: later calls wait for the first (Nest would run the hooks again once a close settled). */
export function closeOnce(app: INestApplicationContext): () => Promise<void> {
  let closing: Promise<void> | undefined;
  return () => (closing ??= app.close());
}
