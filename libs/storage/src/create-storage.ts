/**
 * createStorage: picks the adapters. With a Redis URL: Redis stores, Redis
 * pub/sub, BullMQ queues (one command connection shared by the stores, one
 * subscriber connection, BullMQ's own per queue), on one server or, with
 * `redisMode: 'cluster'`, on a Redis Cluster (sharded pub/sub). Without: memory stores, an
 * in-process bus and in-process queues shared by name, so the all-in-one
 * `serve` mode runs with no Redis at all.
 */
import { BullmqJobQueue } from './bullmq/bullmq-job.queue.js';
import type { EmbeddingCache } from './embedding-cache.js';
import type { DemandStore } from './demand-store.js';
import type { IndexNotesStore } from './index-notes.js';
import { MemoryIndexNotesStore } from './memory/memory-index-notes.store.js';
import { DiskBackedIndexStore } from './disk/disk-backed-index.store.js';
import { RedisIndexNotesStore } from './redis/redis-index-notes.store.js';
import type { EventBus } from './event-bus.js';
import { MemoryDemandStore } from './memory/memory-demand.store.js';
import { RedisDemandStore } from './redis/redis-demand.store.js';
import { InProcessJobQueue } from './in-process/in-process-job.queue.js';
import type { IndexStore } from './index-store.js';
import { checkQueueName } from './job-options.js';
import type { JobQueue, QueueOptions } from './job-queue.js';
import { InProcessEventBus } from './memory/in-process-event.bus.js';
import { MemoryEmbeddingCache } from './memory/memory-embedding.cache.js';
import { MemoryIndexStore } from './memory/memory-index.store.js';
import { MemoryResultCache } from './memory/memory-result.cache.js';
import { RedisKeys } from './redis/keys.js';
import { closeRedisClient, createRedisClient, type RedisClient, type RedisConnectionSettings, type RedisMode } from './redis/redis-client.js';
import { checkRedis, probeMode } from './redis/redis-health.js';
import { RedisEmbeddingCache } from './redis/redis-embedding.cache.js';
import { RedisEventBus } from './redis/redis-event.bus.js';
import { RedisIndexStore } from './redis/redis-index.store.js';
import { RedisResultCache } from './redis/redis-result.cache.js';
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

export function createStorage(options: StorageOptions = {}): Storage {
  return options.redisUrl ? createRedisStorage(options.redisUrl, options) : createMemoryStorage(options);
}

function createRedisStorage(url: string, options: StorageOptions): Storage {
  const keys = new RedisKeys(options.keyPrefix ?? 'sd:');
  const report = throttle(options.onError, options.errorReportIntervalMs ?? 10_000);
  const mode = options.redisMode ?? 'standalone';
  const settings: RedisConnectionSettings = { ...options, url, mode, onError: (error, name) => report(error, name) };
  const client: RedisClient = createRedisClient(settings, 'sd-commands');
  const queues: JobQueue<unknown, unknown>[] = [];
  const indexStore = new RedisIndexStore({ client, keys });
  const eventBus = new RedisEventBus({
    client,
    subscriber: createRedisClient(settings, 'sd-events', { shardedSubscribers: mode === 'cluster' }),
    sharded: mode === 'cluster',
    keys,
    onError: (error) => report(error, 'event bus'),
  });
  let closing: Promise<void> | undefined;
  return {
    mode: 'redis',
    indexStore,
    resultCache: new RedisResultCache({ client, keys }),
    demandStore: new RedisDemandStore({ client, keys }),
    notesStore: new RedisIndexNotesStore({ client, keys }),
    eventBus,
    embeddingCache: new RedisEmbeddingCache({
      client,
      keys,
      ...(options.embeddingTtlMs ? { ttlMs: options.embeddingTtlMs } : {}),
      ...(options.embeddingCacheMaxBytes ? { maxBytes: options.embeddingCacheMaxBytes } : {}),
    }),
    createQueue<TData, TResult>(name: string, queueOptions: QueueOptions = {}): JobQueue<TData, TResult> {
      const queue = new BullmqJobQueue<TData, TResult>(name, {
        ...options.queueDefaults,
        ...queueOptions,
        connection: { ...settings, name: `sd-queue-${name}` },
        prefix: keys.queuePrefix(),
        onError: (error) => report(error, `queue ${name}`),
      });
      queues.push(queue as JobQueue<unknown, unknown>);
      return queue;
    },
    ping: () => checkRedis(client, mode),
    verify: () => probeMode(settings),
    close() {
      closing ??= (async () => {
        await Promise.all(queues.map((queue) => queue.close()));
        await eventBus.close();
        await closeRedisClient(client);
      })();
      return closing;
    },
  };
}

function createMemoryStorage(options: StorageOptions): Storage {
  const indexStore = options.diskCacheDir
    ? new DiskBackedIndexStore(options.diskCacheDir, { onError: (error) => options.onError?.(error, 'index disk cache') })
    : new MemoryIndexStore();
  const report = throttle(options.onError, options.errorReportIntervalMs ?? 10_000);
  const eventBus = new InProcessEventBus({ onError: (error) => report(error, 'event bus') });
  const queues = new Map<string, JobQueue<unknown, unknown>>();
  let closing: Promise<void> | undefined;
  return {
    mode: 'memory',
    indexStore,
    resultCache: new MemoryResultCache(indexStore),
    demandStore: new MemoryDemandStore(indexStore),
    notesStore: new MemoryIndexNotesStore(indexStore),
    eventBus,
    embeddingCache: new MemoryEmbeddingCache(options.embeddingCacheMaxBytes ? { maxBytes: options.embeddingCacheMaxBytes } : {}),
    createQueue<TData, TResult>(name: string, queueOptions: QueueOptions = {}): JobQueue<TData, TResult> {
      checkQueueName(name);
      let queue = queues.get(name);
      if (!queue) {
        queue = new InProcessJobQueue<unknown, unknown>(name, { ...options.queueDefaults, ...queueOptions });
        queues.set(name, queue);
      }
      return queue as JobQueue<TData, TResult>;
    },
    ping: () => indexStore.ping(),
    verify: async () => undefined,
    close() {
      closing ??= (async () => {
        await Promise.all([...queues.values()].map((queue) => queue.close()));
        await eventBus.close();
        await indexStore.close();
      })();
      return closing;
    },
  };
}

/** Drops repeats of the same (source, error code) within `intervalMs`. */
function throttle(onError: StorageOptions['onError'], intervalMs: number): (error: StorageError | unknown, source: string) => void {
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
