/** Conformance suite for EmbeddingCache: every adapter runs these cases. Test support only. */
import { createHash } from 'node:crypto';
import { afterEach, beforeEach, describe, expect, it } from '@jest/globals';
import type { EmbeddingCache } from '../embedding-cache.js';
import { StorageError } from '../storage.errors.js';

export interface EmbeddingCacheHarness {
  cache: EmbeddingCache;
  dispose(): Promise<void>;
}

export const textHash = (text: string): string => createHash('sha256').update(text).digest('hex');

function vector(seed: number, length = 512): Int8Array {
  return Int8Array.from({ length }, (_, i) => ((i * 31 + seed * 7) % 256) - 128);
}

export function describeEmbeddingCache(name: string, make: () => Promise<EmbeddingCacheHarness>): void {
  describe(`EmbeddingCache contract: ${name}`, () => {
    let h: EmbeddingCacheHarness;
    beforeEach(async () => {
      h = await make();
    });
    afterEach(async () => {
      await h.dispose();
    });

    it('returns stored vectors byte for byte, in request order, undefined where missing', async () => {
      const [a, b, c] = ['alpha', 'beta', 'gamma'].map(textHash) as [string, string, string];
      await h.cache.setMany('use-lite', [
        { key: a, vector: vector(1) },
        { key: c, vector: vector(3) },
      ]);
      const got = await h.cache.getMany('use-lite', [c, b, a, c]);
      expect(got.map((v) => (v ? Array.from(v) : undefined))).toEqual([Array.from(vector(3)), undefined, Array.from(vector(1)), Array.from(vector(3))]);
      expect(got[0]).toBeInstanceOf(Int8Array);
      expect(await h.cache.getMany('use-lite', [])).toEqual([]);
    });

    it('keeps models apart and overwrites an entry', async () => {
      const k = textHash('same text');
      await h.cache.setMany('model-a', [{ key: k, vector: vector(1) }]);
      await h.cache.setMany('model-b', [{ key: k, vector: vector(2, 8) }]);
      await h.cache.setMany('model-a', [{ key: k, vector: vector(5) }]);
      const [a] = await h.cache.getMany('model-a', [k]);
      const [b] = await h.cache.getMany('model-b', [k]);
      expect(Array.from(a ?? [])).toEqual(Array.from(vector(5)));
      expect(Array.from(b ?? [])).toEqual(Array.from(vector(2, 8)));
    });

    it('handles batches larger than one round trip', async () => {
      const entries = Array.from({ length: 1_200 }, (_, i) => ({ key: textHash(`t${i}`), vector: vector(i, 16) }));
      await h.cache.setMany('m', entries);
      const got = await h.cache.getMany(
        'm',
        entries.map((e) => e.key),
      );
      expect(got.every((v, i) => v !== undefined && Array.from(v).join() === Array.from(vector(i, 16)).join())).toBe(true);
    });

    it('refuses malformed keys, models and vectors', async () => {
      const cases: Promise<unknown>[] = [
        h.cache.getMany('m', ['not-a-hash']),
        h.cache.getMany('', [textHash('x')]),
        h.cache.setMany('m', [{ key: textHash('x'), vector: new Int8Array(0) }]),
        h.cache.setMany('m', [{ key: textHash('x'), vector: [1, 2] as unknown as Int8Array }]),
      ];
      for (const call of cases) {
        const error = await call.then(
          () => undefined,
          (e: unknown) => e,
        );
        expect(error).toBeInstanceOf(StorageError);
        expect((error as StorageError).code).toBe('INVALID_ARGUMENT');
      }
    });
  });
}
