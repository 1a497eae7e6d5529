/**
 * Creates the bridge's NestJS HTTP app (MCP over Streamable HTTP on /mcp, health, metrics).
 * Loopback listeners only accept loopback Host headers (DNS rebinding protection).
 */
import type { HttpListenConfig, McpConfig } from '@discovery/config';
import type { BridgeLogger } from '@discovery/mcp';
import { NestFactory } from '@nestjs/core';
import type { NestExpressApplication } from '@nestjs/platform-express';
import type { IncomingMessage, ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { BridgeHttpModule } from './app.module.js';
import { BridgeMetrics } from './bridge-metrics.js';
import type { BridgeRuntime } from './bridge-runtime.js';
import { McpHttpService } from './mcp/mcp-http.service.js';

export interface HttpAppOptions {
  /** The bridge; absent in `serve` without a schema (no MCP endpoint then). */
  runtime: BridgeRuntime | undefined;
  metrics: BridgeMetrics;
  mcp: Pick<McpConfig, 'sessions' | 'authTokenHashes'>;
  http: HttpListenConfig;
  logger: BridgeLogger;
  /** A Node handler tried before the app's routes (the discovery API in `serve`); calls next() otherwise. */
  before?: (req: IncomingMessage, res: ServerResponse, next: () => void) => void;
  /** Runs last on shutdown, after sessions and the bridge are closed (`serve` stops its workers). */
  onShutdown?: () => Promise<void>;
}

const LOOPBACK = new Set(['127.0.0.1', 'localhost', '::1']);

export interface StartedHttpApp {
  app: NestExpressApplication;
  /** e.g. `http://127.0.0.1:4200/mcp`. */
  mcpUrl: string;
  close(): Promise<void>;
}

export async function startHttpApp(options: HttpAppOptions): Promise<StartedHttpApp> {
  let port = options.http.port;
  const loopback = LOOPBACK.has(options.http.host);
  const runtime = options.runtime;
  const mcp = runtime
    ? new McpHttpService({
        sessions: options.mcp.sessions,
        authTokenHashes: options.mcp.authTokenHashes,
        allowedHosts: () => (loopback ? [`127.0.0.1:${port}`, `localhost:${port}`, `[::1]:${port}`] : undefined),
        server: () => runtime.serverOptions(),
        logger: options.logger,
      })
    : undefined;
  const app = await NestFactory.create<NestExpressApplication>(
    BridgeHttpModule.forRoot({ runtime, metrics: options.metrics, mcp, ...(options.onShutdown ? { onShutdown: options.onShutdown } : {}) }),
    { logger: false, bodyParser: false },
  );
  if (options.before) app.use(options.before);
  app.useBodyParser('json', { limit: '4mb' });
  app.enableShutdownHooks();
  await app.listen(options.http.port, options.http.host);
  port = (app.getHttpServer().address() as AddressInfo).port;
  // Indexing starts once the server listens (in `serve` the discovery API is on this port).
  await runtime?.start();
  const host = options.http.host.includes(':') ? `[${options.http.host}]` : options.http.host;
  return { app, mcpUrl: `http://${host}:${port}/mcp`, close: () => app.close() };
}
