import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterEach, describe, expect, it } from '@jest/globals';
import { Metrics } from './metrics.js';
import { OpsEndpoints } from './ops-endpoints.js';

const running: Server[] = [];
afterEach(async () => {
  await Promise.all(
    running.splice(0).map((server) => {
      server.closeAllConnections();
      return new Promise((resolve) => server.close(resolve));
    }),
  );
});

async function serve(endpoints: OpsEndpoints): Promise<string> {
  const server = createServer((request, response) => endpoints.handle(request, response));
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', () => resolve()));
  running.push(server);
  return `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
}

describe('OpsEndpoints', () => {
  it('answers /healthz while alive', async () => {
    const base = await serve(new OpsEndpoints());
    const response = await fetch(`${base}/healthz`);
    expect(response.status).toBe(200);
    expect(await response.json()).toEqual({ status: 'ok' });
    expect((await fetch(`${base}/healthz`, { method: 'HEAD' })).status).toBe(200);
  });

  it('answers /readyz 200 when every check passes', async () => {
    const base = await serve(new OpsEndpoints({ checks: { redis: async () => 'PONG', model: () => true } }));
    const response = await fetch(`${base}/readyz`);
    expect(response.status).toBe(200);
    expect(await response.json()).toEqual({ status: 'ready', checks: { redis: 'ok', model: 'ok' } });
  });

  it('answers /readyz 503 listing failing, throwing, false and slow checks', async () => {
    const endpoints = new OpsEndpoints({
      checkTimeoutMs: 50,
      checks: {
        redis: () => Promise.reject(new Error('connect ECONNREFUSED redis://:s3cr3tpassword@127.0.0.1:6379')),
        model: () => false,
        queue: () => new Promise(() => undefined),
        store: () => undefined,
      },
    });
    const response = await fetch(`${await serve(endpoints)}/readyz`);
    expect(response.status).toBe(503);
    const body = (await response.json()) as { status: string; failing: string[]; checks: Record<string, string> };
    expect(body.status).toBe('unavailable');
    expect(body.failing).toEqual(['redis', 'model', 'queue']);
    expect(body.checks['store']).toBe('ok');
    expect(body.checks['model']).toBe('not ready');
    expect(body.checks['queue']).toBe('timed out after 50ms');
    expect(body.checks['redis']).toContain('ECONNREFUSED');
    expect(JSON.stringify(body)).not.toContain('s3cr3tpassword');
  });

  it('answers /readyz 503 draining once shutdown starts', async () => {
    const endpoints = new OpsEndpoints({ checks: { redis: () => true } });
    const base = await serve(endpoints);
    expect((await fetch(`${base}/readyz`)).status).toBe(200);
    endpoints.startDraining();
    const response = await fetch(`${base}/readyz`);
    expect(response.status).toBe(503);
    expect(await response.json()).toEqual({ status: 'draining', checks: { redis: 'ok' } });
  });

  it('serves /metrics in the Prometheus format', async () => {
    const metrics = new Metrics({ service: 'generator', processMetrics: false });
    metrics.cache.hit('generation');
    const base = await serve(new OpsEndpoints({ metrics }));
    const response = await fetch(`${base}/metrics`);
    expect(response.status).toBe(200);
    expect(response.headers.get('content-type')).toContain('text/plain');
    expect(await response.text()).toMatch(/^discovery_cache_lookups_total\{.*cache="generation".*\} 1$/m);
    expect((await fetch(`${await serve(new OpsEndpoints())}/metrics`)).status).toBe(404);
  });

  it('refuses other methods and unknown paths', async () => {
    const base = await serve(new OpsEndpoints());
    const post = await fetch(`${base}/readyz`, { method: 'POST' });
    expect(post.status).toBe(405);
    expect(post.headers.get('allow')).toBe('GET, HEAD');
    expect((await fetch(`${base}/other`)).status).toBe(404);
  });

  it('passes other paths to the next handler when mounted next to an API', async () => {
    const endpoints = new OpsEndpoints();
    const server = createServer((request, response) =>
      endpoints.handle(request, response, () => response.writeHead(200, { 'content-type': 'text/plain' }).end('api')),
    );
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    const base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
    try {
      expect(await (await fetch(`${base}/yoko.v1.YokoService/ListIndexes`, { method: 'POST' })).text()).toBe('api');
      expect(await (await fetch(`${base}/healthz?probe=1`)).json()).toEqual({ status: 'ok' });
    } finally {
      await new Promise<void>((resolve) => server.close(() => resolve()));
    }
  });
});
