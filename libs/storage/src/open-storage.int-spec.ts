/**
 * openStorage, what a process's start uses: memory adapters without a Redis URL, the Redis and
 * BullMQ adapters (loaded on that first use) with one, the same Storage createStorage makes.
 */
import { describe, expect, it } from '@jest/globals';
import { testStorageOptions, uniquePrefix } from '@discovery/testing';
import { BullmqJobQueue } from './bullmq/bullmq-job.queue.js';
import { InProcessJobQueue } from './in-process/in-process-job.queue.js';
import { openStorage } from './open-storage.js';

describe('openStorage', () => {
  it('without a Redis URL: memory stores and in-process queues', async () => {
    const storage = await openStorage();
    expect(storage.mode).toBe('memory');
    expect(storage.createQueue('build')).toBeInstanceOf(InProcessJobQueue);
    await storage.ping();
    await storage.close();
  });

  it('with a Redis URL: Redis stores and BullMQ queues', async () => {
    const storage = await openStorage({ ...testStorageOptions(), keyPrefix: uniquePrefix('open-storage') });
    try {
      expect(storage.mode).toBe('redis');
      expect(storage.createQueue('build')).toBeInstanceOf(BullmqJobQueue);
      await storage.verify();
      await storage.ping();
    } finally {
      await storage.close();
    }
  });
});
