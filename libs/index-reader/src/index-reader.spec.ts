/**
 * The one index reader over the memory store: tenancy when a tenant is given, trusted opens
 * without one (the generator), readiness and its error codes, a rebuilt index loaded afresh,
 * and the schema built once per load.
 */
import { describe, expect, it } from '@jest/globals';
import { indexIdForSdl } from '@discovery/proto';
import { buildSearchIndex, serializeSearchIndex } from '@discovery/ranking';
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

const reader = (store: MemoryIndexStore) => new IndexReader(store, undefined, { idleTtlMs: 60_000, currentVersion: 'v1', cacheMaxBytes: 64 << 20, verifyIntervalMs: 0 });

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
});
