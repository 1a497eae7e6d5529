/**
 * The bridge alone over Streamable HTTP: its assembly hosted by the ServiceHost, MCP on /mcp next
 * to /healthz, /readyz (a servable index adopted) and /metrics, reaching the indexer at
 * DISCOVERY_URL with DISCOVERY_TOKEN.
 */
import type { BridgeConfig } from '@discovery/config';
import { assembleBridge, mcpUrl, type BridgeAssembly } from '@discovery/mcp';
import { createDiscoveryTransport } from '@discovery/proto/client';
import { createProcessParts, ServiceHost } from '@discovery/service-host';
import type { Logger } from '@discovery/observability';

export interface StartedBridge {
  host: ServiceHost;
  bridge: BridgeAssembly;
  /** e.g. `http://127.0.0.1:4200/mcp`. */
  mcpUrl: string;
}

export async function startBridgeHttp(config: BridgeConfig, logger: Logger): Promise<StartedBridge> {
  const parts = createProcessParts({ service: 'bridge', logLevel: config.logLevel, logger, processMetrics: false });
  const host = new ServiceHost(parts, { shutdownGraceMs: config.shutdownGraceMs });
  const transport = createDiscoveryTransport({ baseUrl: config.discovery.url, ...(config.discovery.token ? { token: config.discovery.token } : {}) });
  const bridge = assembleBridge(parts, { mcp: config.mcp, http: config.http }, { transport, serviceUrl: config.discovery.url }, () => host.port);
  await host.add(bridge);
  const port = await host.listen(config.http);
  // Indexing starts once the server listens.
  await host.start();
  return { host, bridge, mcpUrl: mcpUrl(config.http.host, port) };
}
