/**
 * A job whose worker blocks its event loop (issue 23 finding 3): a blocked
 * loop renews no lock, so BullMQ handed the job to another worker as stalled
 * while it still ran, and ran it again after its caller had stopped waiting.
 * With the lock held through the budget (JobContext.holdLock) nobody takes it
 * over; a job taken over after its budget ended is not run. Real Redis, a real
 * child process; runs are counted, never timed.
 */
import { spawn, type ChildProcess } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import { afterEach, describe, expect, it } from '@jest/globals';
import { closeTestRedis, createTestRedis, deleteKeysByPrefix, sleep, TEST_REDIS_MODE, TEST_REDIS_URL, uniquePrefix, waitFor } from '@discovery/testing';
import { RedisKeys } from '../redis/keys.js';
import { BullmqJobQueue } from './bullmq-job.queue.js';

const LOCK_MS = 1_000;
const testDir = fileURLToPath(new URL('../../test/', import.meta.url));

describe('BullmqJobQueue when a worker blocks its event loop', () => {
  const opened: BullmqJobQueue<unknown, unknown>[] = [];
  const children: ChildProcess[] = [];
  let keys: RedisKeys;

  function queue<R>(name: string): BullmqJobQueue<unknown, R> {
    const q = new BullmqJobQueue<unknown, R>(name, {
      connection: { url: TEST_REDIS_URL, mode: TEST_REDIS_MODE, name: 'blocked-loop-test' },
      prefix: keys.queuePrefix(),
      lockDurationMs: LOCK_MS,
      stalledIntervalMs: 300,
      attempts: 1,
    });
    opened.push(q as BullmqJobQueue<unknown, unknown>);
    return q;
  }

  async function blockingChild(name: string, holdMs: number, blockMs: number): Promise<{ output: () => string }> {
    const child = spawn(
      process.execPath,
      [
        '--import',
        `${testDir}register-ts.mjs`,
        `${testDir}blocking-worker.child.ts`,
        TEST_REDIS_URL,
        keys.queuePrefix(),
        name,
        String(LOCK_MS),
        String(holdMs),
        String(blockMs),
      ],
      { stdio: ['ignore', 'pipe', 'pipe'] },
    );
    children.push(child);
    let out = '';
    child.stdout?.on('data', (chunk: Buffer) => (out += chunk.toString()));
    child.stderr?.on('data', (chunk: Buffer) => (out += chunk.toString()));
    await waitFor(() => out.includes('ready') || child.exitCode !== null, 20_000, 'the child worker to start');
    expect(child.exitCode).toBeNull();
    return { output: () => out };
  }

  afterEach(async () => {
    for (const child of children.splice(0)) if (child.exitCode === null) child.kill('SIGKILL');
    await Promise.all(opened.splice(0).map((q) => q.close()));
    const client = createTestRedis();
    await deleteKeysByPrefix(client, keys.queuePrefix());
    await closeTestRedis(client);
  });

  it('keeps the job on its worker while the loop is blocked, once the lock is held through the budget', async () => {
    keys = new RedisKeys(uniquePrefix('blocked'));
    const child = await blockingChild('gen', 10_000, 4 * LOCK_MS);
    const producer = queue<string>('gen');
    const result = producer.enqueueAndWait({ prompt: 'p' }, { jobId: 'held', timeoutMs: 20_000, budgetMs: 10_000 });
    await waitFor(() => child.output().includes('started held attempt 1'), 15_000, 'the child to take the job');
    let survivorRuns = 0;
    const survivor = queue<string>('gen');
    await survivor.process(async () => {
      survivorRuns += 1;
      return 'finished by the survivor';
    });
    expect(await result).toBe('finished by the blocked worker');
    expect(survivorRuns).toBe(0);
  }, 40_000);

  it('never runs a job again once its budget has ended', async () => {
    keys = new RedisKeys(uniquePrefix('blocked'));
    const budgetMs = 2 * LOCK_MS;
    const child = await blockingChild('gen', budgetMs, 5 * LOCK_MS);
    const producer = queue<string>('gen');
    await producer.enqueue({ prompt: 'p' }, { jobId: 'late', budgetMs });
    await waitFor(() => child.output().includes('started late attempt 1'), 15_000, 'the child to take the job');
    let survivorRuns = 0;
    const survivor = queue<string>('gen');
    await survivor.process(async () => {
      survivorRuns += 1;
      return 'finished by the survivor';
    });
    // The lock lapses (held to the end of the budget) while the child is still blocked; the stalled
    // job is taken over after its budget ended, and must not run.
    await waitFor(() => child.output().includes('unblocked late'), 20_000, 'the child to unblock');
    await sleep(3 * LOCK_MS);
    expect(survivorRuns).toBe(0);
  }, 40_000);
});
