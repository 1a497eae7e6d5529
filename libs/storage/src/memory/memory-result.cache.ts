/**
 * MemoryResultCache: ResultCache kept inside MemoryIndexStore's entries, so
 * entries vanish with their index (delete or idle expiry), like in Redis.
 */
import { requireText, requireTtl } from '../index-id.js';
import { RESULT_CACHE_MAX_KEY, type ResultCache } from '../result-cache.js';
import { StorageError, StorageErrorCode } from '../storage.errors.js';
import type { MemoryIndexStore } from './memory-index.store.js';

export class MemoryResultCache implements ResultCache {
  private readonly store: MemoryIndexStore;

  constructor(store: MemoryIndexStore) {
    this.store = store;
  }

  async get(indexId: string, key: string): Promise<string | undefined> {
    requireText('result cache key', key, RESULT_CACHE_MAX_KEY);
    const results = this.store.resultsOf(indexId);
    const entry = results?.get(key);
    if (!results || !entry) return undefined;
    if (entry.expiresAt <= this.store.clock()) {
      results.delete(key);
      return undefined;
    }
    return entry.value;
  }

  async set(indexId: string, key: string, value: string, ttlMs: number): Promise<void> {
    requireText('result cache key', key, RESULT_CACHE_MAX_KEY);
    requireTtl('result cache TTL', ttlMs);
    if (typeof value !== 'string') throw new StorageError(StorageErrorCode.InvalidArgument, 'cached result must be a string');
    const results = this.store.resultsOf(indexId);
    if (!results) return;
    const now = this.store.clock();
    for (const [k, entry] of results) if (entry.expiresAt <= now) results.delete(k);
    results.set(key, { value, expiresAt: now + ttlMs });
  }
}
