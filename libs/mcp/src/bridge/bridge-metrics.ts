/**
 * Prometheus metrics of the bridge: tool call durations by tool and outcome, and the index
 * sync phase. Exposed on GET /metrics of the HTTP transport.
 */
import type { ToolOutcome } from '../bridge-server.factory.js';
import { SyncPhase } from '../index-sync/sync-status.js';
import { Gauge, Histogram, Registry, collectDefaultMetrics } from 'prom-client';

export class BridgeMetrics {
  readonly registry = new Registry();
  private readonly calls = new Histogram({
    name: 'mcp_tool_call_duration_seconds',
    help: 'Duration of MCP tool calls, by tool and outcome (ok or the failure situation).',
    labelNames: ['tool', 'outcome'] as const,
    buckets: [0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10, 30, 60, 120],
    registers: [this.registry],
  });
  private readonly phase = new Gauge({
    name: 'mcp_index_sync_phase',
    help: 'Current phase of the index sync (1 for the current phase, 0 otherwise).',
    labelNames: ['phase'] as const,
    registers: [this.registry],
  });

  constructor(options: { defaultMetrics?: boolean } = {}) {
    if (options.defaultMetrics ?? true) collectDefaultMetrics({ register: this.registry, prefix: 'mcp_bridge_' });
    this.syncPhase(SyncPhase.WaitingForSchema);
  }

  toolCall(tool: string, outcome: ToolOutcome, seconds: number): void {
    this.calls.observe({ tool, outcome }, seconds);
  }

  syncPhase(current: SyncPhase): void {
    for (const phase of Object.values(SyncPhase)) this.phase.set({ phase }, phase === current ? 1 : 0);
  }
}
