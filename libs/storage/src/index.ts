/**
 * @discovery/storage: the storage ports (IndexStore, ResultCache, EventBus,
 * EmbeddingCache, JobQueue), their memory/in-process adapters, the Redis adapters that load no
 * client, StorageError, and openStorage() which picks the adapters (loading ioredis and BullMQ
 * only for a Redis URL). The Redis connection, bus, index store, BullMQ queue and the synchronous
 * createStorage() load ioredis and BullMQ: they are `@discovery/storage/redis`.
 */
export type { BuildFailureParts, CreateResult, IndexArtifacts, IndexMeta, IndexState, IndexStore, ReleaseResult } from './index-store.js';
export {
  type EnqueueOptions,
  type JobContext,
  JobFailedError,
  type JobHandler,
  type JobProgress,
  type JobQueue,
  JobTimeoutError,
  type QueueOptions,
  UnrecoverableJobError,
  type WaitOptions,
} from './job-queue.js';
export { type EventBus, type IndexEvent, parseIndexEvent } from './event-bus.js';
export { checkEmbeddingKeys, checkVectors, type EmbeddingCache } from './embedding-cache.js';
export { RESULT_CACHE_MAX_KEY, type ResultCache } from './result-cache.js';
export {
  byDemand,
  daysSince,
  DEMAND_MAX_ENTRIES,
  DEMAND_MAX_REASON,
  demandDay,
  type DemandDay,
  type DemandEntry,
  type DemandStore,
  distinctReasons,
  normalizeReason,
} from './demand-store.js';
export { RedisDemandStore } from './redis/redis-demand.store.js';
export { MemoryDemandStore } from './memory/memory-demand.store.js';
export { type BuildProgressNote, cleanLabel, decodeProgress, type IndexNotes, type IndexNotesStore, MAX_LABEL_CHARS } from './index-notes.js';
export { RedisIndexNotesStore } from './redis/redis-index-notes.store.js';
export { MemoryIndexNotesStore } from './memory/memory-index-notes.store.js';
export { storageCall, StorageError, StorageErrorCode, toStorageError } from './storage.errors.js';
export { indexDigest, isIndexId } from './index-id.js';
export { RedisKeys } from './redis/keys.js';
export type { RedisIndexStoreOptions } from './redis/redis-index.store.js';
export { RedisResultCache } from './redis/redis-result.cache.js';
export { MemoryIndexStore, type MemoryIndexStoreOptions } from './memory/memory-index.store.js';
export { MemoryResultCache } from './memory/memory-result.cache.js';
export type { RedisClient, RedisConnectionSettings, RedisMode } from './redis/redis-client.js';
export type { BullmqConnectionSettings } from './bullmq/bullmq-connection.js';
export type { RedisEventBusOptions } from './redis/redis-event.bus.js';
export { RedisEmbeddingCache, type RedisEmbeddingCacheOptions } from './redis/redis-embedding.cache.js';
export { InProcessEventBus } from './memory/in-process-event.bus.js';
export { MemoryEmbeddingCache, type MemoryEmbeddingCacheOptions } from './memory/memory-embedding.cache.js';
export { checkEnqueueOptions, checkQueueName, resolveQueueOptions } from './job-options.js';
export type { BullmqJobQueueOptions } from './bullmq/bullmq-job.queue.js';
export { InProcessJobQueue } from './in-process/in-process-job.queue.js';
export type { Storage, StorageOptions } from './storage.js';
export { createMemoryStorage } from './memory-storage.js';
export { openStorage } from './open-storage.js';
export { DiskIndexCache, DISK_CACHE_MAX_BYTES, type DiskIndexEntry } from './disk/disk-index.cache.js';
export { DiskBackedIndexStore } from './disk/disk-backed-index.store.js';
