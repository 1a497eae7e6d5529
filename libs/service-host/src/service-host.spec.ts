/**
 * The one runner: one listener with the ops endpoints before the components' handlers, the
 * components' checks on /readyz, start in order, stop in reverse after the listener, storage
 * last, every step run even when one fails, and `<service> stopped` at the end.
 */
import { describe, expect, it } from '@jest/globals';
import { Metrics } from '@discovery/observability';
import { createStorage } from '@discovery/storage';
import { ServiceHost } from './service-host.js';

function recordingLogger(lines: string[]) {
  const log = (level: string) => (fields: object, message?: string) => void lines.push(`${level}:${message ?? ''}:${JSON.stringify(fields)}`);
  return { info: log('info'), warn: log('warn'), error: log('error'), debug: log('debug') } as never;
}

describe('ServiceHost', () => {
  it('serves ops endpoints and component handlers on one listener, port 0 included', async () => {
    const lines: string[] = [];
    const host = new ServiceHost({ service: 'test', logger: recordingLogger(lines), metrics: new Metrics({ service: 'test', processMetrics: false }) }, { shutdownGraceMs: 1000 });
    let ready = false;
    await host.add({
      name: 'api',
      checks: { thing: () => ready },
      details: () => ({ phase: ready ? 'ready' : 'waiting' }),
      handler: (req, res, next) => (req.url === '/hello' ? void res.end('hi') : next()),
    });
    const port = await host.listen({ port: 0, host: '127.0.0.1' });
    expect(port).toBeGreaterThan(0);
    const base = `http://127.0.0.1:${port}`;
    expect(await (await fetch(`${base}/hello`)).text()).toBe('hi');
    expect((await fetch(`${base}/nope`)).status).toBe(404);
    const waiting = await fetch(`${base}/readyz`);
    expect(waiting.status).toBe(503);
    expect(await waiting.json()).toMatchObject({ status: 'unavailable', phase: 'waiting', failing: ['thing'] });
    ready = true;
    expect(await (await fetch(`${base}/readyz`)).json()).toEqual({ status: 'ready', phase: 'ready', checks: { thing: 'ok' } });
    expect(await (await fetch(`${base}/metrics`)).text()).toContain('discovery_requests_total');
    await host.close();
    expect(lines.at(-1)).toMatch(/^info:test stopped:/);
  });

  it('starts in order, stops in reverse, runs every step when one fails, closes storage last', async () => {
    const lines: string[] = [];
    const order: string[] = [];
    const storage = createStorage();
    const close = storage.close.bind(storage);
    storage.close = async () => {
      order.push('storage');
      await close();
    };
    const host = new ServiceHost({ service: 'test', logger: recordingLogger(lines), metrics: new Metrics({ service: 'test', processMetrics: false }), storage }, { shutdownGraceMs: 1000 });
    for (const name of ['a', 'b']) {
      await host.add({
        name,
        start: async () => void order.push(`start ${name}`),
        stop: async () => {
          order.push(`stop ${name}`);
          if (name === 'b') throw new Error('b failed');
        },
      });
    }
    await host.start();
    await host.add({ name: 'c', start: async () => void order.push('start c') });
    expect(await host.close()).toBe(1);
    expect(await host.close()).toBe(1);
    expect(order).toEqual(['start a', 'start b', 'start c', 'stop b', 'stop a', 'storage']);
    expect(lines.some((line) => line.startsWith('error:a shutdown step failed:') && line.includes('"step":"b"'))).toBe(true);
    expect(lines.at(-1)).toMatch(/^info:test stopped:.*"failedSteps":1/);
  });
});
