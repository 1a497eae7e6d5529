/**
 * What the reader counts against INDEX_CACHE_MAX_BYTES matches what its loaded indexes really hold
 * (docs/performance.md, "What the cache counts, measured"): copies of real schemas opened, searched
 * and their hits serialized as the API does, then the bytes counted against the heap and
 * ArrayBuffer growth measured with full collections. Over-counting evicts early, under-counting
 * breaks the memory bound; the band is wide enough for the collector's noise, narrow enough that
 * the previous accounting (0.53 of the blocks, 1.55 of the decoded symbols, 0.8 overall) fails.
 */
import { readFileSync } from 'node:fs';
import { setFlagsFromString } from 'node:v8';
import { runInNewContext } from 'node:vm';
import { describe, expect, it } from '@jest/globals';
import { indexIdForSdl } from '@discovery/proto';
import { ARTIFACT_PART, BLOCK_SYMBOLS, buildSearchIndex, openIndexArtifact, writeIndexArtifact } from '@discovery/ranking';
import { buildSchemaFromSdl, extractSymbols, searchHitRecord, type SchemaSymbol } from '@discovery/schema-symbols';
import { MemoryIndexStore } from '@discovery/storage';
import { DecodedSymbols } from './decoded-symbols.js';
import { IndexReader } from './index-reader.js';

setFlagsFromString('--expose-gc');
const gc = runInNewContext('gc') as () => void;

function held(): number {
  gc();
  gc();
  const m = process.memoryUsage();
  return m.heapUsed + m.arrayBuffers;
}

const fixture = (name: string) => readFileSync(new URL(`../../../test/fixtures/schemas/${name}.graphql`, import.meta.url), 'utf8');
const artifactOf = (sdl: string) => writeIndexArtifact(buildSearchIndex(extractSymbols(buildSchemaFromSdl(sdl).schema)))[ARTIFACT_PART]!;

const QUERIES = [
  'order lines total price',
  'customer email',
  'create product variant',
  'cancel a checkout',
  'warehouse stock',
  'user by id',
  'list of collections',
  'update address',
  'discount code',
  'payment transactions refund',
  'shipping zone',
  'translations of a page',
];

/** Records serialized once per record, as the API's payload cache does (kept while the record lives). */
const payloads = new WeakMap<object, string>();
function serve(symbol: SchemaSymbol): void {
  const record = searchHitRecord(symbol.record);
  if (!payloads.has(record)) payloads.set(record, JSON.stringify(record));
}

describe('what the reader counts against the memory it holds', () => {
  it('keeps an inflated block in a buffer of its own, exactly the length it counts', () => {
    const artifact = artifactOf(fixture('cosmo-demo'));
    const decoded = new DecodedSymbols(0, 2 ** 20);
    const scope = decoded.scope();
    const index = openIndexArtifact(artifact, undefined, { decoded: scope });
    for (let i = 0; i < Math.min(index.symbols.length, 3 * BLOCK_SYMBOLS); i += BLOCK_SYMBOLS) index.symbolAt(i);
    let counted = 0;
    for (let b = 0; b < 3; b++) {
      const block = scope.block!(b)!;
      expect(block.buffer.byteLength).toBe(block.byteLength);
      counted += block.byteLength;
    }
    expect(decoded.blocksHeld).toEqual({ count: 3, bytes: counted });
  });

  it('counts loaded indexes, their decoded symbols and inflated blocks within 0.85-1.2 of the memory they hold after searches', async () => {
    const store = new MemoryIndexStore();
    const bases = ['saleor', 'shopify-admin', 'anilist', 'cosmo-demo'].map((name) => ({ name, sdl: fixture(name), artifact: artifactOf(fixture(name)) }));
    const ids: string[] = [];
    for (let copy = 0; copy < 3; copy++) {
      for (const base of bases) {
        const id = indexIdForSdl(`${base.name} ${copy}`);
        await store.ensure(id, base.sdl, 'acme', Date.now());
        await store.putArtifacts(id, { [ARTIFACT_PART]: Buffer.from(base.artifact) }, { state: 'ready', builtVersion: 'v1', indexedAt: 1 });
        ids.push(id);
      }
    }
    const reader = new IndexReader(store, undefined, { idleTtlMs: 60_000, currentVersion: 'v1', cacheMaxBytes: 2 ** 32, vectorWeight: 0 });
    // Warm the code paths (and the ranking's process-wide tables) on an index outside the measure.
    const warm = indexIdForSdl('warm-up');
    await store.ensure(warm, bases[0]!.sdl, 'acme', Date.now());
    await store.putArtifacts(warm, { [ARTIFACT_PART]: Buffer.from(bases[0]!.artifact) }, { state: 'ready', builtVersion: 'v1', indexedAt: 1 });
    const warmIndex = await reader.open(warm);
    for (const query of QUERIES) for (const hit of await reader.search(warmIndex, { query, limit: 20 })) serve(hit.symbol);
    reader.invalidate(warm);
    const countedBefore = reader.heldBytes;
    const before = held();
    for (const id of ids) {
      const index = await reader.open(id);
      for (let round = 0; round < 4; round++) {
        for (const query of QUERIES) for (const hit of await reader.search(index, { query: `${query} ${round}`, limit: 20 })) serve(hit.symbol);
      }
    }
    const ratio = (reader.heldBytes - countedBefore) / (held() - before);
    expect(reader.cachedIndexes).toBe(ids.length);
    expect(ratio).toBeGreaterThan(0.85);
    expect(ratio).toBeLessThan(1.2);
  });
});
