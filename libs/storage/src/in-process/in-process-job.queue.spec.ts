/** InProcessJobQueue against the JobQueue contract, plus what only it does (close fails queued waiters). */
import { describe, expect, it } from '@jest/globals';
import { describeJobQueue, gate, until } from '../contract/job-queue.contract.js';
import type { JobQueue } from '../job-queue.js';
import { InProcessJobQueue } from './in-process-job.queue.js';

describeJobQueue('in-process', async () => {
  const queues: JobQueue<unknown, unknown>[] = [];
  let n = 0;
  return {
    create: <D, R>(options = {}, name?: string) => {
      const q = new InProcessJobQueue<D, R>(name ?? `q${n++}`, options);
      queues.push(q as JobQueue<unknown, unknown>);
      return q;
    },
    dispose: async () => {
      await Promise.all(queues.map((q) => q.close()));
    },
  };
});

describe('InProcessJobQueue', () => {
  it('fails waiters of jobs that never started when it closes', async () => {
    const q = new InProcessJobQueue<null, null>('q', { closeGraceMs: 1_000 });
    const release = gate();
    await q.process(async () => {
      await release.promise;
      return null;
    });
    const running = q.enqueueAndWait(null, { jobId: 'a', timeoutMs: 10_000 });
    const queued = q.enqueueAndWait(null, { jobId: 'b', timeoutMs: 10_000 });
    await until(async () => (await q.depth()) === 2, 'both jobs queued');
    const closing = q.close();
    await expect(queued).rejects.toMatchObject({ code: 'CLOSED' });
    release.open();
    await closing;
    await expect(running).resolves.toBeNull();
  });

  it('aborts a running job after the close grace period', async () => {
    const q = new InProcessJobQueue<null, string>('q', { closeGraceMs: 50, attempts: 1 });
    await q.process((_data, ctx) => new Promise((_resolve, reject) => ctx.signal.addEventListener('abort', () => reject(new Error('aborted')))));
    const waiting = q.enqueueAndWait(null, { jobId: 'a', timeoutMs: 10_000 });
    await until(async () => (await q.depth()) === 1, 'the job to run');
    await q.close();
    await expect(waiting).rejects.toThrow('aborted');
  });

  it('does not hang on close when a handler ignores its abort signal', async () => {
    const q = new InProcessJobQueue<null, string>('q', { closeGraceMs: 10 });
    await q.process(() => new Promise<string>(() => undefined));
    const waiting = q.enqueueAndWait(null, { jobId: 'stuck', timeoutMs: 60_000 });
    await until(async () => (await q.depth()) === 1, 'the job to run');
    await q.close();
    await expect(waiting).rejects.toMatchObject({ code: 'CLOSED' });
  });
});
