/** RedisEmbeddingCache against the EmbeddingCache contract, plus TTL refresh on read. */
import { describe, expect, it } from '@jest/globals';
import { closeTestRedis, createTestRedis, deleteKeysByPrefix, findKeys, uniquePrefix } from '@discovery/testing';
import { describeEmbeddingCache, textHash } from '../contract/embedding-cache.contract.js';
import { RedisKeys } from './keys.js';
import { RedisEmbeddingCache } from './redis-embedding.cache.js';

describeEmbeddingCache('redis', async () => {
  const client = createTestRedis();
  const keys = new RedisKeys(uniquePrefix('emb'));
  return {
    cache: new RedisEmbeddingCache({ client, keys, chunkSize: 500 }),
    dispose: async () => {
      await deleteKeysByPrefix(client, keys.prefix);
      await closeTestRedis(client);
    },
  };
});

describe('RedisEmbeddingCache TTL', () => {
  it('stores raw bytes with a TTL that a read refreshes', async () => {
    const client = createTestRedis();
    const keys = new RedisKeys(uniquePrefix('embttl'));
    try {
      const k = textHash('hello');
      await new RedisEmbeddingCache({ client, keys, ttlMs: 60_000 }).setMany('m', [{ key: k, vector: Int8Array.of(-1, 0, 1) }]);
      const key = keys.embedding('m', k);
      expect(await client.getBuffer(key)).toEqual(Buffer.from([255, 0, 1]));
      const before = await client.pttl(key);
      expect(before).toBeGreaterThan(0);
      expect(before).toBeLessThanOrEqual(60_000);
      await new RedisEmbeddingCache({ client, keys, ttlMs: 3_600_000 }).getMany('m', [k]);
      expect(await client.pttl(key)).toBeGreaterThan(60_000);
    } finally {
      await deleteKeysByPrefix(client, keys.prefix);
      await closeTestRedis(client);
    }
  });
});

describe('RedisEmbeddingCache budget', () => {
  it('keeps a model within its byte budget, dropping the least recently used vectors whatever their TTL', async () => {
    const client = createTestRedis();
    const keys = new RedisKeys(uniquePrefix('embcap'));
    try {
      // 744-byte vectors + 256 bytes of overhead: 10 entries fit 10,000 bytes.
      const cache = new RedisEmbeddingCache({ client, keys, maxBytes: 10_000, chunkSize: 7 });
      const vector = new Int8Array(744).fill(3);
      const hashes = Array.from({ length: 50 }, (_, i) => textHash(`text ${i}`));
      await cache.setMany(
        'm',
        hashes.slice(0, 5).map((key) => ({ key, vector })),
      );
      await cache.getMany('m', [hashes[0]!]);
      await cache.setMany(
        'm',
        hashes.slice(5).map((key) => ({ key, vector })),
      );
      const stored = await findKeys(client, `${keys.prefix}emb:*:*`);
      expect(stored.length).toBeLessThanOrEqual(10);
      expect(await client.zcard(keys.embeddingIndex('m'))).toBe(stored.length);
      const found = await cache.getMany('m', hashes);
      expect(found.at(-1)).toEqual(vector);
      expect(found[1]).toBeUndefined();
    } finally {
      await deleteKeysByPrefix(client, keys.prefix);
      await closeTestRedis(client);
    }
  });
});
