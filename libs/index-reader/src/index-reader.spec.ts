/**
 * The one index reader over the memory store: tenancy when a tenant is given, trusted opens
 * without one (the generator), readiness and its error codes, a rebuilt index loaded afresh,
 * and the schema built once per load.
 */
import { describe, expect, it } from '@jest/globals';
import { indexIdForSdl } from '@discovery/proto';
import { ARTIFACT_PART, buildSearchIndex, quantizeVector, serializeSearchIndex, VECTORS_PART, writeIndexArtifact } from '@discovery/ranking';
import { buildSchemaFromSdl, extractSymbols } from '@discovery/schema-symbols';
import { MemoryIndexStore } from '@discovery/storage';
import { IndexReader } from './index-reader.js';
import { IndexReadErrorCode } from './index-reader.errors.js';

const V1 = 'type Query { employees: [Employee!]! }\ntype Employee { id: ID! name: String }';
const V2 = `${V1}\ntype Team { id: ID! }\nextend type Query { teams: [Team!]! }`;

function artifacts(sdl: string) {
  return serializeSearchIndex(buildSearchIndex(extractSymbols(buildSchemaFromSdl(sdl).schema)));
}

async function readyIndex(store: MemoryIndexStore, sdl: string, tenant = 'acme', indexedAt = 1) {
  const id = indexIdForSdl(sdl);
  await store.ensure(id, sdl, tenant, Date.now());
  await store.putArtifacts(id, artifacts(sdl), { state: 'ready', builtVersion: 'v1', indexedAt });
  return id;
}

const reader = (store: MemoryIndexStore) =>
  new IndexReader(store, undefined, { idleTtlMs: 60_000, currentVersion: 'v1', cacheMaxBytes: 64 << 20, verifyIntervalMs: 0 });

describe('IndexReader', () => {
  it('checks the tenant when one is given, and not without one', async () => {
    const store = new MemoryIndexStore();
    const id = await readyIndex(store, V1);
    const r = reader(store);
    await expect(r.open(id, 'globex')).rejects.toMatchObject({ code: IndexReadErrorCode.NotFound, message: `index ${id} not found` });
    const index = await r.open(id);
    expect((await r.search(index, { query: 'employees' }))[0]?.symbol.coordinate).toBe('field:Query.employees');
    expect((await r.open(id, 'acme')).id).toBe(id);
  });

  it('gives the parts of the build it loaded for a search elsewhere (none for a previous format) and its ranking plan', async () => {
    const store = new MemoryIndexStore();
    const id = indexIdForSdl(V1);
    await store.ensure(id, V1, 'acme', Date.now());
    await store.putArtifacts(id, writeIndexArtifact(buildSearchIndex(extractSymbols(buildSchemaFromSdl(V1).schema))), {
      state: 'ready',
      builtVersion: 'v1',
      indexedAt: 1,
    });
    const r = reader(store);
    const loaded = await r.open(id);
    const stored = (await store.getArtifacts(id))?.[ARTIFACT_PART];
    const parts = r.searchParts(loaded);
    expect(parts?.artifact).toEqual(stored);
    expect(parts?.vectors).toBeUndefined();
    expect(await r.searchPlan(loaded, 'employees')).toEqual({ ranking: expect.objectContaining({ vectorWeight: expect.any(Number) }) });
    // A rebuild since: the loaded index still gives its own build's parts (the worker keys them by build).
    await store.putArtifacts(id, writeIndexArtifact(buildSearchIndex(extractSymbols(buildSchemaFromSdl(V2).schema))), {
      state: 'ready',
      builtVersion: 'v1',
      indexedAt: 2,
    });
    expect(r.searchParts(loaded)?.artifact).toEqual(stored);
    // readyIndex stores the previous format (serialized parts, no artifact).
    const old = new MemoryIndexStore();
    const oldReader = reader(old);
    expect(oldReader.searchParts(await oldReader.open(await readyIndex(old, V2)))).toBeUndefined();
  });

  it('says not_ready while building and not_found for an unknown index', async () => {
    const store = new MemoryIndexStore();
    const id = indexIdForSdl(V1);
    await store.ensure(id, V1, 'acme', Date.now());
    await expect(new IndexReader(store, undefined, { idleTtlMs: 60_000, currentVersion: 'v1', cacheMaxBytes: 1 << 20 }).open(id)).rejects.toMatchObject({
      code: IndexReadErrorCode.NotReady,
      message: 'index is still being built',
    });
    await expect(reader(store).open(indexIdForSdl(V2))).rejects.toMatchObject({ code: IndexReadErrorCode.NotFound });
  });

  it('loads a rebuilt index afresh (same version, new build time) and builds its schema once', async () => {
    const store = new MemoryIndexStore();
    const id = await readyIndex(store, V1);
    const r = reader(store);
    const first = await r.open(id);
    expect(await r.schema(first)).toBe(await r.schema(first));
    expect(await r.open(id)).toBe(first);
    await store.putArtifacts(id, artifacts(V2), { state: 'ready', builtVersion: 'v1', indexedAt: 2 });
    const second = await r.open(id);
    expect(second).not.toBe(first);
    expect(r.getSymbols(second, ['object:Team'])).toHaveLength(1);
  });

  it('serves the compact artifact, reading its vectors only when meaning is weighted', async () => {
    const store = new MemoryIndexStore();
    const id = indexIdForSdl(V2);
    const symbols = extractSymbols(buildSchemaFromSdl(V2).schema);
    const parts = writeIndexArtifact(
      buildSearchIndex(
        symbols,
        symbols.map((_, i) => quantizeVector(Float32Array.from([1, i]))),
      ),
    );
    await store.ensure(id, V2, 'acme', Date.now());
    await store.putArtifacts(id, parts, { state: 'ready', builtVersion: 'v1', indexedAt: 1 });
    const reads: (readonly string[] | undefined)[] = [];
    const getArtifacts = store.getArtifacts.bind(store);
    store.getArtifacts = (indexId, only) => {
      reads.push(only);
      return getArtifacts(indexId, only);
    };
    const plain = await reader(store).open(id);
    expect(plain.search.vectors).toBeUndefined();
    expect(reads).toEqual([[ARTIFACT_PART]]);
    const embedder = { embedQuery: async () => Float32Array.from([1, 0]) };
    const weighted = new IndexReader(store, embedder, { idleTtlMs: 60_000, currentVersion: 'v1', cacheMaxBytes: 64 << 20, vectorWeight: 0.5 });
    expect((await weighted.open(id)).search.vectors).toHaveLength(symbols.length * 2);
    expect(reads[1]).toBeUndefined();
    const [hit] = await weighted.search(await weighted.open(id), { query: 'teams' });
    expect(hit?.symbol).toEqual(symbols.find((s) => s.coordinate === hit?.symbol.coordinate));
    expect(Object.keys(parts)).toEqual([ARTIFACT_PART, VECTORS_PART]);
  });

  it('counts a built schema in the cache bytes, evicting others beyond the budget', async () => {
    const store = new MemoryIndexStore();
    const put = async (sdl: string) => {
      const id = indexIdForSdl(sdl);
      await store.ensure(id, sdl, 'acme', Date.now());
      await store.putArtifacts(id, writeIndexArtifact(buildSearchIndex(extractSymbols(buildSchemaFromSdl(sdl).schema))), {
        state: 'ready',
        builtVersion: 'v1',
        indexedAt: 1,
      });
      return id;
    };
    const [a, b] = [await put(V1), await put(V2)];
    const sizes = [(await reader(store).open(a)).bytes, (await reader(store).open(b)).bytes];
    const small = new IndexReader(store, undefined, {
      idleTtlMs: 60_000,
      currentVersion: 'v1',
      cacheMaxBytes: sizes[0]! + sizes[1]! + 100,
      decodedSymbolBytes: 0,
      inflatedBlockBytes: 0,
      verifyIntervalMs: 0,
    });
    const first = await small.open(a);
    await small.open(b);
    expect(small.cachedIndexes).toBe(2);
    await small.schema(first);
    expect(first.bytes).toBe(sizes[0]! + Buffer.byteLength(V1) * 8);
    expect(small.cachedIndexes).toBe(1);
    expect(await small.open(a)).toBe(first);
  });
});
