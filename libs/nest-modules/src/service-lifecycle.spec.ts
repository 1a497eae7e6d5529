/**
 * The lifecycle every process gets from the shared modules (docs/architecture.md "Assembly"): ops endpoints
 * and component handlers on one listener, port 0 included, 404 `{"error":"not found"}` for the
 * rest; components start in import order and stop in reverse after the listener, each step run
 * even when one fails, the storage closed after them, then `<service> stopped` with the count.
 * Built with Nest's testing module.
 */
import { describe, expect, it } from '@jest/globals';
import { Inject, Module, type DynamicModule, type MiddlewareConsumer, type NestModule } from '@nestjs/common';
import { ExpressAdapter } from '@nestjs/platform-express';
import { Test } from '@nestjs/testing';
import type { Storage } from '@discovery/storage';
import type { ServiceComponent } from '@discovery/service-parts';
import { componentHost } from './component.host.js';
import { ConfigModule } from './config.module.js';
import { mountHandler } from './handler.middleware.js';
import { listen } from './nest-application.js';
import { ObservabilityModule } from './observability.module.js';
import { StorageModule } from './storage.module.js';
import { STORAGE } from './tokens.js';

function recordingLogger(lines: string[]) {
  const log = (level: string) => (fields: object, message?: string) => void lines.push(`${level}:${message ?? ''}:${JSON.stringify(fields)}`);
  return { info: log('info'), warn: log('warn'), error: log('error'), debug: log('debug'), trace: log('trace'), fatal: log('fatal') } as never;
}

const TOKEN_A = Symbol('a');
const TOKEN_B = Symbol('b');

@Module({})
class ComponentModule implements NestModule {
  constructor(@Inject(TOKEN_A) private readonly component: ServiceComponent) {}
  configure(consumer: MiddlewareConsumer): void {
    mountHandler(consumer, this.component.handler);
  }
  static of(token: symbol, component: ServiceComponent, imports: DynamicModule[] = []): DynamicModule {
    return {
      module: ComponentModule,
      imports,
      providers: [{ provide: token, useValue: component }, { provide: TOKEN_A, useExisting: token }, componentHost(token)],
      exports: [token],
    };
  }
}

@Module({})
class OtherModule {
  static of(token: symbol, component: ServiceComponent, imports: DynamicModule[]): DynamicModule {
    return { module: OtherModule, imports, providers: [{ provide: token, useValue: component }, componentHost(token)] };
  }
}

async function application(lines: string[], imports: DynamicModule[]) {
  const moduleRef = await Test.createTestingModule({
    imports: [
      ConfigModule.forRoot({ service: 'test', shutdownGraceMs: 1000, config: {} }),
      ObservabilityModule.forRoot({ service: 'test', logLevel: 'info', logger: recordingLogger(lines), processMetrics: false }),
      StorageModule.forRoot({ memory: {} }),
      ...imports,
    ],
  }).compile();
  return moduleRef.createNestApplication(new ExpressAdapter(), { bodyParser: false, logger: false });
}

describe('the service lifecycle on Nest', () => {
  it('serves ops endpoints and component handlers on one listener, port 0 included', async () => {
    const lines: string[] = [];
    let ready = false;
    const app = await application(lines, [
      ComponentModule.of(TOKEN_B, {
        name: 'api',
        checks: { thing: () => ready },
        details: () => ({ phase: ready ? 'ready' : 'waiting' }),
        handler: (req, res, next) => (req.url === '/hello?x=1' ? void res.end('hi') : next()),
      }),
    ]);
    const port = await listen(app, { port: 0, host: '127.0.0.1' });
    expect(port).toBeGreaterThan(0);
    const base = `http://127.0.0.1:${port}`;
    expect(await (await fetch(`${base}/hello?x=1`)).text()).toBe('hi');
    const waiting = await fetch(`${base}/readyz`);
    expect(waiting.status).toBe(503);
    expect(await waiting.json()).toMatchObject({ status: 'unavailable', phase: 'waiting', failing: ['thing'] });
    ready = true;
    expect(await (await fetch(`${base}/readyz`)).json()).toEqual({ status: 'ready', phase: 'ready', checks: { thing: 'ok' } });
    expect(await (await fetch(`${base}/metrics`)).text()).toContain('discovery_requests_total');
    expect((await fetch(`${base}/healthz`, { method: 'POST' })).status).toBe(405);
    await app.close();
    expect(lines.at(-1)).toMatch(/^info:test stopped:/);
  });

  it('starts in import order, stops in reverse after the listener, runs every step when one fails, closes storage last', async () => {
    const lines: string[] = [];
    const order: string[] = [];
    const component = (name: string): ServiceComponent => ({
      name,
      start: async () => void order.push(`start ${name}`),
      stop: async () => {
        order.push(`stop ${name}`);
        if (name === 'b') throw new Error('b failed');
      },
    });
    const a = ComponentModule.of(TOKEN_B, component('a'));
    const app = await application(lines, [OtherModule.of(Symbol('b'), component('b'), [a])]);
    const storage = app.get<Storage>(STORAGE);
    const close = storage.close.bind(storage);
    storage.close = async () => {
      order.push('storage');
      await close();
    };
    await app.init();
    expect(order).toEqual(['start a', 'start b']);
    await app.close();
    expect(order).toEqual(['start a', 'start b', 'stop b', 'stop a', 'storage']);
    expect(lines.some((line) => line.startsWith('error:a shutdown step failed:') && line.includes('"step":"b"'))).toBe(true);
    expect(lines.at(-1)).toMatch(/^info:test stopped:.*"failedSteps":1/);
  });
});
