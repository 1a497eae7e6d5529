/**
 * Starts `serve`: the ServeRuntime (discovery API, build and generation workers) and, on one
 * HTTP listener, the discovery API next to the MCP endpoint /mcp (when a schema is configured),
 * health and metrics. Prints where the endpoint is and how to add it to a client.
 */
import type { ServeConfig } from '@discovery/config';
import type { Logger } from '@discovery/observability';
import { BridgeMetrics } from '../bridge-metrics.js';
import { BridgeRuntime } from '../bridge-runtime.js';
import { startHttpApp, type StartedHttpApp } from '../http-app.js';
import { ServeRuntime } from './serve-runtime.js';

export interface StartedServe {
  http: StartedHttpApp;
  serve: ServeRuntime;
  bridge: BridgeRuntime | undefined;
  /** Base URL of the discovery API (same listener). */
  discoveryUrl: string;
  close(): Promise<void>;
}

export async function startServe(config: ServeConfig, logger: Logger): Promise<StartedServe> {
  const { port, host } = config.bridge.http;
  if (port === 0) throw new Error('serve needs a fixed port (PORT or --port), not 0');
  const loopback = host === '0.0.0.0' || host === '::' ? '127.0.0.1' : host;
  const discoveryUrl = `http://${loopback.includes(':') ? `[${loopback}]` : loopback}:${port}`;
  const serve = await ServeRuntime.create(config, logger);
  await serve.start();
  const metrics = new BridgeMetrics();
  const source = config.bridge.schemaSource;
  const bridge = source
    ? new BridgeRuntime({
        discovery: { url: discoveryUrl, token: serve.internalToken },
        mcp: { ...config.bridge, schemaSource: source },
        logger,
        metrics,
      })
    : undefined;
  let http: StartedHttpApp;
  try {
    http = await startHttpApp({
      runtime: bridge,
      metrics,
      mcp: config.bridge,
      http: config.bridge.http,
      logger,
      before: serve.discovery.handler,
      onShutdown: () => serve.stop(),
    });
  } catch (error) {
    await serve.stop();
    throw error;
  }
  return {
    http,
    serve,
    bridge,
    discoveryUrl,
    close: () => http.close(),
  };
}

/** What `serve` prints once it listens: where things are and how to connect a client. */
export function serveBanner(started: StartedServe, config: ServeConfig): string {
  const storage = config.redis.url ? 'Redis and BullMQ' : 'memory (nothing survives a restart; set REDIS_URL to keep indexes)';
  const lines = [
    `Schema discovery is running in one process (storage: ${storage}).`,
    `  Discovery API (yoko.v1, Connect): ${started.discoveryUrl}`,
  ];
  if (!started.bridge) {
    lines.push('  No schema given, so no MCP endpoint: restart with --schema <file> or --introspect <url>.');
    return `${lines.join('\n')}\n`;
  }
  const url = started.http.mcpUrl;
  const auth = config.bridge.authTokenHashes.length > 0;
  lines.push(
    `  MCP endpoint (Streamable HTTP):    ${url}`,
    '',
    'Add it to an MCP client, for example:',
    `  Claude Code:  claude mcp add --transport http schema-discovery ${url}${auth ? ' --header "Authorization: Bearer <token>"' : ''}`,
    `  JSON config:  {"mcpServers": {"schema-discovery": {"type": "http", "url": "${url}"${auth ? ', "headers": {"Authorization": "Bearer <token>"}' : ''}}}}`,
  );
  if (!config.llm.model) lines.push('', 'generate_query needs a model: set LLM_MODEL (and OPENAI_BASE_URL / OPENAI_API_KEY).');
  return `${lines.join('\n')}\n`;
}
