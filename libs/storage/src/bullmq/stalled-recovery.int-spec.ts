/**
 * A worker that dies mid-job must not lose the job: another worker takes it
 * over (BullMQ stalled-job recovery once the lock lapses, or at once when the
 * dying worker hands it back at shutdown). Real Redis, real child process.
 */
import { spawn, type ChildProcess } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import { afterEach, describe, expect, it } from '@jest/globals';
import { closeTestRedis, createTestRedis, deleteKeysByPrefix, findKeys, TEST_REDIS_MODE, TEST_REDIS_URL, uniquePrefix, waitFor } from '@discovery/testing';
import type { JobContext } from '../job-queue.js';
import { RedisKeys } from '../redis/keys.js';
import { BullmqJobQueue } from './bullmq-job.queue.js';

const LOCK_MS = 1_000;
const testDir = fileURLToPath(new URL('../../test/', import.meta.url));

describe('BullmqJobQueue when a worker dies', () => {
  const opened: BullmqJobQueue<unknown, unknown>[] = [];
  const children: ChildProcess[] = [];
  let keys: RedisKeys;

  function queue<R>(name: string, closeGraceMs = 10_000): BullmqJobQueue<unknown, R> {
    const q = new BullmqJobQueue<unknown, R>(name, {
      connection: { url: TEST_REDIS_URL, mode: TEST_REDIS_MODE, name: 'stalled-test' },
      prefix: keys.queuePrefix(),
      lockDurationMs: LOCK_MS,
      stalledIntervalMs: 300,
      closeGraceMs,
      attempts: 1,
    });
    opened.push(q as BullmqJobQueue<unknown, unknown>);
    return q;
  }

  afterEach(async () => {
    for (const child of children.splice(0)) if (child.exitCode === null) child.kill('SIGKILL');
    await Promise.all(opened.splice(0).map((q) => q.close()));
    const client = createTestRedis();
    await deleteKeysByPrefix(client, keys.queuePrefix());
    await closeTestRedis(client);
  });

  it('completes the job of a worker process killed mid-job on another worker', async () => {
    keys = new RedisKeys(uniquePrefix('stall'));
    const child = spawn(
      process.execPath,
      ['--import', `${testDir}register-ts.mjs`, `${testDir}killable-worker.child.ts`, TEST_REDIS_URL, keys.queuePrefix(), 'build', String(LOCK_MS)],
      { stdio: ['ignore', 'pipe', 'pipe'] },
    );
    children.push(child);
    let out = '';
    let err = '';
    child.stdout?.on('data', (chunk: Buffer) => (out += chunk.toString()));
    child.stderr?.on('data', (chunk: Buffer) => (err += chunk.toString()));
    await waitFor(() => out.includes('ready') || child.exitCode !== null, 20_000, 'the child worker to start');
    expect({ exitCode: child.exitCode, err }).toEqual({ exitCode: null, err: '' });

    const producer = queue<string>('build');
    const result = producer.enqueueAndWait({ index: 'x' }, { jobId: 'sha256:abc', timeoutMs: 30_000 });
    await waitFor(() => out.includes('started sha256:abc attempt 1'), 15_000, 'the child to take the job');
    const exited = new Promise((resolve) => child.once('exit', resolve));
    child.kill('SIGKILL');
    await exited;

    const survivor = queue<string>('build');
    await survivor.process(async (_data, ctx: JobContext) => `finished by survivor on attempt ${ctx.attempt}`);
    expect(await result).toBe('finished by survivor on attempt 2');
  }, 40_000);

  it('takes over the job of a worker that closed without finishing it (handler ignores its signal)', async () => {
    keys = new RedisKeys(uniquePrefix('stall'));
    const producer = queue<string>('gen');
    const dying = queue<string>('gen', 0);
    let started = 0;
    await dying.process(async () => {
      started += 1;
      return new Promise<string>(() => undefined);
    });
    const result = producer.enqueueAndWait(null, { jobId: 'p1', timeoutMs: 30_000 });
    await waitFor(() => started === 1, 15_000, 'the first worker to take the job');
    await dying.close();
    const survivor = queue<string>('gen');
    await survivor.process(async (_data, ctx) => `survivor attempt ${ctx.attempt}`);
    expect(await result).toBe('survivor attempt 2');
  }, 40_000);

  it('hands a running job back at shutdown when its handler honours the abort signal', async () => {
    keys = new RedisKeys(uniquePrefix('stall'));
    const producer = queue<string>('gen');
    const dying = queue<string>('gen', 50);
    let aborted = false;
    let running = false;
    await dying.process(
      (_data, ctx) =>
        new Promise<string>((_resolve, reject) => {
          running = true;
          ctx.signal.addEventListener('abort', () => {
            aborted = true;
            reject(ctx.signal.reason as Error);
          });
        }),
    );
    const result = producer.enqueueAndWait(null, { jobId: 'p2', timeoutMs: 30_000 });
    await waitFor(() => running, 15_000, 'the handler to run');
    await dying.close();
    expect(aborted).toBe(true);
    expect(await producer.counts()).toEqual({ waiting: 1, active: 0, delayed: 0 });
    const survivor = queue<string>('gen');
    await survivor.process(async (_data, ctx) => `survivor attempt ${ctx.attempt}`);
    expect(await result).toBe('survivor attempt 2');
  }, 40_000);

  it('aborts a job whose lock was lost, so it never runs twice at the same time', async () => {
    keys = new RedisKeys(uniquePrefix('stall'));
    const worker = queue<string>('lock', 10_000);
    let reason = '';
    await worker.process(
      (_data, ctx) =>
        new Promise<string>((_resolve, reject) =>
          ctx.signal.addEventListener('abort', () => {
            reason = (ctx.signal.reason as Error).message;
            reject(ctx.signal.reason as Error);
          }),
        ),
    );
    await worker.enqueue(null, { jobId: 'l1' });
    const client = createTestRedis();
    try {
      let lockKeys: string[] = [];
      await waitFor(
        async () => {
          lockKeys = await findKeys(client, `${keys.queuePrefix()}:lock:*:lock`);
          return lockKeys.length === 1;
        },
        15_000,
        'the job lock',
      );
      await client.del(...lockKeys);
      await waitFor(() => reason !== '', 15_000, 'the abort');
      expect(reason).toMatch(/lost the job lock/);
    } finally {
      await closeTestRedis(client);
    }
  }, 40_000);
});
