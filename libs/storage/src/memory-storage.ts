/**
 * The memory adapters as one Storage: memory stores (or files, with `diskCacheDir`), an
 * in-process bus and in-process queues shared by name, so the all-in-one `serve` mode runs with
 * no Redis at all. Loads neither ioredis nor BullMQ.
 */
import { DiskBackedIndexStore } from './disk/disk-backed-index.store.js';
import { InProcessJobQueue } from './in-process/in-process-job.queue.js';
import { checkQueueName } from './job-options.js';
import type { JobQueue, QueueOptions } from './job-queue.js';
import { MemoryIndexNotesStore } from './memory/memory-index-notes.store.js';
import { InProcessEventBus } from './memory/in-process-event.bus.js';
import { MemoryDemandStore } from './memory/memory-demand.store.js';
import { MemoryEmbeddingCache } from './memory/memory-embedding.cache.js';
import { MemoryIndexStore } from './memory/memory-index.store.js';
import { MemoryResultCache } from './memory/memory-result.cache.js';
import { type Storage, type StorageOptions, throttle } from './storage.js';

export function createMemoryStorage(options: StorageOptions = {}): Storage {
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
