/**
 * The MCP bridge, assembled from a process's shared parts (logger, the one metrics registry):
 * the bridge runtime (schema source, index sync, Connect clients) over a connection to the
 * discovery API (HTTP with the service token, or in process in `serve`), its MCP endpoint on
 * /mcp (Streamable HTTP; Host and Origin checked against MCP_ALLOWED_HOSTS/ORIGINS, client
 * tokens against MCP_AUTH_TOKENS, or OAuth 2.1 access tokens with MCP_OAUTH_ISSUER and the RFC 9728
 * metadata beside it), its metrics and its readiness (a servable index adopted, the discovery API
 * reachable), as a component for its Nest module (libs/nest-modules). The bridge app hosts it
 * alone; `serve` next to the indexer.
 */
import { Code, ConnectError } from '@connectrpc/connect';
import type { HttpListenConfig, McpConfig, SchemaSource as SchemaSourceConfig } from '@discovery/config';
import type { ProcessParts, ServiceComponent } from '@discovery/service-parts';
import type { BridgeLogger } from '../logger.js';
import { BridgeMetrics } from './bridge-metrics.js';
import { BridgeRuntime, type DiscoveryConnection } from './bridge-runtime.js';
import { McpHttpService, readJsonBody } from './mcp-http.service.js';
import { McpAuthorization } from '../oauth/mcp-authorization.js';

export const MCP_PATH = '/mcp';

export interface BridgeAssemblyConfig {
  mcp: McpConfig & { schemaSource: SchemaSourceConfig };
  /** Where the host listens (the default allowed Host headers name it). */
  http: HttpListenConfig;
  /** Tool calls wait for the first build instead of answering "still building" (stdio, where the client just started us). */
  waitForFirstIndex?: boolean;
}

export interface BridgeAssembly extends ServiceComponent {
  readonly runtime: BridgeRuntime;
  readonly mcp: McpHttpService;
}

/** Interfaces that stand for every address: not a name a client puts in Host. */
const WILDCARD = new Set(['0.0.0.0', '::', '[::]']);

/** Host headers /mcp accepts by default: the loopback names and a specific HOST, at `port`. */
export function defaultAllowedHosts(host: string, port: number): string[] {
  const names = ['127.0.0.1', 'localhost', '[::1]'];
  if (!WILDCARD.has(host)) names.push(host.includes(':') && !host.startsWith('[') ? `[${host}]` : host);
  return [...new Set(names.map((name) => `${name.toLowerCase()}:${port}`))];
}

/** The MCP endpoint's URL for a listener, e.g. `http://127.0.0.1:4200/mcp`. */
export function mcpUrl(host: string, port: number): string {
  return `http://${host.includes(':') ? `[${host}]` : host}:${port}${MCP_PATH}`;
}

export function assembleBridge(
  parts: Pick<ProcessParts, 'metrics'> & { logger: BridgeLogger },
  config: BridgeAssemblyConfig,
  connection: DiscoveryConnection,
  /** The port the host listens on (known once it listens; port 0 picks one). */
  port: () => number,
): BridgeAssembly {
  const metrics = new BridgeMetrics();
  parts.metrics.adopt(metrics.registry);
  const runtime = new BridgeRuntime({
    discovery: connection,
    mcp: config.mcp,
    logger: parts.logger,
    metrics,
    ...(config.waitForFirstIndex ? { waitForFirstIndex: true } : {}),
  });
  const configuredHosts = config.mcp.allowedHosts;
  const oauth = config.mcp.oauth;
  const authorization = oauth ? new McpAuthorization({ oauth, staticTokenHashes: config.mcp.authTokenHashes, logger: parts.logger }) : undefined;
  const mcp = new McpHttpService({
    sessions: config.mcp.sessions,
    authTokenHashes: config.mcp.authTokenHashes,
    allowedHosts: () => configuredHosts ?? defaultAllowedHosts(config.http.host, port()),
    ...(config.mcp.allowedOrigins ? { allowedOrigins: config.mcp.allowedOrigins } : {}),
    server: () => runtime.serverOptions(),
    logger: parts.logger,
    ...(authorization ? { authorization } : {}),
  });
  return {
    name: 'bridge',
    runtime,
    mcp,
    checks: { index: () => runtime.sync.status().servingIndexId !== undefined, discovery: () => discoveryReachable(runtime) },
    details: () => ({ phase: runtime.sync.status().phase }),
    handler: (req, res, next) => {
      const path = new URL(req.url ?? '/', 'http://localhost').pathname;
      // RFC 9728 metadata is public: clients read it to learn where to get a token.
      if (authorization?.isMetadataPath(path)) return authorization.serveMetadata(req, res);
      if (path !== MCP_PATH) return next();
      void readJsonBody(req, res)
        .then((ok) => (ok ? mcp.handle(req, res) : undefined))
        .catch((error: unknown) => {
          parts.logger.error({ err: error }, 'MCP request failed');
          if (!res.headersSent) res.writeHead(500).end();
        });
    },
    // Indexing starts in the background; nothing waits for the discovery service.
    start: () => runtime.start(),
    async stop() {
      await mcp.close();
      await runtime.stop();
    },
  };
}

/** An address nobody ensured: GetIndex of it is a cheap `not_found` from a service that answers. */
const NO_INDEX = `sha256:${'0'.repeat(64)}`;
/**
 * Codes only a service that answers gives: anything else (connect-es reports a refused or reset
 * connection as `internal` or `unavailable`, a silent one as `deadline_exceeded`) is unreachable.
 */
const ANSWERED = new Set([Code.NotFound, Code.Unauthenticated, Code.PermissionDenied, Code.InvalidArgument, Code.FailedPrecondition, Code.ResourceExhausted]);

/**
 * Readiness of the discovery API behind the bridge (issue 23): one GetIndex, any answer of the
 * service counts (not_found included); a connection that fails turns /readyz red. The text is fixed:
 * /readyz needs no token, so no internal message goes out.
 */
async function discoveryReachable(runtime: BridgeRuntime): Promise<void> {
  const indexId = runtime.sync.status().servingIndexId ?? NO_INDEX;
  try {
    await runtime.client.getIndex({ indexId }, { timeoutMs: 1_500 });
  } catch (error) {
    if (!ANSWERED.has(ConnectError.from(error).code)) throw new Error('the discovery service cannot be reached');
  }
}
