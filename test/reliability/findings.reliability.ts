/**
 * The suite's findings (docs/reliability.md, "Findings"), each asserted
 * with the correct behaviour. They fail until the owners fix them; the fast
 * specs tolerate exactly these answers so `npm test` stays green. F4 (a
 * build blocks the event loop) is measured, not asserted: it is about time.
 * F7 (bodies buffered before auth and size checks) is asserted on the answer
 * and the memory it costs.
 */
import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { readFileSync } from 'node:fs';
import { IndexStatus } from '@discovery/proto';
import { uniquePrefix } from '@discovery/testing';
import { rawCall } from './support/connect-calls.js';
import { report, summarize } from './support/figures.js';
import { deepListNesting, deepTypeChain, manyArguments } from './support/hostile-schemas.js';
import { spawnIndexer } from './support/indexer-process.js';
import { dropPrefix, fixture, startTestIndexer, TOKENS, unique, untilSettled, type RunningIndexer } from './support/test-indexer.js';

let indexer: RunningIndexer;
beforeAll(async () => {
  indexer = await startTestIndexer();
});
afterAll(async () => {
  await indexer.stop();
  await dropPrefix(indexer.prefix);
});

describe('findings', () => {
  it('F1: an undecodable binary request is invalid_argument, not internal', async () => {
    const headers = { 'content-type': 'application/proto', authorization: `Bearer ${TOKENS.acme}` };
    const text = Buffer.from('type Query { a: Int } ');
    const invalidUtf8 = Buffer.concat([Buffer.from([0x0a, text.length + 2]), text, Buffer.from([0xff, 0xfe])]);
    for (const body of [Buffer.from('{}'), Buffer.from([0xff]), invalidUtf8]) {
      const answer = await rawCall(indexer.baseUrl, 'EnsureIndex', body, headers);
      expect({ status: answer.status, code: answer.errorCode }).toEqual({ status: 400, code: 'invalid_argument' });
    }
  });

  it('F2: a schema nested too deeply fails with a reason naming the nesting, not a stack overflow', async () => {
    const client = indexer.client(TOKENS.acme);
    for (const schema of [deepListNesting(20_000)]) {
      const { indexId } = (await client.ensureIndex({ sdl: unique(schema.sdl) })).index!;
      const index = await untilSettled(client, indexId);
      expect(index.status).toBe(IndexStatus.FAILED);
      expect(index.error).not.toMatch(/call stack/i);
      expect(index.error).toMatch(/nest|deep/i);
    }
  });

  it('F3: a field with 5,000 arguments: its search hit stays under 64 KiB, GetSymbols lists every argument', async () => {
    const client = indexer.client(TOKENS.acme);
    const { indexId } = (await client.ensureIndex({ sdl: unique(manyArguments(5_000).sdl) })).index!;
    expect((await untilSettled(client, indexId)).status).toBe(IndexStatus.READY);
    const { hits } = await client.searchSchema({ indexId, query: 'f', kinds: ['field'] });
    expect(Buffer.byteLength(hits.find((h) => h.coordinate === 'field:Query.f')!.payload)).toBeLessThanOrEqual(64 * 1024);
    const { symbols } = await client.getSymbols({ indexId, coordinates: ['field:Query.f'] });
    expect((JSON.parse(symbols[0]!.payload) as { Args: unknown[] }).Args).toHaveLength(5_000);
  });

  it.each([
    ['a 3,000-type chain', () => unique(deepTypeChain(3_000).sdl)],
    ['shopify-admin.graphql (2.5 MB)', () => unique(fixture('shopify-admin.graphql'))],
  ])('F4 (measured): /healthz latency while the same process builds %s', async (name, sdl) => {
    const prefix = uniquePrefix('rel-f4');
    const child = await spawnIndexer({ REDIS_KEY_PREFIX: prefix });
    try {
      const client = child.client(TOKENS.acme);
      const { indexId } = (await client.ensureIndex({ sdl: sdl() })).index!;
      const latencies: number[] = [];
      let settled = false;
      const settling = untilSettled(client, indexId, 400_000, { count: 0 }).finally(() => (settled = true));
      while (!settled) {
        const started = performance.now();
        await fetch(`${child.baseUrl}/healthz`, { signal: AbortSignal.timeout(300_000) }).then((r) => r.body?.cancel());
        latencies.push(performance.now() - started);
        await new Promise((resolve) => setTimeout(resolve, 200));
      }
      const index = await settling;
      const summary = summarize(latencies);
      report(`F4-healthz-during-build ${name.split(' ')[0]}`, {
        status: IndexStatus[index.status],
        symbols: String(index.symbolCount),
        probes: summary.count,
        p50Ms: summary.p50,
        p99Ms: summary.p99,
        maxMs: summary.max,
      });
      expect(summary.count).toBeGreaterThan(0);
    } finally {
      await child.stop();
      await dropPrefix(prefix);
    }
  });

  it('F7: a request body far over MAX_SDL_BYTES is refused before it is buffered, even without a token', async () => {
    const prefix = uniquePrefix('rel-f7');
    const child = await spawnIndexer({ REDIS_KEY_PREFIX: prefix, MAX_SDL_BYTES: '1MiB' });
    try {
      const peak = () => Number(/VmHWM:\s+(\d+) kB/.exec(readFileSync(`/proc/${child.pid}/status`, 'utf8'))![1]) * 1024;
      const before = peak();
      const body = Buffer.alloc(256 * 1024 * 1024, 0x20);
      const answer = await rawCall(child.baseUrl, 'EnsureIndex', body, { 'content-type': 'application/proto' }).catch((error: unknown) => ({
        status: 0,
        errorCode: `transport: ${String(error)}`,
      }));
      const after = peak();
      report('F7-huge-unauthenticated-body', {
        bodyBytes: body.length,
        status: answer.status,
        code: answer.errorCode ?? '-',
        peakRssBeforeBytes: before,
        peakRssAfterBytes: after,
      });
      expect(answer.errorCode).toBe('resource_exhausted');
      expect(after - before).toBeLessThan(64 * 1024 * 1024);
    } finally {
      await child.stop();
      await dropPrefix(prefix);
    }
  });
});
