/**
 * Indexer replicas on one Redis, as separate processes of the built
 * indexer: 50 concurrent EnsureIndex calls over two replicas cause one
 * build; a delete and a rebuild on one replica are seen by the other's
 * cache; a replica killed (SIGKILL) mid-build leaves the job to the other
 * replica (BullMQ stalled-job recovery), which finishes it, one build at a
 * time.
 */
import { afterAll, afterEach, describe, expect, it } from '@jest/globals';
import { Code } from '@connectrpc/connect';
import { IndexStatus } from '@discovery/proto';
import { closeTestRedis, createTestRedis, uniquePrefix, waitFor } from '@discovery/testing';
import { codeOf } from './support/connect-calls.js';
import { report } from './support/figures.js';
import { deepTypeChain } from './support/hostile-schemas.js';
import { spawnIndexer, type IndexerProcess } from './support/indexer-process.js';
import { dropPrefix, fixture, TOKENS, unique, untilSettled } from './support/test-indexer.js';

const running: IndexerProcess[] = [];
const prefixes: string[] = [];

async function replicas(count: number, env: Record<string, string> = {}): Promise<IndexerProcess[]> {
  const prefix = uniquePrefix('rel-replicas');
  prefixes.push(prefix);
  const started = await Promise.all(Array.from({ length: count }, () => spawnIndexer({ REDIS_KEY_PREFIX: prefix, ...env })));
  running.push(...started);
  return started;
}

afterEach(async () => {
  await Promise.all(running.splice(0).map((p) => p.stop()));
});

afterAll(async () => {
  for (const prefix of prefixes) await dropPrefix(prefix);
});

describe('two indexer replicas on one Redis', () => {
  it('builds once for 50 concurrent EnsureIndex calls spread over both', async () => {
    const [a, b] = await replicas(2);
    const sdl = unique(fixture('cosmo-demo.graphql'));
    const results = await Promise.all(
      Array.from({ length: 50 }, (_, i) => (i % 2 ? a! : b!).client(i % 3 ? TOKENS.acme : TOKENS.globex, { binary: i % 4 === 0 }).ensureIndex({ sdl })),
    );
    const ids = new Set(results.map((r) => r.index!.indexId));
    expect(ids.size).toBe(1);
    const [indexId] = [...ids];
    expect((await untilSettled(a!.client(TOKENS.acme), indexId!)).status).toBe(IndexStatus.READY);
    await waitFor(
      async () => (await a!.metric('discovery_index_builds_total')) + (await b!.metric('discovery_index_builds_total')) >= 1,
      30_000,
      'the build metric',
    );
    const builds = (await a!.metric('discovery_index_builds_total')) + (await b!.metric('discovery_index_builds_total'));
    report('concurrent-ensure', { callers: 50, replicas: 2, builds });
    expect(builds).toBe(1);
  });

  it('sees a delete and a rebuild made on the other replica', async () => {
    const [a, b] = await replicas(2);
    const sdl = unique(fixture('countries.graphql'));
    const onA = a!.client(TOKENS.acme);
    const onB = b!.client(TOKENS.acme, { binary: true });
    const { indexId } = (await onA.ensureIndex({ sdl })).index!;
    expect((await untilSettled(onA, indexId)).status).toBe(IndexStatus.READY);
    expect((await onB.searchSchema({ indexId, query: 'country capital' })).hits.length).toBeGreaterThan(0); // B caches it

    await onA.deleteIndex({ indexId });
    await waitFor(async () => (await codeOf(onB.searchSchema({ indexId, query: 'country capital' }))) === Code.NotFound, 10_000, 'B to see the delete');
    expect(await codeOf(onB.getSymbols({ indexId, coordinates: ['object:Country'] }))).toBe(Code.NotFound);

    const rebuilt = (await onA.ensureIndex({ sdl })).index!;
    expect(rebuilt.indexId).toBe(indexId);
    expect((await untilSettled(onB, indexId)).status).toBe(IndexStatus.READY);
    expect((await onB.getSymbols({ indexId, coordinates: ['object:Country'] })).symbols).toHaveLength(1);
  });

  it('finishes a build on the surviving replica when the building one is killed', async () => {
    const [a] = await replicas(1);
    const sdl = unique(deepTypeChain(3_000).sdl);
    const { indexId } = (await a!.client(TOKENS.acme).ensureIndex({ sdl })).index!;
    const prefix = prefixes.at(-1)!;
    // A's event loop is busy building (finding F4), so ask Redis, not A, whether the job is active.
    const redis = createTestRedis();
    try {
      await waitFor(async () => (await redis.llen(`{${prefix}jobs}:index-build:active`)) === 1, 30_000, 'the build to be active on A');
    } finally {
      await closeTestRedis(redis);
    }
    const b = await spawnIndexer({ REDIS_KEY_PREFIX: prefix });
    running.push(b);
    await a!.kill();
    const killedAt = Date.now();
    const onB = b.client(TOKENS.acme);
    expect(await codeOf(onB.getIndex({ indexId }))).toBe('ok');
    const transportErrors = { count: 0 };
    const index = await untilSettled(onB, indexId, 240_000, transportErrors);
    report('replica-killed-mid-build', {
      status: IndexStatus[index.status],
      symbols: String(index.symbolCount),
      recoveredAfterMs: Date.now() - killedAt,
      buildsOnSurvivor: await b.metric('discovery_index_builds_total'),
      pollsFailedInTransport: transportErrors.count,
    });
    expect(index.status).toBe(IndexStatus.READY);
    expect(await b.metric('discovery_index_builds_total')).toBe(1);
    expect((await onB.searchSchema({ indexId, query: 'value next' })).hits.length).toBeGreaterThan(0);
  });
});
