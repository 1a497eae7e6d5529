/**
 * `serve`: indexer, generator and bridge in one process, each from its library assembly over one
 * set of shared parts (storage: Redis and BullMQ when REDIS_URL is set, otherwise memory and
 * in-process queues; one logger; one metrics registry), hosted by one ServiceHost on one HTTP
 * listener: the discovery API next to /mcp (when a schema is configured), /healthz, /readyz
 * (storage, model, index) and /metrics. The bridge reaches the indexer in memory (a Connect router
 * transport, no HTTP, no token), so PORT may be 0. Leaves its address card for local clients (the
 * CLI, with a token made at start when auth is on, never printed) when given the environment, and
 * says where the endpoint is and how to add it to a client.
 */
import { TOKEN_SCOPES, writeLocalServe, type Env, type LocalServeCard, type ServeConfig, type StaticTokenEntry } from '@discovery/config';
import { assembleIndexer, type IndexerAssembly } from '@discovery/discovery';
import { assembleGenerator, createGenerateQueue } from '@discovery/generation';
import { assembleBridge, mcpUrl, type BridgeAssembly } from '@discovery/mcp';
import type { Logger } from '@discovery/observability';
import { createServiceParts, ServiceHost, type ServiceParts } from '@discovery/service-host';
import { createHash, randomBytes } from 'node:crypto';
import { resolve } from 'node:path';

export interface ServeHost {
  parts: ServiceParts;
  host: ServiceHost;
  indexer: IndexerAssembly;
}

/**
 * Indexer and generator on shared parts, not started. The generation queue is made first, with
 * SHUTDOWN_GRACE, and handed to both (in memory the first request for a queue fixes its settings);
 * the generator reads through the indexer's reader. `apiTokens` are added to DISCOVERY_TOKENS;
 * `inProcessOnly`: the API gets no listener (stdio), so it needs no credentials.
 */
export async function hostDiscovery(
  config: ServeConfig,
  logger: Logger,
  options: { apiTokens?: StaticTokenEntry[]; inProcessOnly?: boolean } = {},
): Promise<ServeHost> {
  const parts = await createServiceParts({ service: 'serve', logLevel: config.logLevel, logger, redis: config.redis, embeddings: config.embeddings });
  const host = new ServiceHost(parts, { shutdownGraceMs: config.shutdownGraceMs });
  const queue = createGenerateQueue(parts, config.shutdownGraceMs);
  const auth = { ...config.auth, tokens: [...config.auth.tokens, ...(options.apiTokens ?? [])] };
  const indexer = assembleIndexer(parts, { ...config, auth }, { generateQueue: queue, ...(options.inProcessOnly ? { inProcessOnly: true } : {}) });
  const search = { cacheMaxBytes: config.index.cacheMaxBytes, vectorWeight: config.index.vectorWeight, vectorFloor: config.index.vectorFloor };
  const generator = assembleGenerator(parts, { ...config, search }, { queue, reader: indexer.runtime.reader });
  await host.add(indexer);
  await host.add(generator);
  return { parts, host, indexer };
}

export interface StartedServe {
  host: ServiceHost;
  bridge: BridgeAssembly | undefined;
  /** Base URL of the discovery API (same listener). */
  discoveryUrl: string;
  /** The MCP endpoint, when a schema is configured. */
  mcpUrl: string | undefined;
  close(): Promise<unknown>;
}

export interface StartServeOptions {
  /** The environment naming the user's state folder: the card for local clients is written there. */
  cardEnv?: Env;
}

export async function startServe(config: ServeConfig, logger: Logger, options: StartServeOptions = {}): Promise<StartedServe> {
  // The CLI on this machine finds serve by its card, with a token of its own when auth is on.
  const localToken = config.auth.enabled ? `sd_${randomBytes(32).toString('base64url')}` : undefined;
  const tokens: StaticTokenEntry[] = localToken
    ? [{ tenant: 'default', sha256: createHash('sha256').update(localToken).digest('hex'), scopes: [...TOKEN_SCOPES] }]
    : [];
  const { parts, host, indexer } = await hostDiscovery(config, logger, { apiTokens: tokens });
  try {
    await host.start();
    const { host: address } = config.bridge.http;
    const port = await host.listen(config.bridge.http);
    const loopback = address === '0.0.0.0' || address === '::' ? '127.0.0.1' : address;
    const discoveryUrl = `http://${loopback.includes(':') ? `[${loopback}]` : loopback}:${port}`;
    if (options.cardEnv) {
      const removeCard = leaveCard(options.cardEnv, { url: discoveryUrl, token: localToken, pid: process.pid }, logger);
      await host.add({ name: 'address card', stop: async () => removeCard() });
    }
    const source = config.bridge.schemaSource;
    const bridge = source
      ? assembleBridge(
          parts,
          { mcp: { ...config.bridge, schemaSource: source }, http: config.bridge.http },
          { transport: indexer.runtime.inProcessTransport(), serviceUrl: discoveryUrl },
          () => host.port,
        )
      : undefined;
    if (bridge) await host.add(bridge);
    return {
      host,
      bridge,
      discoveryUrl,
      mcpUrl: bridge ? mcpUrl(address, port) : undefined,
      close: () => host.close(),
    };
  } catch (error) {
    await host.close();
    throw error;
  }
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
  const url = started.mcpUrl ?? '';
  const auth = config.bridge.authTokenHashes.length > 0;
  const source = config.bridge.schemaSource;
  const target = source?.kind === 'file' ? shellQuote(resolve(source.path)) : 'indexes';
  const operations = config.bridge.operations?.dir;
  const endpoint = config.bridge.graphqlEndpoint ?? (source?.kind === 'introspection' ? source.url : undefined);
  lines.push(
    `  MCP endpoint (Streamable HTTP):    ${url}`,
    ...(operations ? [`  Operation tools:                  every .graphql file in ${shellQuote(resolve(operations))} (watched), run against ${endpoint ?? 'GRAPHQL_ENDPOINT'}`] : []),
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
