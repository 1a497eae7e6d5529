/**
 * Liveness (/healthz), readiness (/readyz: a servable index is adopted) and Prometheus
 * metrics (/metrics) of the bridge.
 */
import { Controller, Get, Inject, Res } from '@nestjs/common';
import type { Response } from 'express';
import { BridgeMetrics } from '../bridge-metrics.js';
import { BRIDGE_RUNTIME } from '../tokens.js';
import type { BridgeRuntime } from '../bridge-runtime.js';

@Controller()
export class HealthController {
  constructor(
    @Inject(BRIDGE_RUNTIME) private readonly runtime: BridgeRuntime | null,
    @Inject(BridgeMetrics) private readonly metrics: BridgeMetrics,
  ) {}

  @Get('healthz')
  live(): { status: 'ok' } {
    return { status: 'ok' };
  }

  @Get('readyz')
  ready(@Res() res: Response): void {
    if (!this.runtime) {
      res.status(200).json({ status: 'ready' });
      return;
    }
    const { phase, servingIndexId } = this.runtime.sync.status();
    res.status(servingIndexId ? 200 : 503).json({ status: servingIndexId ? 'ready' : 'not_ready', phase });
  }

  @Get('metrics')
  async prometheus(@Res() res: Response): Promise<void> {
    res.type(this.metrics.registry.contentType).send(await this.metrics.registry.metrics());
  }
}
