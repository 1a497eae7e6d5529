/**
 * `@discovery/storage/redis`: what loads ioredis and BullMQ (the connection, the Redis bus and
 * index store, the BullMQ queue) and createStorage(), which picks Redis or memory adapters
 * synchronously (tests, scripts). A process's start uses openStorage() from the main entry,
 * which loads this only for a Redis URL.
 */
export { createStorage, type Storage, type StorageOptions } from '../create-storage.js';
export { closeRedisClient, createRedisClient, type RedisClient, type RedisConnectionSettings, type RedisMode, redisOptions } from './redis-client.js';
export { RedisEventBus, type RedisEventBusOptions } from './redis-event.bus.js';
export { RedisIndexStore, type RedisIndexStoreOptions } from './redis-index.store.js';
export { BullmqJobQueue, type BullmqJobQueueOptions } from '../bullmq/bullmq-job.queue.js';
