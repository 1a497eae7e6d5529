/**
 * How every process boots through Nest: `createHttpService` (NestFactory.create on Express with
 * no body parser, as the Connect and MCP handlers read their own bodies; no `x-powered-by`; an
 * unknown path answers 404 `{"error":"not found"}` as before) and `createServiceContext`
 * (createApplicationContext: no listener and no storage, for the bridge alone on stdio). Nest's own lines go through
 * the process's logger; a failure to start is thrown, never an abort.
 */
import {
  Catch,
  NotFoundException,
  type ArgumentsHost,
  type DynamicModule,
  type ExceptionFilter,
  type INestApplication,
  type INestApplicationContext,
} from '@nestjs/common';
import { NestFactory } from '@nestjs/core';
import type { CustomTransportStrategy } from '@nestjs/microservices';
import { ExpressAdapter } from '@nestjs/platform-express';
import type { Logger } from '@discovery/observability';
import type { Server, ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { NestEventBus } from './events/nest-event.bus.js';
import { NestLogger } from './nest-logger.js';
import { EVENTS_SERVER } from './tokens.js';

@Catch(NotFoundException)
class NotFoundFilter implements ExceptionFilter {
  catch(_error: NotFoundException, host: ArgumentsHost): void {
    const response = host.switchToHttp().getResponse<ServerResponse>();
    if (response.headersSent) return;
    response.writeHead(404, { 'content-type': 'application/json; charset=utf-8' });
    response.end(JSON.stringify({ error: 'not found' }));
  }
}

/**
 * The application of `root`; when it has storage, its index events' transport is connected as a
 * microservice and started before the components start (their subscriptions resolve once it
 * listens). Call `listen` or, with no listener (stdio), `init`.
 */
export async function createHttpService(root: DynamicModule, logger: Logger): Promise<INestApplication> {
  const adapter = new ExpressAdapter();
  adapter.getInstance().disable('x-powered-by');
  const app = await NestFactory.create(root, adapter, { logger: new NestLogger(logger), bodyParser: false, abortOnError: false });
  app.useGlobalFilters(new NotFoundFilter());
  const events = optional<CustomTransportStrategy>(app, EVENTS_SERVER);
  if (events) {
    app.connectMicroservice({ strategy: events }, { inheritAppConfig: true });
    await app.startAllMicroservices();
    app.get(NestEventBus).markListening();
  }
  return app;
}

function optional<T>(app: INestApplication, token: symbol): T | undefined {
  try {
    return app.get<T>(token, { strict: false });
  } catch {
    return undefined;
  }
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
