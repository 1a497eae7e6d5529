/**
 * Conformance suite for IndexStore + ResultCache: every adapter runs these
 * same cases (memory in *.spec.ts, Redis in *.int-spec.ts). Test support only.
 */
import { createHash } from 'node:crypto';
import { afterEach, beforeEach, describe, expect, it } from '@jest/globals';
import type { IndexStore } from '../index-store.js';
import type { ResultCache } from '../result-cache.js';
import { StorageError } from '../storage.errors.js';

export interface IndexStoreHarness {
  store: IndexStore;
  results: ResultCache;
  /** Closes what `make` opened and removes what the test wrote. */
  dispose(): Promise<void>;
}

export function idFor(sdl: string): string {
  return `sha256:${createHash('sha256').update(sdl).digest('hex')}`;
}

const SDL = 'type Query { hello: String }\n"Grüße ✓"\nscalar Greeting\n';
const ID = idFor(SDL);
const OTHER_SDL = 'type Query { other: Int }';
const OTHER = idFor(OTHER_SDL);

async function until(condition: () => Promise<boolean>, what: string, timeoutMs = 10_000): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (!(await condition())) {
    if (Date.now() > deadline) throw new Error(`timed out waiting for ${what}`);
    await new Promise((resolve) => setTimeout(resolve, 25));
  }
}

async function expectCode(promise: Promise<unknown>, code: string): Promise<void> {
  const error = await promise.then(
    () => undefined,
    (e: unknown) => e,
  );
  expect(error).toBeInstanceOf(StorageError);
  expect((error as StorageError).code).toBe(code);
}

export function describeIndexStore(name: string, make: () => Promise<IndexStoreHarness>): void {
  describe(`IndexStore contract: ${name}`, () => {
    let h: IndexStoreHarness;
    beforeEach(async () => {
      h = await make();
    });
    afterEach(async () => {
      await h.dispose();
    });

    it('creates an index once, in state indexing, and records each tenant', async () => {
      const first = await h.store.ensure(ID, SDL, 'acme', 1000);
      expect(first.created).toBe(true);
      expect(first.meta).toEqual({ id: ID, state: 'indexing', building: false, symbolCount: 0, createdAt: 1000, sdlBytes: Buffer.byteLength(SDL) });
      expect(first.claimedAt).toBe(1000);
      const second = await h.store.ensure(ID, SDL, 'globex', 2000);
      expect(second).toEqual({ created: false, meta: first.meta, claimedAt: 2000 });
      expect(await h.store.getSdl(ID)).toBe(SDL);
      const bytes = await h.store.getSdlBytes(ID);
      expect(bytes?.toString('utf8')).toBe(SDL);
      // A buffer of its own: it can be moved to a worker thread whole.
      expect([bytes?.byteOffset, bytes?.buffer.byteLength]).toEqual([0, Buffer.byteLength(SDL)]);
      expect(await h.store.hasTenant(ID, 'acme')).toBe(true);
      expect(await h.store.hasTenant(ID, 'globex')).toBe(true);
      expect(await h.store.hasTenant(ID, 'initech')).toBe(false);
    });

    it('creates exactly once under 50 concurrent ensures', async () => {
      const results = await Promise.all(Array.from({ length: 50 }, (_, i) => h.store.ensure(ID, SDL, `t${i % 5}`, i)));
      expect(results.filter((r) => r.created)).toHaveLength(1);
      expect(new Set(results.map((r) => r.meta.createdAt)).size).toBe(1);
    });

    it('answers undefined/false for an unknown index and rejects malformed ids', async () => {
      expect(await h.store.getMeta(ID)).toBeUndefined();
      expect(await h.store.getSdl(ID)).toBeUndefined();
      expect(await h.store.getSdlBytes(ID)).toBeUndefined();
      expect(await h.store.getArtifacts(ID)).toBeUndefined();
      expect(await h.store.updateMeta(ID, { building: true })).toBe(false);
      expect(await h.store.putArtifacts(ID, { a: Buffer.from('x') }, {})).toBe(false);
      expect(await h.store.delete(ID)).toBe(false);
      expect(await h.store.hasTenant(ID, 'acme')).toBe(false);
      await h.store.touch(ID, 1000);
      expect(await h.store.getMeta(ID)).toBeUndefined();
      for (const bad of ['', 'sha256:abc', `sha1:${'a'.repeat(64)}`, `sha256:${'A'.repeat(64)}`, '{x}']) {
        await expectCode(h.store.getMeta(bad), 'INVALID_ARGUMENT');
      }
    });

    it('merges metadata patches; undefined removes a field; bad patches are refused', async () => {
      await h.store.ensure(ID, SDL, 'acme', 1);
      expect(await h.store.updateMeta(ID, { building: true, error: 'boom' })).toBe(true);
      expect(await h.store.getMeta(ID)).toMatchObject({ building: true, error: 'boom', state: 'indexing' });
      await h.store.updateMeta(ID, { error: undefined, state: 'failed' });
      const meta = await h.store.getMeta(ID);
      expect(meta).not.toHaveProperty('error');
      expect(meta?.state).toBe('failed');
      await expectCode(h.store.updateMeta(ID, { state: 'bogus' as never }), 'INVALID_ARGUMENT');
      await expectCode(h.store.updateMeta(ID, { symbolCount: -1 }), 'INVALID_ARGUMENT');
      await expectCode(h.store.updateMeta(ID, { nope: 1 } as never), 'INVALID_ARGUMENT');
    });

    it('replaces all artifacts and patches metadata together, including multi-megabyte parts', async () => {
      await h.store.ensure(ID, SDL, 'acme', 1);
      await h.store.putArtifacts(ID, { records: Buffer.from('r1'), vectors: Buffer.from([1, 2, 255]) }, { building: true });
      const big = Buffer.alloc(5 * 1024 * 1024);
      for (let i = 0; i < big.length; i += 4096) big[i] = i % 251;
      const ok = await h.store.putArtifacts(
        ID,
        { records: big, lexical: Buffer.from('') },
        {
          state: 'ready',
          building: false,
          symbolCount: 42,
          indexedAt: 5,
          builtVersion: 'v2',
        },
      );
      expect(ok).toBe(true);
      const artifacts = await h.store.getArtifacts(ID);
      expect(Object.keys(artifacts ?? {}).sort()).toEqual(['lexical', 'records']);
      expect(artifacts?.records?.equals(big)).toBe(true);
      expect(artifacts?.lexical?.length).toBe(0);
      const some = await h.store.getArtifacts(ID, ['records', 'vectors']);
      expect(Object.keys(some ?? {})).toEqual(['records']);
      expect(some?.records?.equals(big)).toBe(true);
      expect(await h.store.getMeta(ID)).toMatchObject({ state: 'ready', building: false, symbolCount: 42, indexedAt: 5, builtVersion: 'v2' });
      await expectCode(h.store.putArtifacts(ID, {}, {}), 'INVALID_ARGUMENT');
      await expectCode(h.store.putArtifacts(ID, { a: 'text' as unknown as Buffer }, {}), 'INVALID_ARGUMENT');
    });

    it('deletes everything of an index; a later ensure starts fresh', async () => {
      await h.store.ensure(ID, SDL, 'acme', 1);
      await h.store.ensure(OTHER, OTHER_SDL, 'acme', 1);
      await h.store.putArtifacts(ID, { records: Buffer.from('r') }, { state: 'ready' });
      await h.results.set(ID, 'p1', 'cached', 60_000);
      expect(await h.store.delete(ID)).toBe(true);
      expect(await h.store.delete(ID)).toBe(false);
      expect(await h.store.getMeta(ID)).toBeUndefined();
      expect(await h.store.getSdl(ID)).toBeUndefined();
      expect(await h.store.getSdlBytes(ID)).toBeUndefined();
      expect(await h.store.getArtifacts(ID)).toBeUndefined();
      expect(await h.store.listForTenant('acme')).toEqual([OTHER]);
      expect(await h.store.listAll()).toEqual([OTHER]);
      const again = await h.store.ensure(ID, SDL, 'globex', 9);
      expect(again.created).toBe(true);
      expect(await h.store.getArtifacts(ID)).toBeUndefined();
      expect(await h.results.get(ID, 'p1')).toBeUndefined();
      expect(await h.store.hasTenant(ID, 'acme')).toBe(false);
    });

    it('tracks tenants: list, remove, count what remains', async () => {
      await h.store.ensure(ID, SDL, 'acme', 1);
      await h.store.ensure(ID, SDL, 'globex', 1);
      await h.store.ensure(OTHER, OTHER_SDL, 'globex', 1);
      expect(await h.store.listForTenant('acme')).toEqual([ID]);
      expect(await h.store.listForTenant('globex')).toEqual([ID, OTHER].sort());
      expect(await h.store.listForTenant('nobody')).toEqual([]);
      expect(await h.store.removeTenant(ID, 'acme')).toBe(1);
      expect(await h.store.hasTenant(ID, 'acme')).toBe(false);
      expect(await h.store.listForTenant('acme')).toEqual([]);
      expect(await h.store.removeTenant(ID, 'globex')).toBe(0);
      expect(await h.store.removeTenant(OTHER, 'nobody')).toBe(1);
      expect(await h.store.listAll()).toEqual([ID, OTHER].sort());
      await expectCode(h.store.hasTenant(ID, ''), 'INVALID_ARGUMENT');
    });

    it("keeps each tenant's own claim time; a later ensure by the same tenant keeps the first", async () => {
      await h.store.ensure(ID, SDL, 'acme', 1000);
      expect((await h.store.ensure(ID, SDL, 'globex', 5000)).claimedAt).toBe(5000);
      expect((await h.store.ensure(ID, SDL, 'globex', 9000)).claimedAt).toBe(5000);
      expect(await h.store.claimOf(ID, 'acme')).toBe(1000);
      expect(await h.store.claimOf(ID, 'globex')).toBe(5000);
      expect(await h.store.claimOf(ID, 'initech')).toBeUndefined();
      expect(await h.store.claimOf(OTHER, 'acme')).toBeUndefined();
      await h.store.removeTenant(ID, 'globex');
      expect(await h.store.claimOf(ID, 'globex')).toBeUndefined();
      expect((await h.store.ensure(ID, SDL, 'globex', 12000)).claimedAt).toBe(12000);
    });

    it('release removes a claim and deletes the index only when no claim remains', async () => {
      await h.store.ensure(ID, SDL, 'acme', 1);
      await h.store.ensure(ID, SDL, 'globex', 2);
      expect(await h.store.release(ID, 'acme')).toEqual({ remaining: 1, deleted: false });
      expect(await h.store.getMeta(ID)).toBeDefined();
      expect(await h.store.listForTenant('acme')).toEqual([]);
      expect(await h.store.release(ID, 'globex')).toEqual({ remaining: 0, deleted: true });
      expect(await h.store.getMeta(ID)).toBeUndefined();
      expect(await h.store.getSdl(ID)).toBeUndefined();
      expect(await h.store.listAll()).toEqual([]);
      expect(await h.store.release(ID, 'globex')).toEqual({ remaining: 0, deleted: false });
    });

    it("release racing another tenant's ensure never leaves that tenant without the index (issue 14 item 6)", async () => {
      for (let round = 0; round < 40; round++) {
        const sdl = `type Query { r${round}: Int }`;
        const id = idFor(sdl);
        await h.store.ensure(id, sdl, 'acme', 1);
        const [released, ensured] = await Promise.all([h.store.release(id, 'acme'), h.store.ensure(id, sdl, 'globex', 2)]);
        expect(await h.store.hasTenant(id, 'globex')).toBe(true);
        expect(await h.store.getSdl(id)).toBe(sdl);
        expect(await h.store.listAll()).toContain(id);
        // Either the release came first (deleted, then created anew) or the ensure did (kept).
        expect(released.deleted).toBe(ensured.created);
        await h.store.release(id, 'globex');
      }
    });

    it('evicts an idle index with all its data, tenants and cached results', async () => {
      await h.store.ensure(ID, SDL, 'acme', 1);
      await h.store.ensure(OTHER, OTHER_SDL, 'acme', 1);
      await h.store.touch(ID, 150);
      // Written after the touch: must inherit the index's expiry.
      await h.store.putArtifacts(ID, { records: Buffer.from('r') }, { state: 'ready' });
      await h.store.ensure(ID, SDL, 'globex', 1);
      await h.results.set(ID, 'p', 'v', 3_600_000);
      await until(async () => (await h.store.getMeta(ID)) === undefined, 'the index to expire');
      expect(await h.store.getArtifacts(ID)).toBeUndefined();
      expect(await h.store.getSdl(ID)).toBeUndefined();
      expect(await h.results.get(ID, 'p')).toBeUndefined();
      expect(await h.store.listForTenant('acme')).toEqual([OTHER]);
      expect(await h.store.listForTenant('globex')).toEqual([]);
      expect(await h.store.listAll()).toEqual([OTHER]);
    });

    it('counts each idle expiry once when swept (and nothing live or deleted)', async () => {
      await h.store.ensure(ID, SDL, 'acme', 1);
      await h.store.ensure(OTHER, OTHER_SDL, 'acme', 1);
      await h.store.touch(ID, 100);
      await h.store.touch(OTHER, 3_600_000);
      await until(async () => (await h.store.getMeta(ID)) === undefined, 'the index to expire');
      expect(await h.store.listAll()).toEqual([OTHER]);
      const sweeps = await Promise.all([h.store.sweepExpired(), h.store.sweepExpired()]);
      expect(sweeps[0]! + sweeps[1]!).toBe(1);
      expect(await h.store.sweepExpired()).toBe(0);
      await h.store.delete(OTHER);
      expect(await h.store.sweepExpired()).toBe(0);
    });

    it('touch replaces the idle deadline (a use keeps the index alive)', async () => {
      await h.store.ensure(ID, SDL, 'acme', 1);
      await h.store.touch(ID, 100);
      await h.store.touch(ID, 3_600_000);
      await new Promise((resolve) => setTimeout(resolve, 300));
      expect(await h.store.getMeta(ID)).toBeDefined();
      await expectCode(h.store.touch(ID, 0), 'INVALID_ARGUMENT');
      await expectCode(h.store.touch(ID, 1.5), 'INVALID_ARGUMENT');
    });

    it('caches results per index with their own TTL, only for live indexes', async () => {
      await h.results.set(ID, 'k', 'orphan', 60_000);
      await h.store.ensure(ID, SDL, 'acme', 1);
      expect(await h.results.get(ID, 'k')).toBeUndefined();
      await h.results.set(ID, 'k', '{"queries":[]}', 60_000);
      await h.results.set(ID, 'short', 'gone soon', 100);
      expect(await h.results.get(ID, 'k')).toBe('{"queries":[]}');
      expect(await h.results.get(OTHER, 'k')).toBeUndefined();
      await until(async () => (await h.results.get(ID, 'short')) === undefined, 'the entry to expire');
      expect(await h.results.get(ID, 'k')).toBe('{"queries":[]}');
      await h.results.set(ID, 'k', 'replaced', 60_000);
      expect(await h.results.get(ID, 'k')).toBe('replaced');
      await expectCode(h.results.get(ID, ''), 'INVALID_ARGUMENT');
      await expectCode(h.results.set(ID, 'k', 'v', 0), 'INVALID_ARGUMENT');
      await expectCode(h.results.set('bad', 'k', 'v', 10), 'INVALID_ARGUMENT');
    });

    it('answers ping', async () => {
      await expect(h.store.ping()).resolves.toBeUndefined();
    });
  });
}
