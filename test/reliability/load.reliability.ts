/**
 * Bounded load runs against an indexer process over Connect on loopback
 * (count and duration capped): sustained searches with p50/p99, errors and
 * resident memory from the warm start to the end; then 200 distinct schemas
 * indexed and searched in turn through a cache far smaller than them
 * (INDEX_CACHE_MAX_BYTES), with correct answers, the cache gauge under its
 * limit, and eviction by idle time.
 */
import { afterAll, describe, expect, it } from '@jest/globals';
import { Code } from '@connectrpc/connect';
import { IndexStatus } from '@discovery/proto';
import { sleep, uniquePrefix, waitFor } from '@discovery/testing';
import { outcome } from './support/connect-calls.js';
import { report, summarize } from './support/figures.js';
import { spawnIndexer, type IndexerProcess } from './support/indexer-process.js';
import { dropPrefix, fixture, TOKENS, unique, untilSettled, type Yoko } from './support/test-indexer.js';

const QUERIES = ['employee details', 'product price', 'current mood', 'team members', 'department', 'create', 'availability', 'country capital'];
const prefixes: string[] = [];
afterAll(async () => {
  for (const prefix of prefixes) await dropPrefix(prefix);
});

async function start(env: Record<string, string> = {}): Promise<IndexerProcess> {
  const prefix = uniquePrefix('rel-load');
  prefixes.push(prefix);
  return spawnIndexer({ REDIS_KEY_PREFIX: prefix, ...env });
}

/** Runs `total` searches with `concurrency` callers, stopping at `maxMs`; returns latencies and errors. */
async function searchLoad(clients: Yoko[], ids: string[], total: number, concurrency: number, maxMs: number) {
  const latencies: number[] = [];
  const errors = new Map<string, number>();
  let next = 0;
  const deadline = Date.now() + maxMs;
  const worker = async (w: number) => {
    while (next < total && Date.now() < deadline) {
      const i = next++;
      const started = performance.now();
      const result = await outcome(
        clients[(i + w) % clients.length]!.searchSchema({ indexId: ids[i % ids.length]!, query: QUERIES[i % QUERIES.length]!, limit: 10 }),
      );
      latencies.push(performance.now() - started);
      if (result.code !== 'ok') errors.set(Code[result.code], (errors.get(Code[result.code]) ?? 0) + 1);
    }
  };
  const began = Date.now();
  await Promise.all(Array.from({ length: concurrency }, (_, w) => worker(w)));
  return { latencies, errors, seconds: (Date.now() - began) / 1000 };
}

describe('bounded load', () => {
  it('serves sustained searches with no errors and flat memory', async () => {
    const indexer = await start();
    try {
      const clients = [indexer.client(TOKENS.acme), indexer.client(TOKENS.acme, { binary: true }), indexer.client(TOKENS.globex)];
      const ids: string[] = [];
      for (const name of ['cosmo-demo.graphql', 'countries.graphql', 'swapi.graphql']) {
        for (const client of [clients[0]!, clients[2]!]) {
          const { indexId } = (await client.ensureIndex({ sdl: fixture(name) })).index!;
          expect((await untilSettled(client, indexId)).status).toBe(IndexStatus.READY);
        }
        ids.push((await clients[0]!.listIndexes({})).indexes.at(-1)!.indexId);
      }
      const warm = await searchLoad(clients, ids, 3_000, 8, 120_000); // warm up: caches, JIT, sockets
      process.stdout.write(`warm-up errors: ${[...warm.errors].map(([c, n]) => `${c}:${n}`).join(',')}\n`);
      // Four rounds of 5,000: a leak grows round after round; a heap settling does not.
      const rounds: { latencies: number[]; errors: Map<string, number>; seconds: number }[] = [];
      const rss: number[] = [indexer.rssBytes()];
      for (let r = 0; r < 4; r++) {
        rounds.push(await searchLoad(clients, ids, 5_000, 8, 120_000));
        rss.push(indexer.rssBytes());
      }
      const run = {
        latencies: rounds.flatMap((r) => r.latencies),
        errors: new Map<string, number>(rounds.flatMap((r) => [...r.errors])),
        seconds: rounds.reduce((a, r) => a + r.seconds, 0),
      };
      const [warmRss, , , afterRound3, endRss] = rss as [number, number, number, number, number];
      const summary = summarize(run.latencies);
      report('load-search', {
        requests: summary.count,
        errors: [...run.errors.values()].reduce((a, b) => a + b, 0),
        errorCodes: [...run.errors].map(([c, n]) => `${c}:${n}`).join(',') || '-',
        perSecond: (summary.count / run.seconds).toFixed(0),
        p50Ms: summary.p50,
        p99Ms: summary.p99,
        maxMs: summary.max,
        rssByRound: rss.map((b) => `${(b / 1024 / 1024).toFixed(0)}MiB`).join('>'),
        lastRoundGrowthPercent: (((endRss - afterRound3) / afterRound3) * 100).toFixed(1),
        totalGrowthPercent: (((endRss - warmRss) / warmRss) * 100).toFixed(1),
      });
      expect(run.errors.size).toBe(0);
      expect(summary.count).toBeGreaterThan(1_000);
      // No leak: the last round adds no more than a few percent (GC timing makes it noisy, hence 5 %).
      expect(endRss).toBeLessThan(afterRound3 * 1.05);
    } finally {
      await indexer.stop();
    }
  });

  it('indexes and searches 200 distinct schemas through a cache smaller than them', async () => {
    const cacheLimit = 1024 * 1024;
    const indexer = await start({ INDEX_CACHE_MAX_BYTES: String(cacheLimit), INDEX_IDLE_TTL: '90s' });
    try {
      const client = indexer.client(TOKENS.acme, { binary: true });
      const schemas = Array.from({ length: 200 }, (_, i) => distinctSchema(i));
      const ids: string[] = [];
      let maxCacheBytes = 0;
      const startRss = indexer.rssBytes();
      for (let batch = 0; batch < 200; batch += 20) {
        const slice = schemas.slice(batch, batch + 20);
        const ensured = await Promise.all(slice.map((sdl) => client.ensureIndex({ sdl })));
        for (const e of ensured) ids.push(e.index!.indexId);
        for (const e of ensured) expect((await untilSettled(client, e.index!.indexId, 120_000)).status).toBe(IndexStatus.READY);
      }
      let wrong = 0;
      for (let round = 0; round < 2; round++) {
        for (let i = 0; i < ids.length; i++) {
          const { hits } = await client.searchSchema({ indexId: ids[i]!, query: `marker${i} gadget`, limit: 3 });
          if (hits[0]?.coordinate !== `field:Gadget${i}.marker${i}`) wrong++;
          if (i % 25 === 0) maxCacheBytes = Math.max(maxCacheBytes, await indexer.metric('discovery_index_cache_bytes'));
        }
      }
      const endRss = indexer.rssBytes();
      // Idle eviction: nothing touches the indexes for longer than INDEX_IDLE_TTL.
      await sleep(95_000);
      await waitFor(async () => (await outcome(client.getIndex({ indexId: ids[0]! }))).code === Code.NotFound, 60_000, 'idle eviction');
      const evicted = await indexer.metric('discovery_indexes_evicted_total');
      const listed = (await client.listIndexes({})).indexes.length;
      let gone = 0;
      for (const id of ids.filter((_, i) => i % 10 === 0)) if ((await outcome(client.getIndex({ indexId: id }))).code === Code.NotFound) gone++;
      report('many-graphs', {
        schemas: 200,
        searches: 400,
        wrongTopHit: wrong,
        cacheLimitBytes: cacheLimit,
        maxCacheGaugeBytes: maxCacheBytes,
        startRssBytes: startRss,
        endRssBytes: endRss,
        evictedMetric: evicted,
        listedAfterIdle: listed,
        sampledGone: `${gone}/20`,
      });
      expect(wrong).toBe(0);
      expect(maxCacheBytes).toBeLessThanOrEqual(cacheLimit);
      expect(listed).toBe(0);
      expect(gone).toBe(20);
    } finally {
      await indexer.stop();
    }
  });
});

/** A small schema of its own: one query field and a type with a unique marker field. */
function distinctSchema(i: number): string {
  const fields = Array.from({ length: 60 }, (_, f) => `  attribute${f}: String`).join('\n');
  return unique(`type Query { gadgets${i}: [Gadget${i}] }\n"""A gadget of catalogue ${i}"""\ntype Gadget${i} {\n  marker${i}: String\n${fields}\n}`, `g${i}-`);
}
