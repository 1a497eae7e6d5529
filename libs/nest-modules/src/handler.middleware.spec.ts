/**
 * `serveAhead`: a component's handler on the HTTP server before Express. Its own paths are answered
 * without entering Express (an Express-level middleware never sees them); every other request
 * reaches Express as before: the ops endpoints, Nest's 404, and handlers mounted as middleware.
 */
import { describe, expect, it } from '@jest/globals';
import { Inject, Module, type MiddlewareConsumer, type NestModule, type OnModuleInit } from '@nestjs/common';
import { HttpAdapterHost } from '@nestjs/core';
import { ExpressAdapter } from '@nestjs/platform-express';
import { Test } from '@nestjs/testing';
import type { Server } from 'node:http';
import { ConfigModule } from './config.module.js';
import { mountHandler, serveAhead } from './handler.middleware.js';
import { listen } from './nest-application.js';
import { ObservabilityModule } from './observability.module.js';

@Module({})
class AheadModule implements OnModuleInit {
  constructor(@Inject(HttpAdapterHost) private readonly host: HttpAdapterHost) {}
  onModuleInit(): void {
    serveAhead(this.host.httpAdapter.getHttpServer() as Server, (req, res, next) => (req.url?.startsWith('/api/') ? void res.end(`api ${req.url}`) : next()));
  }
}

@Module({})
class MountedModule implements NestModule {
  configure(consumer: MiddlewareConsumer): void {
    mountHandler(consumer, (req, res, next) => (req.url === '/mounted' ? void res.end('mounted') : next()));
  }
}

describe('serveAhead', () => {
  it('answers its paths before Express and passes every other request to Express unchanged', async () => {
    const moduleRef = await Test.createTestingModule({
      imports: [
        ConfigModule.forRoot({ service: 'test', shutdownGraceMs: 1000, config: {} }),
        ObservabilityModule.forRoot({ service: 'test', logLevel: 'info', logger: silent(), processMetrics: false }),
        AheadModule,
        MountedModule,
      ],
    }).compile();
    const app = moduleRef.createNestApplication(new ExpressAdapter(), { bodyParser: false, logger: false });
    const seenByExpress: string[] = [];
    app.use((req: { url: string }, _res: unknown, next: () => void) => {
      seenByExpress.push(req.url);
      next();
    });
    const port = await listen(app, { port: 0, host: '127.0.0.1' });
    const base = `http://127.0.0.1:${port}`;
    try {
      const api = await fetch(`${base}/api/search?q=1`, { method: 'POST', body: 'x' });
      expect([api.status, await api.text()]).toEqual([200, 'api /api/search?q=1']);
      expect(await (await fetch(`${base}/mounted`)).text()).toBe('mounted');
      expect((await fetch(`${base}/healthz`)).status).toBe(200);
      const missing = await fetch(`${base}/nothing`);
      expect([missing.status, await missing.text()]).toEqual([404, expect.stringContaining('Cannot GET /nothing')]);
      expect(seenByExpress).toEqual(['/mounted', '/healthz', '/nothing']);
    } finally {
      await app.close();
    }
  });
});

function silent() {
  const none = () => undefined;
  return { info: none, warn: none, error: none, debug: none, trace: none, fatal: none } as never;
}
