/** RedisIndexStore + RedisResultCache against the IndexStore contract on real Redis, plus key-layout checks. */
import { describe, expect, it } from '@jest/globals';
import { closeTestRedis, countKeysByPrefix, createTestRedis, deleteKeysByPrefix, uniquePrefix, waitFor } from '@discovery/testing';
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
      const indexKeys = (await client.keys(`${keys.prefix}idx:*`)).sort();
      expect(indexKeys).toEqual(['art', 'meta', 'rc', 'rc:exp', 'sdl', 'tenants'].map((k) => `${keys.prefix}idx:${tag}:${k}`).sort());
      await store.touch(id, 200);
      for (const key of indexKeys) expect(await client.pttl(key)).toBeGreaterThan(0);
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
});
