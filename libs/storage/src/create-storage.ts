/**
 * createStorage: picks the adapters. With a Redis URL: Redis stores, Redis
 * pub/sub, BullMQ queues (one command connection shared by the stores, one
 * subscriber connection, BullMQ's own per queue), on one server or, with
 * `redisMode: 'cluster'`, on a Redis Cluster (sharded pub/sub). Without: the memory
 * adapters (memory-storage.ts). It loads ioredis and BullMQ, so it is exported from
 * `@discovery/storage/redis`; a process's start uses openStorage (open-storage.ts), which
 * loads this module only for a Redis URL.
 */
import { BullmqJobQueue } from './bullmq/bullmq-job.queue.js';
import type { JobQueue, QueueOptions } from './job-queue.js';
import { createMemoryStorage } from './memory-storage.js';
import { RedisKeys } from './redis/keys.js';
import { closeRedisClient, createRedisClient, type RedisClient, type RedisConnectionSettings } from './redis/redis-client.js';
import { RedisDemandStore } from './redis/redis-demand.store.js';
import { checkRedis, probeMode } from './redis/redis-health.js';
import { RedisEmbeddingCache } from './redis/redis-embedding.cache.js';
import { RedisEventBus } from './redis/redis-event.bus.js';
import { RedisIndexNotesStore } from './redis/redis-index-notes.store.js';
import { RedisIndexStore } from './redis/redis-index.store.js';
import { RedisResultCache } from './redis/redis-result.cache.js';
import { type Storage, type StorageOptions, throttle } from './storage.js';

export type { Storage, StorageOptions } from './storage.js';

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
