/**
 * Slices in a worker thread (issue 23 finding 9): the same slice as on this
 * thread, the SDL sent once per index, the slice's search run there too (the
 * same hits as the reader's, its parts sent once per build, nothing searched
 * on this thread), the event loop free while a slice runs (a timer keeps
 * firing: counted, never timed), the thread at a lower priority than this
 * one, and a slice over its budget answered deadline_exceeded with the worker
 * started again.
 */
import { readdirSync, readFileSync } from 'node:fs';
import { afterEach, describe, expect, it } from '@jest/globals';
import { indexIdForSdl } from '@discovery/proto';
import { buildSearchIndex, serializeSearchIndex, writeIndexArtifact } from '@discovery/ranking';
import { buildSchemaFromSdl, extractSymbols } from '@discovery/schema-symbols';
import { sliceFromHits } from '@discovery/schema-slice';
import { COSMO_DEMO, LexicalSchemaIndex, readFixture, SHOPIFY_ADMIN } from '@discovery/schema-slice/testing';
import { IndexReader, type LoadedIndex } from '@discovery/index-reader';
import { MemoryIndexStore } from '@discovery/storage';
import { inProcessSlices, SliceWorkerRunner, type SliceSearchSource } from './slice-runner.js';

const runners: SliceWorkerRunner[] = [];
afterEach(async () => {
  await Promise.all(runners.splice(0).map((runner) => runner.close()));
});

function runner(
  sdls: Record<string, string>,
  budgetMs?: number,
  search?: SliceSearchSource,
  cacheMaxBytes?: number,
): { runner: SliceWorkerRunner; fetched: string[] } {
  const fetched: string[] = [];
  const made = new SliceWorkerRunner(
    async (id) => {
      fetched.push(id);
      return sdls[id];
    },
    { ...(budgetMs ? { budgetMs } : {}), ...(search ? { search } : {}), ...(cacheMaxBytes ? { cacheMaxBytes } : {}) },
  );
  runners.push(made);
  return { runner: made, fetched };
}

const indexOf = (id: string) => ({ id }) as LoadedIndex;

/** A reader over a memory store holding `sdl` built in the artifact format (or the previous one). */
async function storedIndex(sdl: string, format: 'artifact' | 'previous' = 'artifact') {
  const store = new MemoryIndexStore();
  const id = indexIdForSdl(sdl);
  const search = buildSearchIndex(extractSymbols(buildSchemaFromSdl(sdl).schema));
  await store.ensure(id, sdl, 'acme', Date.now());
  await store.putArtifacts(id, format === 'artifact' ? writeIndexArtifact(search) : serializeSearchIndex(search), {
    state: 'ready',
    builtVersion: 'v1',
    indexedAt: 1,
  });
  const reader = new IndexReader(store, undefined, { idleTtlMs: 60_000, currentVersion: 'v1', cacheMaxBytes: 256 << 20 });
  return { id, reader, index: await reader.open(id) };
}

/** The reader as a search source, counting what each member is asked. */
function counted(reader: IndexReader): { source: SliceSearchSource; calls: { search: number; searchParts: number; searchPlan: number } } {
  const calls = { search: 0, searchParts: 0, searchPlan: 0 };
  const source: SliceSearchSource = {
    search: (...args) => {
      calls.search += 1;
      return reader.search(...args);
    },
    searchParts: (...args) => {
      calls.searchParts += 1;
      return reader.searchParts(...args);
    },
    searchPlan: (...args) => {
      calls.searchPlan += 1;
      return reader.searchPlan(...args);
    },
  };
  return { source, calls };
}

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

  it('keeps the schemas its cache budget holds: one of two within 1.5 MiB, both by default', async () => {
    // COSMO_DEMO: 32 KB of SDL and 1,249 types, fields, arguments and enum values, counted about 0.9 MB.
    const sdl = readFixture(COSMO_DEMO);
    const small = runner({ a: sdl, b: sdl }, undefined, undefined, 1.5 * 2 ** 20);
    const large = runner({ a: sdl, b: sdl });
    for (const { runner: slices } of [small, large]) {
      for (const id of ['a', 'b', 'a', 'b']) await slices.rootNames(indexOf(id));
    }
    expect(small.fetched).toEqual(['a', 'b', 'a', 'b']);
    expect(large.fetched).toEqual(['a', 'b']);
  });

  it('searches in the worker: the same slice as the reader search and slicer here, parts sent once per build, nothing searched on this thread', async () => {
    const sdl = readFixture(COSMO_DEMO);
    const { id, reader, index } = await storedIndex(sdl);
    const { source, calls } = counted(reader);
    const { runner: slices, fetched } = runner({ [id]: sdl }, undefined, source);
    const here = inProcessSlices(reader);
    for (const [query, maxTokens] of [
      ['employees and their current mood', 2_000],
      ['products sold by a team with their upc', 4_000],
      ['update the mood of an employee', 1_000],
    ] as const) {
      const request = { query, maxTokens, roots: ['query' as const, 'mutation' as const] };
      expect(await slices.slice(index, request)).toEqual(await here.slice(index, request));
    }
    expect(calls).toEqual({ search: 0, searchParts: 1, searchPlan: 3 });
    expect(fetched).toEqual([id]);
  });

  it('searches here an index of the previous format, and slices it in the worker the same', async () => {
    const sdl = readFixture(COSMO_DEMO);
    const { id, reader, index } = await storedIndex(sdl, 'previous');
    const { source, calls } = counted(reader);
    const { runner: slices } = runner({ [id]: sdl }, undefined, source);
    const request = { query: 'employees and their current mood', maxTokens: 2_000, roots: ['query' as const] };
    expect(await slices.slice(index, request)).toEqual(await inProcessSlices(reader).slice(index, request));
    expect(calls.search).toBe(1);
  });

  it('moves SDL bytes to the worker without a copy, and slices them as the text', async () => {
    const sdl = readFixture(COSMO_DEMO);
    const bytes = Buffer.from(new ArrayBuffer(Buffer.byteLength(sdl)));
    bytes.write(sdl);
    const moved = new SliceWorkerRunner(async () => bytes);
    runners.push(moved);
    const query = 'employees and their current mood';
    const local = new LexicalSchemaIndex(sdl);
    const hits = await local.search({ query, limit: 60, roots: ['query'] });
    expect(await moved.slice(indexOf('b'), { query, hits, maxTokens: 2000, roots: ['query'] })).toEqual(
      sliceFromHits(local.schema, query, hits, { maxTokens: 2000, roots: ['query'] }),
    );
    // Transferred: this thread's buffer is detached, nothing of it was copied.
    expect(bytes.buffer.byteLength).toBe(0);
  });

  it('runs its thread at a lower priority than the thread that started it (Linux)', async () => {
    if (process.platform !== 'linux') return;
    const niceOf = (task: string): number => {
      const stat = readFileSync(`/proc/self/task/${task}/stat`, 'utf8');
      return Number(stat.slice(stat.lastIndexOf(')') + 2).split(' ')[16]);
    };
    const before = new Set(readdirSync('/proc/self/task'));
    const { runner: slices } = runner({ a: 'type Query { a: Int }' });
    await slices.rootNames(indexOf('a'));
    const started = readdirSync('/proc/self/task').filter((task) => !before.has(task));
    expect(started.map(niceOf)).toContain(niceOf(String(process.pid)) + 10);
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
