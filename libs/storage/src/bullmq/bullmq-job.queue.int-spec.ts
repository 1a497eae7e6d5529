/** BullmqJobQueue against the JobQueue contract on real Redis. */
import { closeTestRedis, createTestRedis, deleteKeysByPrefix, TEST_REDIS_URL, uniquePrefix } from '@discovery/testing';
import { describeJobQueue } from '../contract/job-queue.contract.js';
import type { JobQueue } from '../job-queue.js';
import { RedisKeys } from '../redis/keys.js';
import { redisOptions } from '../redis/redis-client.js';
import { BullmqJobQueue } from './bullmq-job.queue.js';

describeJobQueue('bullmq', async () => {
  const keys = new RedisKeys(uniquePrefix('q'));
  const queues: JobQueue<unknown, unknown>[] = [];
  let n = 0;
  return {
    create: <D, R>(options = {}, name?: string) => {
      const q = new BullmqJobQueue<D, R>(name ?? `q${n++}`, {
        ...options,
        connection: redisOptions({ url: TEST_REDIS_URL }, 'test'),
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
