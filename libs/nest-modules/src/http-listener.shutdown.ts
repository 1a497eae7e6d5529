/**
 * The first shutdown step of an application that listens: /readyz answers `draining`, the
 * listener stops taking connections, idle ones close, and requests in flight get SHUTDOWN_GRACE
 * before their connections are closed. It runs before the components stop (they stop in
 * `onApplicationShutdown`, after every `beforeApplicationShutdown`).
 */
import { Inject, Injectable, type BeforeApplicationShutdown } from '@nestjs/common';
import { HttpAdapterHost } from '@nestjs/core';
import { OpsEndpoints, type Logger } from '@discovery/observability';
import type { Server } from 'node:http';
import { ShutdownSteps } from './shutdown-steps.js';
import { LOGGER, SERVICE_NAME, SHUTDOWN_GRACE_MS } from './tokens.js';

@Injectable()
export class HttpListenerShutdown implements BeforeApplicationShutdown {
  constructor(
    @Inject(HttpAdapterHost) private readonly adapterHost: HttpAdapterHost,
    @Inject(OpsEndpoints) private readonly ops: OpsEndpoints,
    @Inject(ShutdownSteps) private readonly steps: ShutdownSteps,
    @Inject(LOGGER) private readonly logger: Logger,
    @Inject(SERVICE_NAME) private readonly service: string,
    @Inject(SHUTDOWN_GRACE_MS) private readonly graceMs: number,
  ) {}

  async beforeApplicationShutdown(signal?: string): Promise<void> {
    if (signal) this.logger.info({ signal }, `${this.service} shutting down`);
    this.ops.startDraining();
    await this.steps.run('listener', () => this.closeListener());
  }

  private async closeListener(): Promise<void> {
    const server = this.adapterHost.httpAdapter?.getHttpServer() as Server | undefined;
    if (!server?.listening) return;
    const closed = new Promise<void>((resolve) => server.close(() => resolve()));
    server.closeIdleConnections();
    const grace = setTimeout(() => server.closeAllConnections(), this.graceMs);
    grace.unref();
    await closed;
    clearTimeout(grace);
  }
}
