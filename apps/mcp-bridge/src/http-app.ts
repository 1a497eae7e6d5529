/**
 * Creates the bridge's NestJS HTTP app (MCP over Streamable HTTP on /mcp, health, metrics).
 * /mcp accepts only the Host headers of MCP_ALLOWED_HOSTS (default: the loopback names and HOST
 * itself at PORT) and no foreign Origin, whatever interface it listens on (DNS rebinding protection).
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
  mcp: Pick<McpConfig, 'sessions' | 'authTokenHashes' | 'allowedHosts' | 'allowedOrigins'>;
  http: HttpListenConfig;
  logger: BridgeLogger;
  /** A Node handler tried before the app's routes (the discovery API in `serve`); calls next() otherwise. */
  before?: (req: IncomingMessage, res: ServerResponse, next: () => void) => void;
  /** Runs last on shutdown, after sessions and the bridge are closed (`serve` stops its workers). */
  onShutdown?: () => Promise<void>;
}

/** Interfaces that stand for every address: not a name a client puts in Host. */
const WILDCARD = new Set(['0.0.0.0', '::', '[::]']);

/** Host headers /mcp accepts by default: the loopback names and a specific HOST, at `port`. */
function defaultAllowedHosts(host: string, port: number): string[] {
  const names = ['127.0.0.1', 'localhost', '[::1]'];
  if (!WILDCARD.has(host)) names.push(host.includes(':') && !host.startsWith('[') ? `[${host}]` : host);
  return [...new Set(names.map((name) => `${name.toLowerCase()}:${port}`))];
}

export interface StartedHttpApp {
  app: NestExpressApplication;
  /** e.g. `http://127.0.0.1:4200/mcp`. */
  mcpUrl: string;
  close(): Promise<void>;
}

export async function startHttpApp(options: HttpAppOptions): Promise<StartedHttpApp> {
  let port = options.http.port;
  const runtime = options.runtime;
  const configuredHosts = options.mcp.allowedHosts;
  const mcp = runtime
    ? new McpHttpService({
        sessions: options.mcp.sessions,
        authTokenHashes: options.mcp.authTokenHashes,
        allowedHosts: () => configuredHosts ?? defaultAllowedHosts(options.http.host, port),
        ...(options.mcp.allowedOrigins ? { allowedOrigins: options.mcp.allowedOrigins } : {}),
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
