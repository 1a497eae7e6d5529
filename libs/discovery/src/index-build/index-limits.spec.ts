/**
 * Per-index limits: the SDL scan is a lower bound of the real symbol count on every fixture schema,
 * and a build over a limit is FAILED at once (no retry) with a reason naming the limit.
 */
import { describe, expect, it } from '@jest/globals';
import { readdirSync, readFileSync } from 'node:fs';
import { buildSchemaFromSdl, estimateSymbols, extractSymbols } from '@discovery/schema-symbols';
import { InProcessEventBus, MemoryIndexStore, UnrecoverableJobError, type JobContext } from '@discovery/storage';
import { IndexBuilder } from '../index-builder.js';
import { indexIdForSdl } from '@discovery/proto';

const FIXTURES = new URL('../../../../test/fixtures/schemas/', import.meta.url);
const fixtures = readdirSync(FIXTURES).filter((name) => name.endsWith('.graphql'));

const ctx = (indexId: string, attempt = 1): JobContext => ({
  jobId: indexId,
  attempt,
  signal: new AbortController().signal,
  progress: async () => undefined,
});

describe('estimateSymbols', () => {
  it.each(fixtures)('is at most the symbols extracted from %s', (name) => {
    const sdl = readFileSync(new URL(name, FIXTURES), 'utf8');
    const actual = extractSymbols(buildSchemaFromSdl(sdl, { maxBytes: 64 << 20 }).schema).length;
    const estimate = estimateSymbols(sdl);
    expect(estimate).toBeLessThanOrEqual(actual);
    expect(estimate).toBeGreaterThan(actual / 3);
  });

  it('skips strings, comments, arguments, nested values and extensions', () => {
    const sdl = `
      schema { query: Q }
      "a: b { c: d }" type Q { """x: { y: z }""" f(a: Int = 1, b: In = { k: 1 }): Int # g: Int
        h: [Int] @d(a: "x: y") }
      extend type Q { i: Int }
      input In { k: Int }
      enum E { A B }`;
    // Q, In, E and the members f, h, i, k (schema block subtracted).
    expect(estimateSymbols(sdl)).toBe(7);
  });
});

describe('IndexBuilder limits', () => {
  const sdl = readFileSync(new URL('swapi.graphql', FIXTURES), 'utf8');

  it.each([
    ['MAX_INDEX_SYMBOLS', { maxSymbols: 50, maxStoredBytes: 1 << 30 }],
    ['MAX_INDEX_SYMBOLS', { maxSymbols: estimateSymbols(sdl), maxStoredBytes: 1 << 30 }],
    ['MAX_INDEX_BYTES', { maxSymbols: 1e6, maxStoredBytes: 64 * 1024 }],
    // Per-element limits (issue 23): swapi's longest name has 25 characters, its longest description 441.
    ['MAX_NAME_LENGTH', { maxSymbols: 1e6, maxStoredBytes: 1 << 30, elements: { maxNameLength: 20, maxDescriptionLength: 1e6, maxValueLength: 1e6 } }],
    ['MAX_DESCRIPTION_LENGTH', { maxSymbols: 1e6, maxStoredBytes: 1 << 30, elements: { maxNameLength: 100, maxDescriptionLength: 100, maxValueLength: 1e6 } }],
  ])('fails the first build over %s at once, naming it', async (limit, limits) => {
    const store = new MemoryIndexStore();
    const indexId = indexIdForSdl(sdl);
    await store.ensure(indexId, sdl, 'acme', Date.now());
    const builder = new IndexBuilder(store, new InProcessEventBus(), undefined, { version: 'v1', maxSdlBytes: 1 << 24, attempts: 3, limits });
    await expect(builder.handle({ indexId }, ctx(indexId))).rejects.toBeInstanceOf(UnrecoverableJobError);
    // Refused on the first of its three attempts: final, never retried.
    const meta = await store.getMeta(indexId);
    expect(meta?.state).toBe('failed');
    expect(meta?.error).toContain(`(${limit})`);
    expect(meta?.failure).toMatchObject({ kind: 'limit', limit });
    expect(await store.getArtifacts(indexId)).toBeUndefined();
    await store.close();
  });

  it('records the bytes a built index stores', async () => {
    const store = new MemoryIndexStore();
    const indexId = indexIdForSdl(sdl);
    await store.ensure(indexId, sdl, 'acme', Date.now());
    const builder = new IndexBuilder(store, new InProcessEventBus(), undefined, { version: 'v1', maxSdlBytes: 1 << 24, attempts: 1 });
    await builder.handle({ indexId }, ctx(indexId));
    const meta = await store.getMeta(indexId);
    const parts = Object.values((await store.getArtifacts(indexId))!).reduce((sum, part) => sum + part.byteLength, 0);
    expect(meta?.storedBytes).toBe(parts + Buffer.byteLength(sdl));
    await store.close();
  });
});
