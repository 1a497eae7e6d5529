/**
 * Redis faults under a running indexer process: Redis crashes (SIGKILL)
 * during a build and comes back with its data (append-only file) or empty;
 * searches during the outage fail with documented codes and recover
 * without restarting the indexer; the build ends READY or FAILED, never
 * stuck in INDEXING. Then Redis full (maxmemory, noeviction): EnsureIndex
 * fails cleanly and says why while existing indexes keep serving.
 */
import { afterEach, describe, expect, it } from '@jest/globals';
import { Code } from '@connectrpc/connect';
import { Redis } from 'ioredis';
import { IndexStatus } from '@discovery/proto';
import { sleep, startPrivateRedis, waitFor } from '@discovery/testing';
import { DOCUMENTED_CODES, outcome } from './support/connect-calls.js';
import { report } from './support/figures.js';
import { deepTypeChain } from './support/hostile-schemas.js';
import { spawnIndexer, type IndexerProcess } from './support/indexer-process.js';
import { startPersistentRedis } from './support/persistent-redis.js';
import { fixture, TOKENS, unique, untilSettled, type Yoko } from './support/test-indexer.js';

const cleanups: (() => Promise<void>)[] = [];
afterEach(async () => {
  for (const cleanup of cleanups.splice(0).reverse()) await cleanup();
});

async function indexerOn(url: string): Promise<IndexerProcess> {
  const indexer = await spawnIndexer({ REDIS_URL: url, REDIS_KEY_PREFIX: 'rel:' });
  cleanups.push(() => indexer.stop());
  return indexer;
}

/** Searches `count` times during an outage; returns the codes seen. */
async function searchesDuring(client: Yoko, indexId: string, count: number): Promise<Map<string, number>> {
  const codes = new Map<string, number>();
  for (let i = 0; i < count; i++) {
    const result = await outcome(client.searchSchema({ indexId, query: `employee ${i}` }, { timeoutMs: 20_000 }));
    codes.set(String(result.code), (codes.get(String(result.code)) ?? 0) + 1);
    await sleep(100);
  }
  return codes;
}

const codeNames = (codes: Map<string, number>) => [...codes].map(([c, n]) => `${c === 'ok' ? 'ok' : Code[Number(c)]}:${n}`).join(',');

describe.each([
  ['with its data (AOF)', true],
  ['empty', false],
])('Redis crashes during a build and comes back %s', (_how, persistent) => {
  it('ends READY or FAILED with a reason; searches fail with documented codes, then recover', async () => {
    const redis = persistent ? await startPersistentRedis() : await startPrivateRedis();
    cleanups.push(() => ('destroy' in redis ? redis.destroy() : redis.stop(true)));
    const indexer = await indexerOn(redis.url);
    const client = indexer.client(TOKENS.acme);
    const servingId = (await client.ensureIndex({ sdl: fixture('cosmo-demo.graphql') })).index!.indexId;
    expect((await untilSettled(client, servingId)).status).toBe(IndexStatus.READY);
    const sdl = unique(deepTypeChain(1_500).sdl);
    const buildingId = (await client.ensureIndex({ sdl })).index!.indexId;
    await sleep(1_500);

    if ('crash' in redis) await redis.crash();
    else await redis.stop(true);
    // A fresh address is never cached: it must go to Redis and fail with a documented code.
    const uncached = await outcome(client.getIndex({ indexId: `sha256:${'1'.repeat(64)}` }, { timeoutMs: 20_000 }));
    const during = await searchesDuring(client, servingId, 10);
    await redis.start();
    const downAt = Date.now();

    await waitFor(async () => (await outcome(client.listIndexes({}))).code === 'ok', 60_000, 'the indexer to reach Redis again');
    const after = await searchesDuring(client, servingId, 5);
    let final = await outcome(client.getIndex({ indexId: buildingId }));
    let status = 'not_found';
    if (final.code === Code.NotFound) {
      // Empty Redis: the index is gone, as after an eviction; the router sends the SDL again.
      await client.ensureIndex({ sdl });
      final = { code: 'ok', message: '' };
    }
    const transportErrors = { count: 0 };
    const settled = await untilSettled(client, buildingId, 240_000, transportErrors);
    status = IndexStatus[settled.status] ?? 'unknown';
    report(`redis-crash-${persistent ? 'aof' : 'empty'}`, {
      uncachedDuringOutage: uncached.code === 'ok' ? 'ok' : Code[uncached.code],
      searchesDuringOutage: codeNames(during),
      searchesAfter: codeNames(after),
      buildingIndex: status,
      error: settled.error || '-',
      settledAfterRestartMs: Date.now() - downAt,
    });
    expect(uncached.code === 'ok' ? 'ok' : DOCUMENTED_CODES.has(uncached.code)).toBe(true);
    for (const code of during.keys()) expect(code === 'ok' || DOCUMENTED_CODES.has(Number(code))).toBe(true);
    expect([IndexStatus.READY, IndexStatus.FAILED]).toContain(settled.status);
    if (settled.status === IndexStatus.FAILED) expect(settled.error.length).toBeGreaterThan(10);
    if (persistent) expect([...after.keys()]).toEqual(['ok']);
    else expect([...after.keys()].every((c) => c === 'ok' || Number(c) === Code.NotFound)).toBe(true);
  });
});

describe('Redis full (maxmemory, noeviction)', () => {
  it('refuses EnsureIndex with a reason while existing indexes keep serving', async () => {
    const redis = await startPrivateRedis({ maxmemory: '12mb', maxmemoryPolicy: 'noeviction' });
    cleanups.push(() => redis.stop(true));
    const indexer = await indexerOn(redis.url);
    const client = indexer.client(TOKENS.acme);
    const servingId = (await client.ensureIndex({ sdl: fixture('countries.graphql') })).index!.indexId;
    expect((await untilSettled(client, servingId)).status).toBe(IndexStatus.READY);

    const filler = new Redis(redis.url, { maxRetriesPerRequest: 0 });
    cleanups.push(async () => void filler.disconnect());
    let stored = 0;
    // Big values first, then small ones, until not even 1 KiB fits.
    for (const size of [256 * 1024, 1024]) {
      for (;;) {
        try {
          await filler.set(`filler:${size}:${stored}`, 'x'.repeat(size));
          stored += size;
        } catch (error) {
          expect(String(error)).toMatch(/OOM/);
          break;
        }
      }
    }
    const refused = await outcome(client.ensureIndex({ sdl: unique(fixture('cosmo-demo.graphql')) }));
    let outcomeText = refused.code === 'ok' ? 'accepted' : `${Code[refused.code]}: ${refused.message}`;
    if (refused.code === 'ok') {
      // Accepted before the write failed: the build must then fail with the reason.
      const ids = (await client.listIndexes({})).indexes.filter((i) => i.indexId !== servingId);
      const settled = await untilSettled(client, ids[0]!.indexId, 120_000);
      outcomeText = `${IndexStatus[settled.status]}: ${settled.error}`;
      expect(settled.status).toBe(IndexStatus.FAILED);
      expect(settled.error).toMatch(/memory/i);
    } else {
      expect(refused.code).toBe(Code.ResourceExhausted);
      expect(refused.message).toMatch(/memory/i);
    }
    const searches = await searchesDuring(client, servingId, 5);
    const symbols = await outcome(client.getSymbols({ indexId: servingId, coordinates: ['object:Country'] }));
    report('redis-oom', {
      fillerBytes: stored,
      ensure: outcomeText,
      searches: codeNames(searches),
      getSymbols: symbols.code === 'ok' ? 'ok' : Code[symbols.code],
    });
    expect([...searches.keys()]).toEqual(['ok']);
    expect(symbols.code).toBe('ok');
  });
});
