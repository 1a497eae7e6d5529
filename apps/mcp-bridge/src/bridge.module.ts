/**
 * The bridge's one root module (the bridge alone, in front of the indexer at DISCOVERY_URL):
 * config, observability (no process metrics: the bridge often runs beside others) and the
 * McpModule over a Connect transport to the API with DISCOVERY_TOKEN. No storage of its own.
 */
import { Module, type DynamicModule } from '@nestjs/common';
import type { BridgeConfig } from '@discovery/config';
import type { Logger } from '@discovery/observability';
import { createDiscoveryTransport } from '@discovery/proto/client';
import { ConfigModule, ObservabilityModule } from '@discovery/nest-modules';
import { McpModule } from '@discovery/nest-modules/mcp';

@Module({})
export class BridgeModule {
  /** `waitForFirstIndex`: tool calls wait for the first build (stdio, where the client just started us). */
  static forRoot(config: BridgeConfig, logger: Logger, options: { waitForFirstIndex?: boolean } = {}): DynamicModule {
    const transport = createDiscoveryTransport({ baseUrl: config.discovery.url, ...(config.discovery.token ? { token: config.discovery.token } : {}) });
    return {
      module: BridgeModule,
      imports: [
        ConfigModule.forRoot({ service: 'bridge', shutdownGraceMs: config.shutdownGraceMs, config }),
        ObservabilityModule.forRoot({ service: 'bridge', logLevel: config.logLevel, logger, processMetrics: false }),
        McpModule.forRoot({
          config: { mcp: config.mcp, http: config.http, ...(options.waitForFirstIndex ? { waitForFirstIndex: true } : {}) },
          connection: { transport, serviceUrl: config.discovery.url },
        }),
      ],
    };
  }
}
