/** MemoryEmbeddingCache against the EmbeddingCache contract, plus its LRU bound. */
import { describe, expect, it } from '@jest/globals';
import { describeEmbeddingCache, textHash } from '../contract/embedding-cache.contract.js';
import { MemoryEmbeddingCache } from './memory-embedding.cache.js';

describeEmbeddingCache('memory', async () => ({ cache: new MemoryEmbeddingCache(), dispose: async () => undefined }));

describe('MemoryEmbeddingCache bound', () => {
  it('drops the least recently used vectors beyond maxBytes', async () => {
    const cache = new MemoryEmbeddingCache({ maxBytes: 3 * 100 });
    const [a, b, c, d] = ['a', 'b', 'c', 'd'].map(textHash) as [string, string, string, string];
    const v = new Int8Array(100).fill(7);
    await cache.setMany('m', [
      { key: a, vector: v },
      { key: b, vector: v },
      { key: c, vector: v },
    ]);
    await cache.getMany('m', [a]);
    await cache.setMany('m', [{ key: d, vector: v }]);
    const present = (await cache.getMany('m', [a, b, c, d])).map((x) => x !== undefined);
    expect(present).toEqual([true, false, true, true]);
    expect(cache.size).toBe(300);
  });
});
