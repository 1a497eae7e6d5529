import { describe, expect, it } from '@jest/globals';
import type { EmbeddingCache } from '@discovery/storage';
import { CachingEmbedder, textKey } from './caching-embedder.js';
import type { EmbeddingProvider } from './embedding-provider.js';
import { quantizeInt8 } from './vector-math.js';

/** A provider that counts what it embeds: vector = one-hot-ish on the text's length. */
class CountingProvider implements EmbeddingProvider {
  readonly dimensions = 4;
  readonly embedded: string[] = [];
  constructor(readonly id = 'counting@1') {}
  async init(): Promise<void> {}
  async embed(texts: string[]): Promise<Float32Array[]> {
    this.embedded.push(...texts);
    return texts.map((t) => {
      const v = new Float32Array(4);
      v[t.length % 4] = 1;
      return v;
    });
  }
  async close(): Promise<void> {}
}

/** EmbeddingCache in a Map, keyed by model and text hash. */
class MapCache implements EmbeddingCache {
  readonly entries = new Map<string, Int8Array>();
  async getMany(model: string, keys: string[]): Promise<(Int8Array | undefined)[]> {
    return keys.map((k) => this.entries.get(`${model}|${k}`));
  }
  async setMany(model: string, entries: { key: string; vector: Int8Array }[]): Promise<void> {
    for (const { key, vector } of entries) this.entries.set(`${model}|${key}`, vector);
  }
}

describe('CachingEmbedder', () => {
  it('embeds each distinct text once and returns int8 vectors aligned with the input', async () => {
    const provider = new CountingProvider();
    const embedder = new CachingEmbedder(provider, new MapCache());
    const vectors = await embedder.embed(['ab', 'abc', 'ab', 'a']);
    expect(provider.embedded).toEqual(['ab', 'abc', 'a']);
    expect(vectors.map((v) => Array.from(v))).toEqual([
      [0, 0, 127, 0],
      [0, 0, 0, 127],
      [0, 0, 127, 0],
      [0, 127, 0, 0],
    ]);
    expect(embedder.stats).toEqual({ requested: 4, distinct: 3, cached: 0, embedded: 3 });
  });

  it('embeds nothing the second time, also through another embedder sharing the cache', async () => {
    const cache = new MapCache();
    const first = new CountingProvider();
    await new CachingEmbedder(first, cache).embed(['User.name', 'User.email']);
    const second = new CountingProvider();
    const embedder = new CachingEmbedder(second, cache);
    const vectors = await embedder.embed(['User.email', 'User.name', 'User.email']);
    expect(second.embedded).toEqual([]);
    expect(vectors).toHaveLength(3);
    expect(embedder.stats).toMatchObject({ cached: 2, embedded: 0 });
    await embedder.embed(['User.name', 'Repository.owner']);
    expect(second.embedded).toEqual(['Repository.owner']);
  });

  it('keys the cache by provider id and the hex SHA-256 of the text', async () => {
    const cache = new MapCache();
    await new CachingEmbedder(new CountingProvider('model-a'), cache).embed(['hello']);
    expect([...cache.entries.keys()]).toEqual(['model-a|2cf24dba5fb0a30e26e83b2ac5b9e29e1b161e5c1fa7425e73043362938b9824']);
    expect(textKey('hello')).toBe('2cf24dba5fb0a30e26e83b2ac5b9e29e1b161e5c1fa7425e73043362938b9824');
    const other = new CountingProvider('model-b');
    await new CachingEmbedder(other, cache).embed(['hello']);
    expect(other.embedded).toEqual(['hello']);
  });

  it('re-embeds a cached vector of the wrong length', async () => {
    const cache = new MapCache();
    cache.entries.set(`counting@1|${textKey('abc')}`, quantizeInt8(new Float32Array([1, 0])));
    const provider = new CountingProvider();
    const [v] = await new CachingEmbedder(provider, cache).embed(['abc']);
    expect(provider.embedded).toEqual(['abc']);
    expect(v).toHaveLength(4);
  });

  it('answers texts it saw lately from memory, without a shared-cache round trip', async () => {
    const cache = new MapCache();
    let reads = 0;
    const counting: EmbeddingCache = {
      getMany: (m, k) => {
        reads += 1;
        return cache.getMany(m, k);
      },
      setMany: (m, e) => cache.setMany(m, e),
    };
    const provider = new CountingProvider();
    const embedder = new CachingEmbedder(provider, counting);
    const first = await embedder.embed(['ab', 'abc']);
    expect(reads).toBe(1);
    const again = await embedder.embed(['abc', 'ab', 'abc', 'a']);
    expect(reads).toBe(2); // only for 'a'
    expect(again).toEqual([first[1], first[0], first[1], expect.any(Int8Array)]);
    expect(provider.embedded).toEqual(['ab', 'abc', 'a']);
    expect(embedder.stats).toEqual({ requested: 6, distinct: 5, cached: 2, embedded: 3 });
  });

  it('bounds the memory memo by bytes (old vectors are asked from the shared cache again)', async () => {
    const cache = new MapCache();
    let reads = 0;
    const counting: EmbeddingCache = {
      getMany: (m, k) => {
        reads += 1;
        return cache.getMany(m, k);
      },
      setMany: (m, e) => cache.setMany(m, e),
    };
    // Room for about two entries per generation.
    const embedder = new CachingEmbedder(new CountingProvider(), counting, 4 * (4 + 2 + 160) + 8);
    for (const text of ['a', 'b', 'c', 'd', 'e', 'f']) await embedder.embed([text]);
    expect(reads).toBe(6);
    await embedder.embed(['f', 'e']);
    expect(reads).toBe(6); // the newest stay in memory
    await embedder.embed(['a']);
    expect(reads).toBe(7); // the oldest were dropped
    const none = new CachingEmbedder(new CountingProvider(), counting, 0);
    await none.embed(['a']);
    await none.embed(['a']);
    expect(reads).toBe(9);
  });

  it('rejects empty texts and passes cache failures on', async () => {
    const embedder = new CachingEmbedder(new CountingProvider(), new MapCache());
    await expect(embedder.embed(['x', ''])).rejects.toMatchObject({ code: 'invalid_input' });
    const broken: EmbeddingCache = { getMany: () => Promise.reject(new Error('redis down')), setMany: () => Promise.resolve() };
    await expect(new CachingEmbedder(new CountingProvider(), broken).embed(['x'])).rejects.toThrow('redis down');
  });
});
