/**
 * The Storage a process uses (its stores, bus and queues, picked by createStorage or openStorage)
 * and its options: types, and the throttle both adapters report errors through.
 */
import type { DemandStore } from './demand-store.js';
import type { EmbeddingCache } from './embedding-cache.js';
import type { EventBus } from './event-bus.js';
import type { IndexNotesStore } from './index-notes.js';
import type { IndexStore } from './index-store.js';
import type { JobQueue, QueueOptions } from './job-queue.js';
import type { RedisConnectionSettings, RedisMode } from './redis/redis-client.js';
import type { ResultCache } from './result-cache.js';
import type { StorageError } from './storage.errors.js';

export interface StorageOptions extends Omit<RedisConnectionSettings, 'url' | 'mode' | 'onError'> {
  /** Redis URL (cluster: comma-separated seed nodes); when absent everything lives in this process's memory. */
  redisUrl?: string;
  /** Default `standalone`. */
  redisMode?: RedisMode;
  /** Prefix of every Redis key (and of the BullMQ prefix). Default `sd:`. */
  keyPrefix?: string;
  /** Redis: lifetime of an unread cached embedding. Default 30 days. */
  embeddingTtlMs?: number;
  /** Bound of the embedding cache (Redis: per model). Default 64 MiB in memory, 256 MiB in Redis. */
  embeddingCacheMaxBytes?: number;
  /** Defaults for every queue created (each createQueue call may override). */
  queueDefaults?: QueueOptions;
  /**
   * Told about connection, subscriber and worker errors (already translated; no keys, no values).
   * The same (source, code) is reported at most once per `errorReportIntervalMs` (an outage
   * would otherwise report every reconnect attempt of every connection).
   */
  onError?: (error: StorageError | unknown, source: string) => void;
  /** Default 10 s; 0 reports everything. */
  errorReportIntervalMs?: number;
  /** Memory mode: keep built indexes in files here between starts (DiskBackedIndexStore). */
  diskCacheDir?: string;
}

export interface Storage {
  readonly mode: 'redis' | 'memory';
  readonly indexStore: IndexStore;
  readonly resultCache: ResultCache;
  /** What agents asked for and the schemas could not give, per index and tenant. */
  readonly demandStore: DemandStore;
  /** Labels, last use and build progress of indexes (index-notes.ts). */
  readonly notesStore: IndexNotesStore;
  readonly eventBus: EventBus;
  readonly embeddingCache: EmbeddingCache;
  /** A queue handle. Memory mode returns the same queue for the same name (producer and worker share it). */
  createQueue<TData, TResult>(name: string, options?: QueueOptions): JobQueue<TData, TResult>;
  /**
   * Throws StorageError UNAVAILABLE when the backing store does not answer or (cluster) does not serve
   * every slot, INVALID_ARGUMENT when it is not of the configured mode (readiness).
   */
  ping(): Promise<void>;
  /**
   * At start: throws INVALID_ARGUMENT when Redis is not of the configured mode (a standalone client on
   * a cluster node, or the reverse). Resolves when it matches or when Redis does not answer yet.
   */
  verify(): Promise<void>;
  /** Closes queues (letting running jobs finish), the bus and every connection. Idempotent. */
  close(): Promise<void>;
}

/** Drops repeats of the same (source, error code) within `intervalMs`. */
export function throttle(onError: StorageOptions['onError'], intervalMs: number): (error: StorageError | unknown, source: string) => void {
  if (!onError) return () => undefined;
  const last = new Map<string, number>();
  return (error, source) => {
    const code = error instanceof Error && 'code' in error ? String(error.code) : error instanceof Error ? error.message : '';
    const key = `${source}\u0000${code}`;
    const now = Date.now();
    if (intervalMs > 0 && now - (last.get(key) ?? -Infinity) < intervalMs) return;
    if (last.size > 1_000) last.clear();
    last.set(key, now);
    onError(error, source);
  };
}
