/**
 * openStorage: createStorage for a process's start. Without a Redis URL it makes the memory
 * adapters; with one it loads the Redis and BullMQ adapters (ioredis, BullMQ: about 270 modules)
 * first, so a process in memory mode never loads them (docs/performance.md "Idle memory and
 * start"). The same Storage as createStorage (`@discovery/storage/redis`) gives.
 */
import { createMemoryStorage } from './memory-storage.js';
import type { Storage, StorageOptions } from './storage.js';

export async function openStorage(options: StorageOptions = {}): Promise<Storage> {
  if (!options.redisUrl) return createMemoryStorage(options);
  const { createStorage } = await import('./create-storage.js');
  return createStorage(options);
}
