/**
 * @discovery/storage: the storage ports (IndexStore, ResultCache, EventBus,
 * EmbeddingCache, JobQueue), their Redis/BullMQ and memory/in-process
 * adapters, StorageError, and createStorage() which picks them.
 */
export * from './index-store.js';
export * from './job-queue.js';
export * from './event-bus.js';
export * from './embedding-cache.js';
export * from './result-cache.js';
export * from './demand-store.js';
export { RedisDemandStore } from './redis/redis-demand.store.js';
export { MemoryDemandStore } from './memory/memory-demand.store.js';
export * from './storage.errors.js';
export { indexDigest, isIndexId } from './index-id.js';
export { RedisKeys } from './redis/keys.js';
export { RedisIndexStore, type RedisIndexStoreOptions } from './redis/redis-index.store.js';
export { RedisResultCache } from './redis/redis-result.cache.js';
export { MemoryIndexStore, type MemoryIndexStoreOptions } from './memory/memory-index.store.js';
export { MemoryResultCache } from './memory/memory-result.cache.js';
export { createRedisClient, redisOptions, closeRedisClient, type RedisClient, type RedisConnectionSettings, type RedisMode } from './redis/redis-client.js';
export type { BullmqConnectionSettings } from './bullmq/bullmq-connection.js';
export { RedisEventBus, type RedisEventBusOptions } from './redis/redis-event.bus.js';
export { RedisEmbeddingCache, type RedisEmbeddingCacheOptions } from './redis/redis-embedding.cache.js';
export { InProcessEventBus } from './memory/in-process-event.bus.js';
export { MemoryEmbeddingCache, type MemoryEmbeddingCacheOptions } from './memory/memory-embedding.cache.js';
export { checkEnqueueOptions, checkQueueName, resolveQueueOptions } from './job-options.js';
export { BullmqJobQueue, type BullmqJobQueueOptions } from './bullmq/bullmq-job.queue.js';
export { InProcessJobQueue } from './in-process/in-process-job.queue.js';
export { createStorage, type Storage, type StorageOptions } from './create-storage.js';
