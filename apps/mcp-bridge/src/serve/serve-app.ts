/**
 * Starts `serve`: the ServeRuntime (discovery API, build and generation workers) and, on one
 * HTTP listener, the discovery API next to the MCP endpoint /mcp (when a schema is configured),
 * health and metrics. Leaves its address card for local clients (the CLI) when given the
 * environment, and says where the endpoint is and how to add it to a client.
 */
import { writeLocalServe, type Env, type LocalServeCard, type ServeConfig } from '@discovery/config';
import type { Logger } from '@discovery/observability';
import { resolve } from 'node:path';
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

export interface StartServeOptions {
  /** The environment naming the user's state folder: the card for local clients is written there. */
  cardEnv?: Env;
}

export async function startServe(config: ServeConfig, logger: Logger, options: StartServeOptions = {}): Promise<StartedServe> {
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
  let removeCard = () => undefined as void;
  let http: StartedHttpApp;
  try {
    if (options.cardEnv) removeCard = leaveCard(options.cardEnv, { url: discoveryUrl, token: serve.internalToken, pid: process.pid }, logger);
    http = await startHttpApp({
      runtime: bridge,
      metrics,
      mcp: config.bridge,
      http: config.bridge.http,
      logger,
      before: serve.discovery.handler,
      onShutdown: async () => {
        removeCard();
        await serve.stop();
      },
    });
  } catch (error) {
    removeCard();
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

/** Writes the card for local clients; a read-only home (a container) only costs the convenience. */
function leaveCard(env: Env, card: LocalServeCard, logger: Logger): () => void {
  try {
    return writeLocalServe(env, card);
  } catch (error) {
    logger.warn({ code: (error as NodeJS.ErrnoException).code }, 'cannot leave the address card for local clients (the CLI then needs DISCOVERY_URL and DISCOVERY_TOKEN)');
    return () => undefined;
  }
}

/** What `serve` prints once it listens: where things are and how to connect a client or the CLI. */
export function serveBanner(started: StartedServe, config: ServeConfig): string {
  const storage = config.redis.url ? 'Redis and BullMQ' : 'memory (nothing survives a restart; set REDIS_URL to keep indexes)';
  const token = config.auth.enabled
    ? 'bearer token required; the discovery CLI on this machine uses this serve\'s own'
    : 'DISCOVERY_AUTH=off: no token';
  const lines = [
    `Schema discovery is running in one process (storage: ${storage}).`,
    `  Discovery API (yoko.v1, Connect): ${started.discoveryUrl}  (${token})`,
  ];
  if (!started.bridge) {
    lines.push('  No schema given, so no MCP endpoint: restart with --schema <file> or --introspect <url>.');
    lines.push('', 'Try the API from another terminal:', '  npx discovery search path/to/schema.graphql "a topic"');
    return `${lines.join('\n')}\n`;
  }
  const url = started.http.mcpUrl;
  const auth = config.bridge.authTokenHashes.length > 0;
  const source = config.bridge.schemaSource;
  const target = source?.kind === 'file' ? shellQuote(resolve(source.path)) : 'indexes';
  lines.push(
    `  MCP endpoint (Streamable HTTP):    ${url}`,
    '',
    'Add it to an MCP client, for example:',
    `  Claude Code:  claude mcp add --transport http schema-discovery ${url}${auth ? ' --header "Authorization: Bearer <token>"' : ''}`,
    `  JSON config:  {"mcpServers": {"schema-discovery": {"type": "http", "url": "${url}"${auth ? ', "headers": {"Authorization": "Bearer <token>"}' : ''}}}}`,
    '',
    'Or search from another terminal once it is ready (no flags needed):',
    '  npx discovery indexes',
    ...(source?.kind === 'file' ? [`  npx discovery search ${target} "<a few words>"`] : []),
  );
  if (!config.llm.model) lines.push('', 'generate_query needs a model: set LLM_MODEL (and OPENAI_BASE_URL / OPENAI_API_KEY).');
  return `${lines.join('\n')}\n`;
}

/** A path as one shell word. */
function shellQuote(path: string): string {
  return /^[\w./@%+=:,-]+$/.test(path) ? path : `'${path.replace(/'/g, "'\\''")}'`;
}
