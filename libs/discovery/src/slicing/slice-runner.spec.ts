/**
 * Slices in a worker thread (issue 23 finding 9): the same slice as on this
 * thread, the SDL sent once per index, the event loop free while a slice
 * runs (a timer keeps firing: counted, never timed), and a slice over its
 * budget answered deadline_exceeded with the worker started again.
 */
import { afterEach, describe, expect, it } from '@jest/globals';
import { sliceFromHits } from '@discovery/schema-slice';
import { COSMO_DEMO, LexicalSchemaIndex, readFixture, SHOPIFY_ADMIN } from '@discovery/schema-slice/testing';
import type { LoadedIndex } from '@discovery/index-reader';
import { SliceWorkerRunner } from './slice-runner.js';

const runners: SliceWorkerRunner[] = [];
afterEach(async () => {
  await Promise.all(runners.splice(0).map((runner) => runner.close()));
});

function runner(sdls: Record<string, string>, budgetMs?: number): { runner: SliceWorkerRunner; fetched: string[] } {
  const fetched: string[] = [];
  const made = new SliceWorkerRunner(
    async (id) => {
      fetched.push(id);
      return sdls[id];
    },
    budgetMs ? { budgetMs } : {},
  );
  runners.push(made);
  return { runner: made, fetched };
}

const indexOf = (id: string) => ({ id }) as LoadedIndex;

describe('SliceWorkerRunner', () => {
  it('slices as the in-process slicer does, fetching each SDL once', async () => {
    const sdl = readFixture(COSMO_DEMO);
    const local = new LexicalSchemaIndex(sdl);
    const { runner: slices, fetched } = runner({ a: sdl });
    const query = 'employees and their current mood';
    const hits = await local.search({ query, limit: 60, roots: ['query'] });
    expect(await slices.rootNames(indexOf('a'))).toEqual({ query: 'Query', mutation: 'Mutation', subscription: 'Subscription' });
    const remote = await slices.slice(indexOf('a'), { query, hits, maxTokens: 2000, roots: ['query'] });
    expect(remote).toEqual(sliceFromHits(local.schema, query, hits, { maxTokens: 2000, roots: ['query'] }));
    await slices.slice(indexOf('a'), { query, hits, maxTokens: 1000, roots: ['query'] });
    expect(fetched).toEqual(['a']);
  });

  it('keeps the event loop free while a large slice runs', async () => {
    const sdl = readFixture(SHOPIFY_ADMIN);
    const local = new LexicalSchemaIndex(sdl);
    const query = 'orders that are unfulfilled with their shipping address and total price';
    const hits = await local.search({ query, limit: 100, roots: ['query'] });
    const { runner: slices } = runner({ s: sdl });
    await slices.rootNames(indexOf('s'));
    let ticks = 0;
    const timer = setInterval(() => (ticks += 1), 1);
    let sliced = 0;
    try {
      for (const maxTokens of [32_000, 31_000, 30_000]) {
        const before = ticks;
        const slice = await slices.slice(indexOf('s'), { query, hits, maxTokens, roots: ['query'] });
        expect(slice.tokens).toBeLessThanOrEqual(maxTokens);
        // The timer fired while the worker sliced: this thread was never blocked for the slice.
        expect(ticks).toBeGreaterThan(before + 3);
        sliced += 1;
      }
    } finally {
      clearInterval(timer);
    }
    expect(sliced).toBe(3);
  }, 60_000);

  it('answers deadline_exceeded for a slice over its budget, and slices again afterwards', async () => {
    const sdl = readFixture(SHOPIFY_ADMIN);
    const local = new LexicalSchemaIndex(sdl);
    const query = 'orders with customers';
    const hits = await local.search({ query, limit: 100, roots: ['query'] });
    const { runner: slices } = runner({ s: sdl }, 1);
    await expect(slices.slice(indexOf('s'), { query, hits, maxTokens: 32_000, roots: ['query'] })).rejects.toMatchObject({ code: 'DEADLINE_EXCEEDED' });
    const { runner: patient } = runner({ s: sdl });
    expect((await patient.slice(indexOf('s'), { query, hits, maxTokens: 2_000, roots: ['query'] })).tokens).toBeGreaterThan(0);
  }, 60_000);
});
