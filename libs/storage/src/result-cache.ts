/**
 * ResultCache: small string results cached per index (the generator caches
 * its answer per (index, normalized prompt)). Entries live with their index:
 * under its hash tag in Redis, gone when the index is deleted or evicted.
 */
export interface ResultCache {
  /** The unexpired value, or undefined (missing, expired, or the index is gone). */
  get(indexId: string, key: string): Promise<string | undefined>;
  /** Stores a value for `ttlMs`; does nothing when the index does not exist (no orphan entries). */
  set(indexId: string, key: string, value: string, ttlMs: number): Promise<void>;
}

/** Longest accepted cache key (callers should hash long inputs such as prompts). */
export const RESULT_CACHE_MAX_KEY = 512;
