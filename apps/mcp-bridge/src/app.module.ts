/**
 * Wiring of the bridge's HTTP app: the MCP endpoint, health and metrics over one runtime.
 * Built with `BridgeHttpModule.forRoot(...)` from main.ts (or a test) with ready-made parts.
 */
import { Inject, Module, type DynamicModule, type OnApplicationBootstrap, type OnApplicationShutdown } from '@nestjs/common';
import { BridgeMetrics } from './bridge-metrics.js';
import { BridgeRuntime } from './bridge-runtime.js';
import { HealthController } from './health/health.controller.js';
import { McpController } from './mcp/mcp.controller.js';
import { McpHttpService } from './mcp/mcp-http.service.js';

export interface BridgeHttpParts {
  runtime: BridgeRuntime;
  metrics: BridgeMetrics;
  mcp: McpHttpService;
}

/** Starts the runtime once the app is up (without waiting for the indexer) and stops it last. */
class BridgeLifecycle implements OnApplicationBootstrap, OnApplicationShutdown {
  constructor(
    @Inject(BridgeRuntime) private readonly runtime: BridgeRuntime,
    @Inject(McpHttpService) private readonly mcp: McpHttpService,
  ) {}

  async onApplicationBootstrap(): Promise<void> {
    await this.runtime.start();
  }

  async onApplicationShutdown(): Promise<void> {
    await this.mcp.close();
    await this.runtime.stop();
  }
}

@Module({})
export class BridgeHttpModule {
  static forRoot(parts: BridgeHttpParts): DynamicModule {
    return {
      module: BridgeHttpModule,
      controllers: [McpController, HealthController],
      providers: [
        { provide: BridgeRuntime, useValue: parts.runtime },
        { provide: BridgeMetrics, useValue: parts.metrics },
        { provide: McpHttpService, useValue: parts.mcp },
        BridgeLifecycle,
      ],
    };
  }
}
