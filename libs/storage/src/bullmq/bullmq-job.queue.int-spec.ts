/** BullmqJobQueue against the JobQueue contract on real Redis. */
import { closeTestRedis, createTestRedis, deleteKeysByPrefix, findKeys, TEST_REDIS_MODE, TEST_REDIS_URL, uniquePrefix } from '@discovery/testing';
import { describe, expect, it } from '@jest/globals';
import { describeJobQueue, until } from '../contract/job-queue.contract.js';
import type { JobQueue } from '../job-queue.js';
import { RedisKeys } from '../redis/keys.js';
import { BullmqJobQueue } from './bullmq-job.queue.js';

describeJobQueue('bullmq', async () => {
  const keys = new RedisKeys(uniquePrefix('q'));
  const queues: JobQueue<unknown, unknown>[] = [];
  let n = 0;
  return {
    create: <D, R>(options = {}, name?: string) => {
      const q = new BullmqJobQueue<D, R>(name ?? `q${n++}`, {
        ...options,
        connection: { url: TEST_REDIS_URL, mode: TEST_REDIS_MODE, name: 'test' },
        prefix: keys.queuePrefix(),
      });
      queues.push(q as JobQueue<unknown, unknown>);
      return q;
    },
    dispose: async () => {
      await Promise.all(queues.map((q) => q.close()));
      const client = createTestRedis();
      await deleteKeysByPrefix(client, keys.queuePrefix());
      await closeTestRedis(client);
    },
  };
});

describe('BullmqJobQueue fair share', () => {
  it('counts a group while its jobs are pending and forgets them once they finish or fail for good', async () => {
    const keys = new RedisKeys(uniquePrefix('fair'));
    const queue = new BullmqJobQueue<string, string>('fair', { connection: { url: TEST_REDIS_URL, mode: TEST_REDIS_MODE, name: 'test' }, prefix: keys.queuePrefix(), backoffMs: 1 });
    const client = createTestRedis();
    try {
      const members = async () => {
        const sets = await findKeys(client, `${keys.queuePrefix()}:fair:sd-fair:*`);
        let count = 0;
        for (const key of sets) count += await client.zcard(key);
        return { sets: sets.length, count };
      };
      await queue.enqueue('ok', { jobId: 'a', group: 'acme' });
      await queue.enqueue('ok', { jobId: 'a', group: 'acme' });
      await queue.enqueue('bad', { jobId: 'b', group: 'acme', attempts: 2 });
      await queue.enqueue('ok', { jobId: 'c', group: 'globex' });
      // The tenant's name is not stored: one set per group under a hash of it.
      expect(await members()).toEqual({ sets: 2, count: 3 });
      expect((await findKeys(client, `${keys.queuePrefix()}*acme*`)).length).toBe(0);
      await queue.process(async (data) => {
        if (data === 'bad') throw new Error('fails');
        return data;
      });
      await until(async () => (await queue.depth()) === 0 && (await members()).count === 0, 'every job to finish and leave its group');
    } finally {
      await queue.close();
      await deleteKeysByPrefix(client, keys.queuePrefix());
      await closeTestRedis(client);
    }
  });
});
