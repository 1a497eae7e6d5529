/**
 * RedisResultCache: ResultCache entries in a hash under the index's hash tag,
 * with a sorted set of expiry times beside it (per-entry TTLs on Redis 7.0).
 * Expired entries read as missing and are pruned on the next write; the index's
 * delete and idle expiry remove them with it (scripts in index-store.scripts.ts).
 */
import { requireText, requireTtl } from '../index-id.js';
import { RESULT_CACHE_MAX_KEY, type ResultCache } from '../result-cache.js';
import { storageCall, StorageError, StorageErrorCode } from '../storage.errors.js';
import { defineIndexScripts, type IndexScriptRunner } from './index-store.scripts.js';
import type { RedisKeys } from './keys.js';
import type { RedisClient } from './redis-client.js';

/** Expired entries removed per write, bounding the work of one script call. */
const PRUNE_PER_WRITE = 64;

export class RedisResultCache implements ResultCache {
  private readonly keys: RedisKeys;
  private readonly run: IndexScriptRunner;

  constructor(options: { client: RedisClient; keys: RedisKeys }) {
    this.keys = options.keys;
    this.run = defineIndexScripts(options.client);
  }

  async get(indexId: string, key: string): Promise<string | undefined> {
    requireText('result cache key', key, RESULT_CACHE_MAX_KEY);
    const k = this.keys.index(indexId);
    const value = await storageCall('read cached result', () => this.run('sdResultGet', [k.meta, k.results, k.resultExpiry], [key]));
    return typeof value === 'string' ? value : undefined;
  }

  async set(indexId: string, key: string, value: string, ttlMs: number): Promise<void> {
    requireText('result cache key', key, RESULT_CACHE_MAX_KEY);
    requireTtl('result cache TTL', ttlMs);
    if (typeof value !== 'string') throw new StorageError(StorageErrorCode.InvalidArgument, 'cached result must be a string');
    const k = this.keys.index(indexId);
    await storageCall('store cached result', () => this.run('sdResultSet', [k.meta, k.results, k.resultExpiry], [key, value, ttlMs, PRUNE_PER_WRITE]));
  }
}
