/**
 * McpModule.forRoot(options): the bridge component (libs/mcp's assembly): /mcp (Streamable HTTP)
 * and its OAuth metadata as middleware of the application, the schema source and index sync,
 * its metrics in the process's registry, its readiness (a servable index adopted). It reaches
 * the discovery API over HTTP (the bridge alone), or, given the DiscoveryModule (`serve`,
 * stdio without DISCOVERY_URL), through the API's own routes in memory: no HTTP, no token.
 */
import { Inject, Module, type DynamicModule, type MiddlewareConsumer, type NestModule } from '@nestjs/common';
import { HttpAdapterHost } from '@nestjs/core';
import type { IndexerAssembly } from '@discovery/discovery';
import { assembleBridge, type BridgeAssembly, type BridgeAssemblyConfig, type DiscoveryConnection } from '@discovery/mcp';
import type { Logger, Metrics } from '@discovery/observability';
import { componentHost } from '../component.host.js';
import { boundPortOf } from '../console/console.module.js';
import { mountHandler } from '../handler.middleware.js';
import { BRIDGE, INDEXER, LOGGER, METRICS } from '../tokens.js';

export interface McpModuleOptions {
  config: BridgeAssemblyConfig;
  /** The discovery API over HTTP, or `{ discovery }`: the DiscoveryModule of this application, called in memory. */
  connection: DiscoveryConnection | { discovery: DynamicModule };
}

@Module({})
export class McpModule implements NestModule {
  constructor(@Inject(BRIDGE) private readonly bridge: BridgeAssembly) {}

  configure(consumer: MiddlewareConsumer): void {
    mountHandler(consumer, this.bridge.handler);
  }

  static forRoot(options: McpModuleOptions): DynamicModule {
    const { connection } = options;
    const inProcess = 'discovery' in connection;
    return {
      module: McpModule,
      imports: inProcess ? [connection.discovery] : [],
      providers: [
        {
          provide: BRIDGE,
          inject: [LOGGER, METRICS, HttpAdapterHost, { token: INDEXER, optional: true }],
          useFactory: (logger: Logger, metrics: Metrics, host: HttpAdapterHost, indexer: IndexerAssembly | undefined) => {
            if (inProcess && !indexer) throw new Error('McpModule: the in-process connection needs the DiscoveryModule');
            const discovery = inProcess ? { transport: indexer!.runtime.inProcessTransport() } : connection;
            return assembleBridge({ logger, metrics }, options.config, discovery, () => boundPortOf(host));
          },
        },
        componentHost(BRIDGE),
      ],
      exports: [BRIDGE],
    };
  }
}
