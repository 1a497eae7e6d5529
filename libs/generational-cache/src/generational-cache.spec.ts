import { describe, expect, it } from '@jest/globals';
import { GenerationalCache } from './generational-cache.js';

const MISS = Symbol('miss');
const byLength = (maxCost: number) => new GenerationalCache<string, number>({ maxCost, costOf: (key) => key.length });

describe('GenerationalCache', () => {
  it('answers what it holds, and the caller marker for a miss (undefined is a value)', () => {
    const cache = new GenerationalCache<string, string | undefined>({ maxCost: 100, costOf: () => 1 });
    cache.set('a', undefined);
    expect(cache.get('a', MISS)).toBeUndefined();
    expect(cache.get('b', MISS)).toBe(MISS);
  });

  it('never holds more than maxCost, over many entries', () => {
    const cache = byLength(100);
    for (let i = 0; i < 1000; i++) cache.set(`key-${i}`.padEnd(10, '.'), i);
    // Each generation holds at most half: 5 keys of 10.
    expect(cache.size).toBeLessThanOrEqual(10);
    expect(cache.get('key-999...', MISS)).toBe(999);
    expect(cache.get('key-0.....', MISS)).toBe(MISS);
  });

  it('keeps an entry used in the last generation (a hit there moves it forward)', () => {
    const cache = byLength(40); // generations of 20: two keys of 10
    cache.set('aaaaaaaaaa', 1);
    cache.set('bbbbbbbbbb', 2);
    cache.set('cccccccccc', 3); // rotates: a, b are the previous generation
    expect(cache.get('aaaaaaaaaa', MISS)).toBe(1); // moved forward; current is c, a
    cache.set('dddddddddd', 4); // rotates: c, a are previous; b is dropped
    expect(cache.get('bbbbbbbbbb', MISS)).toBe(MISS);
    expect(cache.get('aaaaaaaaaa', MISS)).toBe(1);
  });

  it('does not keep an entry costing more than half of maxCost', () => {
    const cache = byLength(10);
    cache.set('123456', 1);
    expect(cache.get('123456', MISS)).toBe(MISS);
    cache.set('12345', 2);
    expect(cache.get('12345', MISS)).toBe(2);
  });

  it('keeps a key found in the previous generation in the form keyToKeep gives', () => {
    const kept: string[] = [];
    const cache = new GenerationalCache<string, number>({
      maxCost: 40,
      costOf: (k) => k.length,
      keyToKeep: (k) => {
        kept.push(k);
        return k;
      },
    });
    cache.set('aaaaaaaaaa', 1);
    cache.set('bbbbbbbbbb', 2);
    cache.set('cccccccccc', 3);
    expect(kept).toEqual([]);
    cache.get('aaaaaaaaaa', MISS);
    expect(kept).toEqual(['aaaaaaaaaa']);
  });

  it('counts a key set twice in one generation once, and clears', () => {
    const cache = byLength(40);
    for (let i = 0; i < 10; i++) cache.set('aaaaaaaaaa', i);
    cache.set('bbbbbbbbbb', 10);
    expect(cache.get('aaaaaaaaaa', MISS)).toBe(9);
    expect(cache.get('bbbbbbbbbb', MISS)).toBe(10);
    cache.clear();
    expect(cache.size).toBe(0);
  });

  it('keeps nothing with a budget of 0, and refuses a negative or missing one', () => {
    const none = byLength(0);
    none.set('a', 1);
    expect(none.get('a', MISS)).toBe(MISS);
    expect(() => byLength(-1)).toThrow(RangeError);
    expect(() => byLength(Number.NaN)).toThrow(RangeError);
  });
});
