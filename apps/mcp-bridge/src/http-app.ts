/**
 * The bridge alone over Streamable HTTP: one Nest application of the BridgeModule, MCP on /mcp
 * next to /healthz, /readyz (a servable index adopted) and /metrics, reaching the indexer at
 * DISCOVERY_URL with DISCOVERY_TOKEN.
 */
import type { INestApplication } from '@nestjs/common';
import type { BridgeConfig } from '@discovery/config';
import { mcpUrl, type BridgeAssembly } from '@discovery/mcp';
import type { Logger } from '@discovery/observability';
import { BRIDGE, closeOnce, createHttpService, listen } from '@discovery/nest-modules';
import { BridgeModule } from './bridge.module.js';

export interface StartedBridge {
  app: INestApplication;
  bridge: BridgeAssembly;
  /** e.g. `http://127.0.0.1:4200/mcp`. */
  mcpUrl: string;
  close(): Promise<void>;
}

export async function startBridgeHttp(config: BridgeConfig, logger: Logger): Promise<StartedBridge> {
  const app = await createHttpService(BridgeModule.forRoot(config, logger), logger);
  const close = closeOnce(app);
  try {
    const port = await listen(app, config.http);
    return { app, bridge: app.get<BridgeAssembly>(BRIDGE), mcpUrl: mcpUrl(config.http.host, port), close };
  } catch (error) {
    await close();
    throw error;
  }
}
