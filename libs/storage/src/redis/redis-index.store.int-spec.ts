/** RedisIndexStore + RedisResultCache against the IndexStore contract on real Redis, plus key-layout checks. */
import { describe, expect, it } from '@jest/globals';
import { closeTestRedis, countKeysByPrefix, createTestRedis, deleteKeysByPrefix, findKeys, uniquePrefix, waitFor } from '@discovery/testing';
import { describeIndexStore, idFor } from '../contract/index-store.contract.js';
import { RedisKeys } from './keys.js';
import { RedisIndexStore } from './redis-index.store.js';
import { RedisResultCache } from './redis-result.cache.js';

describeIndexStore('redis', async () => {
  const client = createTestRedis();
  const keys = new RedisKeys(uniquePrefix('idx'));
  const store = new RedisIndexStore({ client, keys });
  return {
    store,
    results: new RedisResultCache({ client, keys }),
    dispose: async () => {
      await deleteKeysByPrefix(client, keys.prefix);
      await closeTestRedis(client);
    },
  };
});

describe('RedisIndexStore key layout', () => {
  it('keeps every key of an index under one hash tag and leaves nothing behind after expiry', async () => {
    const client = createTestRedis();
    const keys = new RedisKeys(uniquePrefix('layout'));
    const store = new RedisIndexStore({ client, keys });
    const results = new RedisResultCache({ client, keys });
    try {
      const sdl = 'type Query { a: Int }';
      const id = idFor(sdl);
      await store.ensure(id, sdl, 'acme', 1);
      await store.putArtifacts(id, { records: Buffer.from('r') }, {});
      await results.set(id, 'p', 'v', 60_000);
      const tag = `{${id.slice('sha256:'.length)}}`;
      const indexKeys = (await findKeys(client, `${keys.prefix}idx:*`)).sort();
      expect(indexKeys).toEqual(['art', 'claims', 'meta', 'rc', 'rc:exp', 'sdl', 'tenants'].map((k) => `${keys.prefix}idx:${tag}:${k}`).sort());
      await store.touch(id, 2_000);
      const ttls = await Promise.all(indexKeys.map((key) => client.pttl(key)));
      for (const ttl of ttls) expect(ttl).toBeGreaterThan(0);
      await waitFor(async () => (await countKeysByPrefix(client, `${keys.prefix}idx:`)) === 0, 10_000, 'keys to expire');
      expect(await store.listAll()).toEqual([]);
      expect(await store.listForTenant('acme')).toEqual([]);
      // The sweep (every replica runs one) forgets the expired id and counts it.
      expect(await store.sweepExpired()).toBe(1);
      expect(await countKeysByPrefix(client, keys.prefix)).toBe(0);
    } finally {
      await deleteKeysByPrefix(client, keys.prefix);
      await closeTestRedis(client);
    }
  });

  it('prunes expired cached results on the next write', async () => {
    const client = createTestRedis();
    const keys = new RedisKeys(uniquePrefix('prune'));
    const store = new RedisIndexStore({ client, keys });
    const results = new RedisResultCache({ client, keys });
    try {
      const sdl = 'type Query { b: Int }';
      const id = idFor(sdl);
      await store.ensure(id, sdl, 'acme', 1);
      await Promise.all(Array.from({ length: 5 }, (_, i) => results.set(id, `short${i}`, 'v', 2_000)));
      const k = keys.index(id);
      expect(await client.hlen(k.results)).toBe(5);
      await waitFor(async () => (await results.get(id, 'short4')) === undefined, 10_000, 'entries to expire');
      await results.set(id, 'kept', 'v', 60_000);
      expect(await client.hkeys(k.results)).toEqual(['kept']);
      expect(await client.zcard(k.resultExpiry)).toBe(1);
    } finally {
      await deleteKeysByPrefix(client, keys.prefix);
      await closeTestRedis(client);
    }
  });

  it('refuses a key prefix that could break the layout', () => {
    expect(() => new RedisKeys('sd{x}:')).toThrow(/key prefix/);
  });

  it('writes and reads artifacts in bounded chunks, replacing them whole (no stage left, no torn read)', async () => {
    const client = createTestRedis();
    const keys = new RedisKeys(uniquePrefix('chunks'));
    const store = new RedisIndexStore({ client, keys, artifactChunkBytes: 1000 });
    try {
      const sdl = 'type Query { b: Int }';
      const id = idFor(sdl);
      await store.ensure(id, sdl, 'acme', 1);
      const first = { records: Buffer.alloc(10_500, 1), vectors: Buffer.alloc(0), meta: Buffer.from('m') };
      expect(await store.putArtifacts(id, first, { state: 'ready', storedBytes: 10_501 })).toBe(true);
      // 11 chunks of records, none of vectors, one of meta, plus the manifest.
      expect(await client.hlen(keys.index(id).artifacts)).toBe(13);
      expect(await client.exists(keys.index(id).artifactStage)).toBe(0);
      const largest = Math.max(...(await client.hvals(keys.index(id).artifacts)).map((v) => Buffer.byteLength(v)));
      expect(largest).toBeLessThanOrEqual(1000);
      expect(await store.getArtifacts(id)).toEqual(first);
      expect((await store.getMeta(id))?.storedBytes).toBe(10_501);
      const second = { records: Buffer.alloc(2_500, 2) };
      expect(await store.putArtifacts(id, second, {})).toBe(true);
      expect(await store.getArtifacts(id)).toEqual(second);
      expect(await client.hlen(keys.index(id).artifacts)).toBe(4);
    } finally {
      await deleteKeysByPrefix(client, keys.prefix);
      await closeTestRedis(client);
    }
  });

  it('moves a large SDL in bounded pieces, stages it once and leaves no stage behind', async () => {
    const client = createTestRedis();
    const keys = new RedisKeys(uniquePrefix('sdlchunks'));
    const store = new RedisIndexStore({ client, keys, sdlChunkBytes: 100 });
    try {
      const sdl = `type Query { ${Array.from({ length: 60 }, (_, i) => `"größe ${i}" f${i}: Int`).join(' ')} }`;
      const id = idFor(sdl);
      const first = await store.ensure(id, sdl, 'acme', 1, 60_000);
      const second = await store.ensure(id, sdl, 'globex', 2, 60_000);
      expect([first.created, second.created]).toEqual([true, false]);
      expect(await store.getSdl(id)).toBe(sdl);
      expect(await client.pttl(keys.index(id).sdl)).toBeGreaterThan(0);
      expect(await findKeys(client, `${keys.prefix}idx:*:stage:*`)).toEqual([]);
      expect(await store.hasTenant(id, 'globex')).toBe(true);
    } finally {
      await deleteKeysByPrefix(client, keys.prefix);
      await closeTestRedis(client);
    }
  });
});
