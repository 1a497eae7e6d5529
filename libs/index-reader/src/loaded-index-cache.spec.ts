/** The bounded index cache: byte budget, recency, shared loads, invalidation during a load. */
import { describe, expect, it } from '@jest/globals';
import { LoadedIndexCache } from './loaded-index-cache.js';

const entry = (bytes: number) => ({ bytes });

describe('LoadedIndexCache', () => {
  it('drops the least recently used entries beyond its byte budget and reports them', async () => {
    const evicted: string[] = [];
    const cache = new LoadedIndexCache<{ bytes: number }>(100, (id) => evicted.push(id));
    await cache.getOrLoad('a', async () => entry(40));
    await cache.getOrLoad('b', async () => entry(40));
    cache.peek('a'); // a is now the most recent
    await cache.getOrLoad('c', async () => entry(40));
    expect(evicted).toEqual(['b']);
    expect(cache.peek('b')).toBeUndefined();
    expect(cache.peek('a')).toBeDefined();
    expect(cache.bytes).toBe(80);
  });

  it('hands out an entry larger than its whole budget without keeping it or evicting the others', async () => {
    const evicted: string[] = [];
    const cache = new LoadedIndexCache<{ bytes: number }>(100, (id) => evicted.push(id));
    await cache.getOrLoad('a', async () => entry(40));
    await cache.getOrLoad('b', async () => entry(40));
    expect(await cache.getOrLoad('huge', async () => entry(101))).toEqual(entry(101));
    expect(evicted).toEqual([]);
    expect(cache.peek('huge')).toBeUndefined();
    expect([cache.size, cache.bytes]).toEqual([2, 80]);
  });

  it('loads once for concurrent callers', async () => {
    const cache = new LoadedIndexCache<{ bytes: number }>(100);
    let loads = 0;
    const load = async () => {
      loads += 1;
      await new Promise((r) => setTimeout(r, 10));
      return entry(1);
    };
    const [x, y] = await Promise.all([cache.getOrLoad('a', load), cache.getOrLoad('a', load)]);
    expect(loads).toBe(1);
    expect(x).toBe(y);
  });

  it('does not keep what a load returns after the entry was invalidated during it', async () => {
    const cache = new LoadedIndexCache<{ bytes: number }>(100);
    let release: () => void = () => undefined;
    const pending = cache.getOrLoad('a', () => new Promise((r) => (release = () => r(entry(1)))));
    cache.invalidate('a');
    release();
    expect(await pending).toEqual(entry(1));
    expect(cache.peek('a')).toBeUndefined();
  });
});
