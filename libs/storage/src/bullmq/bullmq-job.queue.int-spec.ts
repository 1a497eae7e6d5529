/** BullmqJobQueue against the JobQueue contract on real Redis. */
import {
  closeTestRedis,
  createTestRedis,
  deleteKeysByPrefix,
  findKeys,
  startDelayingProxy,
  TEST_REDIS_MODE,
  TEST_REDIS_URL,
  uniquePrefix,
} from '@discovery/testing';
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
    const queue = new BullmqJobQueue<string, string>('fair', {
      connection: { url: TEST_REDIS_URL, mode: TEST_REDIS_MODE, name: 'test' },
      prefix: keys.queuePrefix(),
      backoffMs: 1,
    });
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

describe('BullmqJobQueue waiters of a fresh process', () => {
  it('answer the first enqueueAndWait even when the job finishes before the first read of the events stream', async () => {
    // A fresh producer's events stream is "ready" once connected; its first XREAD follows. Here that
    // XREAD is held back 300 ms (a proxy in front of Redis, standalone) while the job takes 30 ms, so
    // the job is still running when the producer checks it and done before the stream is read: read
    // from `$`, the completion was never seen and the caller waited out its whole timeout.
    // On a cluster the proxy cannot sit in front of every node; there the cluster client's own
    // connection set-up delays the first XREAD (5 of 6 first calls missed before the fix).
    const keys = new RedisKeys(uniquePrefix('fresh'));
    const direct = { url: TEST_REDIS_URL, mode: TEST_REDIS_MODE, name: 'test' } as const;
    const proxy =
      TEST_REDIS_MODE === 'cluster'
        ? undefined
        : await startDelayingProxy({
            target: { host: new URL(TEST_REDIS_URL).hostname, port: Number(new URL(TEST_REDIS_URL).port || 6379) },
            delayMs: 300,
            delays: (chunk) => /xread/i.test(chunk.toString('latin1')),
          });
    const worker = new BullmqJobQueue<number, number>('fresh', { connection: direct, prefix: keys.queuePrefix() });
    const producers: BullmqJobQueue<number, number>[] = [];
    const client = createTestRedis();
    try {
      await worker.process(async (n) => new Promise((resolve) => setTimeout(() => resolve(n + 1), 30)), { concurrency: 4 });
      const outcomes: string[] = [];
      for (let i = 0; i < 5; i++) {
        const connection = proxy ? { ...direct, url: proxy.url } : direct;
        const producer = new BullmqJobQueue<number, number>('fresh', { connection, prefix: keys.queuePrefix() });
        producers.push(producer);
        outcomes.push(await producer.enqueueAndWait(i, { jobId: `job-${i}`, timeoutMs: 3_000 }).then(String, (error: Error) => error.name));
      }
      expect(outcomes).toEqual(['1', '2', '3', '4', '5']);
    } finally {
      await Promise.all([worker.close(), ...producers.map((producer) => producer.close())]);
      await proxy?.close();
      await deleteKeysByPrefix(client, keys.queuePrefix());
      await closeTestRedis(client);
    }
  }, 60_000);
});
