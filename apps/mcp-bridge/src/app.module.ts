/**
 * Wiring of the bridge's HTTP app: the MCP endpoint, health and metrics over one runtime.
 * Built with `BridgeHttpModule.forRoot(...)` from main.ts (or a test) with ready-made parts.
 */
import { Inject, Module, type DynamicModule, type OnApplicationShutdown } from '@nestjs/common';
import { BridgeMetrics } from './bridge-metrics.js';
import type { BridgeRuntime } from './bridge-runtime.js';
import { HealthController } from './health/health.controller.js';
import { McpController } from './mcp/mcp.controller.js';
import type { McpHttpService } from './mcp/mcp-http.service.js';
import { BRIDGE_RUNTIME, MCP_HTTP } from './tokens.js';

export interface BridgeHttpParts {
  /** Absent in `serve` without a schema: no MCP endpoint. */
  runtime: BridgeRuntime | undefined;
  metrics: BridgeMetrics;
  mcp: McpHttpService | undefined;
  /** Runs last on shutdown. */
  onShutdown?: () => Promise<void>;
}

export const ON_SHUTDOWN = Symbol('OnShutdown');

/** Closes sessions, then the runtime (started by startHttpApp once listening). */
class BridgeLifecycle implements OnApplicationShutdown {
  constructor(
    @Inject(BRIDGE_RUNTIME) private readonly runtime: BridgeRuntime | null,
    @Inject(MCP_HTTP) private readonly mcp: McpHttpService | null,
    @Inject(ON_SHUTDOWN) private readonly last: (() => Promise<void>) | null,
  ) {}

  async onApplicationShutdown(): Promise<void> {
    await this.mcp?.close();
    await this.runtime?.stop();
    await this.last?.();
  }
}

@Module({})
export class BridgeHttpModule {
  static forRoot(parts: BridgeHttpParts): DynamicModule {
    return {
      module: BridgeHttpModule,
      controllers: [McpController, HealthController],
      providers: [
        { provide: BRIDGE_RUNTIME, useValue: parts.runtime ?? null },
        { provide: BridgeMetrics, useValue: parts.metrics },
        { provide: MCP_HTTP, useValue: parts.mcp ?? null },
        { provide: ON_SHUTDOWN, useValue: parts.onShutdown ?? null },
        BridgeLifecycle,
      ],
    };
  }
}
