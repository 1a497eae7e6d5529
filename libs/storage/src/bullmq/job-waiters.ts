/**
 * JobWaiters: many callers waiting on BullMQ jobs through one QueueEvents
 * stream (one listener per event type, a map of waiters per job id, so 50
 * joiners of one job add no listeners). After registering, a waiter checks
 * the job's stored state, so a job that finished before the wait began is
 * still answered. The stream is read from its newest entry as of `open()`
 * (`lastEventId`), not from `$`: `$` means "from whenever the first XREAD
 * reaches Redis", and a job that finished between the state check and that
 * XREAD was never answered (the first enqueueAndWait of a fresh process
 * waited out its timeout; issue 21).
 */
import type { Queue, QueueEvents } from 'bullmq';
import type { Redis } from 'ioredis';
import { JobFailedError, JobTimeoutError, type JobProgress } from '../job-queue.js';
import { storageCall, StorageError, StorageErrorCode } from '../storage.errors.js';

interface Waiter<TResult> {
  resolve(result: TResult): void;
  reject(error: Error): void;
  onProgress: ((progress: JobProgress) => void) | undefined;
  /** The id the caller enqueued under (dedup id), for error messages. */
  publicId: string;
}

export class JobWaiters<TResult> {
  private readonly waiters = new Map<string, Set<Waiter<TResult>>>();
  private readonly queue: Queue;
  private readonly events: QueueEvents;
  private readonly queueName: string;

  constructor(queue: Queue, events: QueueEvents, queueName: string) {
    this.queue = queue;
    this.events = events;
    this.queueName = queueName;
    events.on('completed', ({ jobId, returnvalue }) => this.settle(jobId, (w) => w.resolve(returnvalue as TResult)));
    events.on('failed', ({ jobId, failedReason }) => this.settleFailed(jobId, failedReason));
    events.on('progress', ({ jobId, data }) => {
      for (const waiter of this.waiters.get(jobId) ?? []) waiter.onProgress?.(data as JobProgress);
    });
  }

  /** Waiters on a stream made by `eventsFrom(id)`, `id` being the stream's newest entry now (`0-0` when empty). */
  static async open<TResult>(queue: Queue, queueName: string, eventsFrom: (lastEventId: string) => QueueEvents): Promise<JobWaiters<TResult>> {
    // BullMQ's connection is a proxy forwarding ioredis' API (see BullmqJobQueue.commands()).
    const client = (await queue.getBackend().client) as unknown as Redis;
    const [newest] = await storageCall(`read the events stream of queue ${queueName}`, () => client.xrevrange(queue.toKey('events'), '+', '-', 'COUNT', 1));
    return new JobWaiters<TResult>(queue, eventsFrom(newest?.[0] ?? '0-0'), queueName);
  }

  async ready(): Promise<void> {
    await storageCall(`listen to queue ${this.queueName} events`, () => this.events.waitUntilReady().then(() => undefined));
  }

  /** Waits for BullMQ job `jobId` (enqueued under `publicId`) to finish, up to `timeoutMs`. */
  wait(jobId: string, publicId: string, timeoutMs: number, onProgress?: (progress: JobProgress) => void): Promise<TResult> {
    return new Promise<TResult>((resolve, reject) => {
      const timer = setTimeout(() => {
        remove();
        reject(new JobTimeoutError(`job ${publicId} on queue ${this.queueName} did not finish within ${timeoutMs} ms`));
      }, timeoutMs);
      const waiter: Waiter<TResult> = {
        resolve: (result) => {
          clearTimeout(timer);
          resolve(result);
        },
        reject: (error) => {
          clearTimeout(timer);
          reject(error);
        },
        onProgress,
        publicId,
      };
      const remove = (): void => {
        const set = this.waiters.get(jobId);
        set?.delete(waiter);
        if (set?.size === 0) this.waiters.delete(jobId);
      };
      let set = this.waiters.get(jobId);
      if (!set) {
        set = new Set();
        this.waiters.set(jobId, set);
      }
      set.add(waiter);
      this.checkFinished(jobId).catch((error: unknown) => {
        remove();
        waiter.reject(error instanceof Error ? error : new Error(String(error)));
      });
    });
  }

  /** Rejects every waiter (the queue is closing) and stops listening. */
  async close(): Promise<void> {
    for (const jobId of [...this.waiters.keys()]) {
      this.settle(jobId, (w) => w.reject(new StorageError(StorageErrorCode.Closed, `queue ${this.queueName} closed while waiting`)));
    }
    await this.events.close();
  }

  /** Drops the event stream's connection without waiting for Redis (used when close() hangs). */
  async disconnect(): Promise<void> {
    await this.events.disconnect();
  }

  private async checkFinished(jobId: string): Promise<void> {
    const job = await storageCall(`read job of queue ${this.queueName}`, () => this.queue.getJob(jobId));
    if (!job) {
      this.settle(jobId, (w) => w.reject(new JobFailedError(w.publicId, 'the job vanished before it finished (removed)')));
      return;
    }
    if (!job.finishedOn) return;
    if (await job.isFailed()) this.settleFailed(jobId, job.failedReason);
    else if (await job.isCompleted()) this.settle(jobId, (w) => w.resolve(job.returnvalue as TResult));
  }

  private settleFailed(jobId: string, reason: string | undefined): void {
    this.settle(jobId, (w) => w.reject(new JobFailedError(w.publicId, reason || 'the job failed')));
  }

  private settle(jobId: string, action: (waiter: Waiter<TResult>) => void): void {
    const set = this.waiters.get(jobId);
    if (!set) return;
    this.waiters.delete(jobId);
    for (const waiter of set) action(waiter);
  }
}
