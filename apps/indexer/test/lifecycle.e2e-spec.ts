/**
 * Index lifecycles that need their own indexer processes: a stale index
 * rebuilt in place after the embedding model changes (it serves throughout),
 * and idle eviction with a short INDEX_IDLE_TTL.
 */
import { afterEach, describe, expect, it } from '@jest/globals';
import { readFileSync } from 'node:fs';
import { Code, ConnectError } from '@connectrpc/connect';
import { IndexStatus } from '@discovery/proto';
import { readMetric, sleep, uniquePrefix, waitFor } from '@discovery/testing';
import { dropPrefix, startTestIndexer, TOKENS, type RunningIndexer } from './indexer-harness.js';

const cosmo = readFileSync(new URL('../../../test/fixtures/schemas/cosmo-demo.graphql', import.meta.url), 'utf8');
const running: RunningIndexer[] = [];

afterEach(async () => {
  for (const indexer of running.splice(0)) {
    await indexer.stop();
    await dropPrefix(indexer.prefix);
  }
});

async function start(env: Record<string, string>, prefix?: string): Promise<RunningIndexer> {
  const indexer = await startTestIndexer(env, prefix);
  running.push(indexer);
  return indexer;
}

describe('index lifecycle', () => {
  it('rebuilds an index of an older version in place while it keeps serving', async () => {
    const prefix = uniquePrefix('stale');
    const old = await start({ EMBEDDINGS_PROVIDER: 'none' }, prefix);
    const client = old.client(TOKENS.acme);
    const { indexId } = (await client.ensureIndex({ sdl: cosmo })).index!;
    await waitFor(async () => (await client.getIndex({ indexId })).index!.status === IndexStatus.READY, 30_000);
    await old.stop();
    running.splice(running.indexOf(old), 1);

    // The same store, a newer indexer: another embedding model is another index version.
    const fresh = await start({ EMBEDDINGS_PROVIDER: 'static' }, prefix);
    const next = fresh.client(TOKENS.acme, { binary: true });
    const before = (await next.getIndex({ indexId })).index!;
    expect(before).toMatchObject({ status: IndexStatus.READY, stale: true });
    const ensured = (await next.ensureIndex({ sdl: cosmo })).index!;
    expect(ensured.status).toBe(IndexStatus.READY);
    const { hits } = await next.searchSchema({ indexId, query: 'employee details', kinds: ['field'] });
    expect(hits.length).toBeGreaterThan(0);
    await waitFor(async () => !(await next.getIndex({ indexId })).index!.stale, 60_000, 'the in-place rebuild');
    const after = (await next.getIndex({ indexId })).index!;
    expect(after.status).toBe(IndexStatus.READY);
    expect(Number(after.indexedAt!.seconds)).toBeGreaterThanOrEqual(Number(before.indexedAt!.seconds));
  });

  it('evicts an index nobody used for INDEX_IDLE_TTL; any read counts as use', async () => {
    const indexer = await start({ INDEX_IDLE_TTL: '4s' });
    const client = indexer.client(TOKENS.acme);
    const { indexId } = (await client.ensureIndex({ sdl: cosmo })).index!;
    await waitFor(async () => (await client.getIndex({ indexId })).index!.status === IndexStatus.READY, 30_000);
    // Uses spaced well inside the idle period (margins for a loaded 2-core machine), spanning more than one period.
    for (let i = 0; i < 5; i++) {
      await sleep(1_000);
      await client.searchSchema({ indexId, query: 'employee' }); // a use: the idle period starts again
    }
    expect((await client.getIndex({ indexId })).index!.status).toBe(IndexStatus.READY);
    await sleep(6_000);
    const error = await client.getIndex({ indexId }).then(
      () => undefined,
      (e: unknown) => ConnectError.from(e),
    );
    expect(error?.code).toBe(Code.NotFound);
    expect((await client.listIndexes({})).indexes.map((i) => i.indexId)).not.toContain(indexId);
    // The expiry is seen by the sweep (every 2 s with this TTL) and counted once (finding F5).
    const idleEvictions = () => readMetric(indexer.baseUrl, 'discovery_indexes_evicted_total', { reason: 'idle' });
    await waitFor(async () => (await idleEvictions()) === 1, 10_000, 'the idle eviction to be counted');
    await sleep(2_500); // another sweep: still counted once
    expect(await idleEvictions()).toBe(1);
  });
});
