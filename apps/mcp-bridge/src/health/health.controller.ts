/**
 * Liveness (/healthz), readiness (/readyz: a servable index is adopted) and Prometheus
 * metrics (/metrics) of the bridge.
 */
import { Controller, Get, Inject, Res } from '@nestjs/common';
import type { Response } from 'express';
import { BridgeMetrics } from '../bridge-metrics.js';
import { BridgeRuntime } from '../bridge-runtime.js';

@Controller()
export class HealthController {
  constructor(
    @Inject(BridgeRuntime) private readonly runtime: BridgeRuntime,
    @Inject(BridgeMetrics) private readonly metrics: BridgeMetrics,
  ) {}

  @Get('healthz')
  live(): { status: 'ok' } {
    return { status: 'ok' };
  }

  @Get('readyz')
  ready(@Res() res: Response): void {
    const { phase, servingIndexId } = this.runtime.sync.status();
    res.status(servingIndexId ? 200 : 503).json({ status: servingIndexId ? 'ready' : 'not_ready', phase });
  }

  @Get('metrics')
  async prometheus(@Res() res: Response): Promise<void> {
    res.type(this.metrics.registry.contentType).send(await this.metrics.registry.metrics());
  }
}
