/**
 * Conformance suite for JobQueue: the BullMQ and in-process drivers run the
 * same cases (dedup, join, timeout, progress, retries, unrecoverable errors,
 * concurrency, depth, graceful close). Test support only.
 */
import { afterEach, beforeEach, describe, expect, it } from '@jest/globals';
import { JobFailedError, JobTimeoutError, UnrecoverableJobError, type JobProgress, type JobQueue, type QueueOptions } from '../job-queue.js';
import { StorageError } from '../storage.errors.js';

export interface JobQueueHarness {
  /** A queue on a fresh name (or the same name again with `name`, for a second replica). */
  create<TData, TResult>(options?: QueueOptions, name?: string): JobQueue<TData, TResult>;
  dispose(): Promise<void>;
}

export interface Gate {
  promise: Promise<void>;
  open(): void;
}

export function gate(): Gate {
  let open!: () => void;
  const promise = new Promise<void>((resolve) => (open = resolve));
  return { promise, open };
}

export async function until(condition: () => boolean | Promise<boolean>, what: string, timeoutMs = 15_000): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (!(await condition())) {
    if (Date.now() > deadline) throw new Error(`timed out waiting for ${what}`);
    await new Promise((resolve) => setTimeout(resolve, 10));
  }
}

async function caught(promise: Promise<unknown>): Promise<unknown> {
  return promise.then(
    () => undefined,
    (error: unknown) => error,
  );
}

export function describeJobQueue(name: string, make: () => Promise<JobQueueHarness>): void {
  describe(`JobQueue contract: ${name}`, () => {
    let h: JobQueueHarness;
    beforeEach(async () => {
      h = await make();
    });
    afterEach(async () => {
      await h.dispose();
    });

    it('counts the workers consuming the queue: none before process(), one after, none after close()', async () => {
      const q = h.create<{ n: number }, number>();
      expect(await q.workerCount()).toBe(0);
      await q.process(async (data) => data.n);
      await until(async () => (await q.workerCount()) === 1, 'the worker to be listed');
      await q.close();
      await until(async () => (await q.workerCount().catch(() => 0)) === 0, 'the worker to be gone');
    });

    it('runs a job and hands its JSON result to the waiter', async () => {
      const q = h.create<{ n: number }, { doubled: number; at?: string }>();
      await q.process(async (data, ctx) => ({ doubled: data.n * 2, id: ctx.jobId, attempt: ctx.attempt }) as never);
      const result = await q.enqueueAndWait({ n: 21 }, { jobId: 'sha256:abc', timeoutMs: 10_000 });
      expect(result).toEqual({ doubled: 42, id: 'sha256:abc', attempt: 1 });
    });

    it('adds one job for 50 concurrent enqueues of one id, and runs the id again once it finished', async () => {
      const q = h.create<number, number>();
      const release = gate();
      const seen: number[] = [];
      await q.process(async (data) => {
        seen.push(data);
        await release.promise;
        return data;
      });
      const added = await Promise.all(Array.from({ length: 50 }, (_, i) => q.enqueue(i, { jobId: 'same' })));
      expect(added.filter(Boolean)).toHaveLength(1);
      const first = added.indexOf(true);
      await until(() => seen.length === 1, 'the job to start');
      expect(await q.enqueue(99, { jobId: 'same' })).toBe(false);
      release.open();
      await until(async () => (await q.depth()) === 0, 'the queue to drain');
      expect(await q.enqueueAndWait(7, { jobId: 'same', timeoutMs: 10_000 })).toBe(7);
      expect(seen).toEqual([first, 7]);
    });

    it('joins waiters to the running job of the same id', async () => {
      const q = h.create<string, string>();
      const release = gate();
      let runs = 0;
      await q.process(async (data) => {
        runs += 1;
        await release.promise;
        return `built ${data}`;
      });
      const first = q.enqueueAndWait('first', { jobId: 'idx', timeoutMs: 10_000 });
      await until(() => runs === 1, 'the job to start');
      const joined: boolean[] = [];
      const joiners = Array.from({ length: 5 }, (_, i) =>
        q.enqueueAndWait(`joiner ${i}`, { jobId: 'idx', timeoutMs: 10_000, onEnqueued: (added) => joined.push(added) }),
      );
      await until(() => joined.length === 5, 'the joiners to be enqueued');
      expect(joined).toEqual([false, false, false, false, false]);
      release.open();
      expect(await Promise.all([first, ...joiners])).toEqual(Array(6).fill('built first'));
      expect(runs).toBe(1);
    });

    it('times a waiter out while the job keeps running', async () => {
      const q = h.create<string, string>();
      const release = gate();
      let finished = false;
      await q.process(async () => {
        await release.promise;
        finished = true;
        return 'late';
      });
      const error = await caught(q.enqueueAndWait('x', { jobId: 'slow', timeoutMs: 1_000 }));
      expect(error).toBeInstanceOf(JobTimeoutError);
      release.open();
      await until(() => finished, 'the job to finish after the timeout');
    });

    it('reports progress to waiters', async () => {
      const q = h.create<null, string>();
      await q.process(async (_data, ctx) => {
        await ctx.progress(50);
        await ctx.progress({ phase: 'embedding', done: 3 });
        return 'ok';
      });
      const progress: JobProgress[] = [];
      expect(await q.enqueueAndWait(null, { jobId: 'p', timeoutMs: 10_000, onProgress: (p) => progress.push(p) })).toBe('ok');
      await until(() => progress.length === 2, 'both progress reports');
      expect(progress).toEqual([50, { phase: 'embedding', done: 3 }]);
    });

    it('retries a failing job with backoff and counts attempts', async () => {
      const q = h.create<null, number>({ backoffMs: 10 });
      const attempts: number[] = [];
      await q.process(async (_data, ctx) => {
        attempts.push(ctx.attempt);
        if (ctx.attempt < 3) throw new Error(`transient ${ctx.attempt}`);
        return ctx.attempt;
      });
      expect(await q.enqueueAndWait(null, { jobId: 'r', attempts: 3, timeoutMs: 15_000 })).toBe(3);
      expect(attempts).toEqual([1, 2, 3]);
    });

    it('fails for good after the last attempt, and at once for an unrecoverable error', async () => {
      const q = h.create<string, string>({ backoffMs: 1 });
      let calls = 0;
      await q.process(async (data) => {
        calls += 1;
        if (data === 'bad input') throw new UnrecoverableJobError('schema cannot be parsed');
        throw new Error(`model unavailable ${calls}`);
      });
      const unrecoverable = await caught(q.enqueueAndWait('bad input', { jobId: 'u', attempts: 5, timeoutMs: 10_000 }));
      expect(unrecoverable).toBeInstanceOf(JobFailedError);
      expect((unrecoverable as JobFailedError).message).toBe('schema cannot be parsed');
      expect((unrecoverable as JobFailedError).jobId).toBe('u');
      expect(calls).toBe(1);
      const exhausted = await caught(q.enqueueAndWait('x', { jobId: 'f', attempts: 2, timeoutMs: 10_000 }));
      expect((exhausted as JobFailedError).message).toBe('model unavailable 3');
      expect(calls).toBe(3);
    });

    it('runs at most `concurrency` jobs at a time and counts depth', async () => {
      const q = h.create<number, number>();
      const gates = [gate(), gate(), gate(), gate()];
      const started: number[] = [];
      for (let i = 0; i < 4; i++) await q.enqueue(i, { jobId: `c${i}` });
      expect(await q.depth()).toBe(4);
      await q.process(
        async (i) => {
          started.push(i);
          await gates[i]?.promise;
          return i;
        },
        { concurrency: 2 },
      );
      await until(() => started.length === 2, 'two jobs to start');
      await new Promise((resolve) => setTimeout(resolve, 300));
      expect(started).toHaveLength(2);
      gates[started[0] as number]?.open();
      await until(() => started.length === 3, 'a third job after one finished');
      for (const g of gates) g.open();
      await until(async () => (await q.depth()) === 0, 'the queue to drain');
    });

    it("shares fairly between groups: another group's first job runs before one group's backlog (issue 14 item 2)", async () => {
      const q = h.create<string, string>();
      const order: string[] = [];
      const first = gate();
      await q.process(async (name) => {
        order.push(name);
        if (name === 'acme-0') await first.promise;
        return name;
      });
      await q.enqueue('acme-0', { jobId: 'acme-0', group: 'acme' });
      await until(() => order.length === 1, 'the first job to start');
      for (let i = 1; i < 4; i++) await q.enqueue(`acme-${i}`, { jobId: `acme-${i}`, group: 'acme' });
      await q.enqueue('globex-0', { jobId: 'globex-0', group: 'globex' });
      await q.enqueue('globex-1', { jobId: 'globex-1', group: 'globex' });
      first.open();
      await until(async () => order.length === 6 && (await q.depth()) === 0, 'the queue to drain');
      // acme-0 was running (pending: priority 1); globex-0 (1) then acme-1 (2), globex-1 (2), acme-2, acme-3.
      expect(order).toEqual(['acme-0', 'globex-0', 'acme-1', 'globex-1', 'acme-2', 'acme-3']);
      // Finished jobs no longer count: a group's next job is first again.
      const again = await q.enqueueAndWait('acme-4', { jobId: 'acme-4', group: 'acme', timeoutMs: 10_000 });
      expect(again).toBe('acme-4');
      expect(((await caught(q.enqueue('x', { jobId: 'x', group: '' }))) as StorageError).code).toBe('INVALID_ARGUMENT');
    });

    it('lets a running job finish on close, then refuses new work', async () => {
      const q = h.create<null, string>();
      const release = gate();
      let running = false;
      let finished = false;
      await q.process(async () => {
        running = true;
        await release.promise;
        finished = true;
        return 'done';
      });
      await q.enqueue(null, { jobId: 'g' });
      await until(() => running, 'the job to run');
      const closing = q.close();
      setTimeout(() => release.open(), 100);
      await closing;
      expect(finished).toBe(true);
      expect(((await caught(q.enqueue(null, { jobId: 'late' }))) as StorageError).code).toBe('CLOSED');
    });

    it('refuses bad options with INVALID_ARGUMENT', async () => {
      const q = h.create<null, null>();
      const bad = [
        q.enqueue(null, { jobId: '' }),
        q.enqueue(null, { jobId: 'x', attempts: 0 }),
        q.enqueueAndWait(null, { jobId: 'x', timeoutMs: -1 }),
        q.process(async () => null, { concurrency: 0 }),
      ];
      const circular: Record<string, unknown> = {};
      circular['self'] = circular;
      bad.push(q.enqueue(circular as never, { jobId: 'circular' }));
      for (const call of bad) expect(((await caught(call)) as StorageError).code).toBe('INVALID_ARGUMENT');
      expect(() => h.create({}, 'bad:name')).toThrow(StorageError);
    });
  });
}
