/**
 * InProcessJobQueue: JobQueue that runs handlers in this process, with the
 * BullMQ driver's semantics: dedup by id while waiting/running, joining
 * waiters, progress, concurrency, attempts with exponential backoff,
 * UnrecoverableJobError, JSON data and results, fair share by group (a job's
 * priority is its group's pending jobs at enqueue). Nothing survives the process:
 * jobs still waiting at `close()` fail their waiters with StorageError CLOSED.
 */
import { checkEnqueueOptions, checkQueueName, jsonRoundTrip, resolveQueueOptions, type ResolvedQueueOptions } from '../job-options.js';
import {
  JobFailedError,
  JobTimeoutError,
  UnrecoverableJobError,
  type EnqueueOptions,
  type JobHandler,
  type JobProgress,
  type JobQueue,
  type QueueOptions,
  type WaitOptions,
} from '../job-queue.js';
import { StorageError, StorageErrorCode } from '../storage.errors.js';

/** After the grace period and the abort, how long running handlers get before close() stops waiting. */
const ABANDON_AFTER_ABORT_MS = 2_000;

interface Job<TData, TResult> {
  id: string;
  data: TData;
  attempts: number;
  backoffMs: number;
  budgetMs?: number;
  attempt: number;
  group?: string;
  /** 0 without a group; else 1 + the group's jobs pending when it was added. Lower runs first. */
  priority: number;
  /** Order of arrival (first in, first out among equal priorities). */
  seq: number;
  state: 'waiting' | 'active' | 'retrying';
  done: Promise<TResult>;
  resolve(result: TResult): void;
  reject(error: Error): void;
  progressListeners: Set<(progress: JobProgress) => void>;
  controller?: AbortController;
  retryTimer?: NodeJS.Timeout;
}

export class InProcessJobQueue<TData, TResult> implements JobQueue<TData, TResult> {
  readonly name: string;
  private readonly options: ResolvedQueueOptions;
  private readonly jobs = new Map<string, Job<TData, TResult>>();
  private readonly waiting: Job<TData, TResult>[] = [];
  private handler: JobHandler<TData, TResult> | undefined;
  private concurrency = 1;
  private active = 0;
  private added = 0;
  private closed = false;
  private idle: (() => void) | undefined;

  constructor(name: string, options: QueueOptions = {}) {
    checkQueueName(name);
    this.name = name;
    this.options = resolveQueueOptions(options);
  }

  async enqueue(data: TData, options: EnqueueOptions): Promise<boolean> {
    return this.add(data, options).added;
  }

  async enqueueAndWait(data: TData, options: WaitOptions): Promise<TResult> {
    checkEnqueueOptions(options);
    const { job, added } = this.add(data, options, options.onProgress);
    options.onEnqueued?.(added);
    let timer: NodeJS.Timeout | undefined;
    const timeout = new Promise<never>((_, reject) => {
      timer = setTimeout(
        () => reject(new JobTimeoutError(`job ${options.jobId} on queue ${this.name} did not finish within ${options.timeoutMs} ms`)),
        options.timeoutMs,
      );
    });
    try {
      return await Promise.race([job.done, timeout]);
    } finally {
      clearTimeout(timer);
      if (options.onProgress) job.progressListeners.delete(options.onProgress);
    }
  }

  async process(handler: JobHandler<TData, TResult>, options: { concurrency?: number } = {}): Promise<void> {
    this.assertOpen();
    if (this.handler) throw new StorageError(StorageErrorCode.InvalidArgument, `queue ${this.name} already has a handler`);
    const concurrency = options.concurrency ?? 1;
    if (!Number.isSafeInteger(concurrency) || concurrency < 1) {
      throw new StorageError(StorageErrorCode.InvalidArgument, `concurrency must be an integer >= 1 (got ${concurrency})`);
    }
    this.handler = handler;
    this.concurrency = concurrency;
    this.pump();
  }

  async depth(): Promise<number> {
    return this.jobs.size;
  }

  async workerCount(): Promise<number> {
    return this.handler && !this.closed ? 1 : 0;
  }

  async close(): Promise<void> {
    if (this.closed) return;
    this.closed = true;
    for (const job of [...this.jobs.values()]) {
      if (job.state === 'active') continue;
      clearTimeout(job.retryTimer);
      this.finish(job, new StorageError(StorageErrorCode.Closed, `queue ${this.name} closed before job ${job.id} ran`));
    }
    this.waiting.length = 0;
    if (this.active === 0) return;
    const drained = new Promise<void>((resolve) => (this.idle = resolve));
    let giveUp: NodeJS.Timeout | undefined;
    const grace = setTimeout(() => {
      for (const job of this.jobs.values()) job.controller?.abort(new Error('worker shutting down'));
      // A handler that ignores its signal must not hold the shutdown: fail its waiters and go.
      giveUp = setTimeout(() => {
        for (const job of [...this.jobs.values()]) {
          this.finish(job, new StorageError(StorageErrorCode.Closed, `queue ${this.name} closed while job ${job.id} ran`));
        }
        this.idle?.();
      }, ABANDON_AFTER_ABORT_MS);
    }, this.options.closeGraceMs);
    await drained;
    clearTimeout(grace);
    clearTimeout(giveUp);
  }

  private add(data: TData, options: EnqueueOptions, onProgress?: (progress: JobProgress) => void): { job: Job<TData, TResult>; added: boolean } {
    this.assertOpen();
    checkEnqueueOptions(options);
    const existing = this.jobs.get(options.jobId);
    if (existing) {
      if (onProgress) existing.progressListeners.add(onProgress);
      return { job: existing, added: false };
    }
    let resolve!: (result: TResult) => void;
    let reject!: (error: Error) => void;
    const done = new Promise<TResult>((res, rej) => {
      resolve = res;
      reject = rej;
    });
    // Nobody may be waiting: a failure must not become an unhandled rejection.
    done.catch(() => undefined);
    const job: Job<TData, TResult> = {
      id: options.jobId,
      data: jsonRoundTrip('job data', data),
      attempts: options.attempts ?? this.options.attempts,
      backoffMs: options.backoffMs ?? this.options.backoffMs,
      ...(options.budgetMs !== undefined ? { budgetMs: options.budgetMs } : {}),
      attempt: 0,
      ...(options.group !== undefined ? { group: options.group } : {}),
      priority: options.group === undefined ? 0 : 1 + this.pendingOf(options.group),
      seq: this.added++,
      state: 'waiting',
      done,
      resolve,
      reject,
      progressListeners: new Set(onProgress ? [onProgress] : []),
    };
    this.jobs.set(job.id, job);
    this.waiting.push(job);
    this.pump();
    return { job, added: true };
  }

  private pump(): void {
    while (this.handler && !this.closed && this.active < this.concurrency && this.waiting.length > 0) {
      let next = 0;
      for (let i = 1; i < this.waiting.length; i++) {
        const job = this.waiting[i]!;
        const best = this.waiting[next]!;
        if (job.priority < best.priority || (job.priority === best.priority && job.seq < best.seq)) next = i;
      }
      const [job] = this.waiting.splice(next, 1) as [Job<TData, TResult>];
      void this.run(job, this.handler);
    }
  }

  /** Jobs of `group` not finished yet (waiting, running or waiting to retry). */
  private pendingOf(group: string): number {
    let count = 0;
    for (const job of this.jobs.values()) if (job.group === group) count++;
    return count;
  }

  private async run(job: Job<TData, TResult>, handler: JobHandler<TData, TResult>): Promise<void> {
    this.active += 1;
    job.state = 'active';
    job.attempt += 1;
    const controller = new AbortController();
    job.controller = controller;
    const budget =
      job.budgetMs === undefined ? undefined : setTimeout(() => controller.abort(new Error(`job budget of ${job.budgetMs} ms ran out`)), job.budgetMs);
    try {
      const result = await handler(jsonRoundTrip('job data', job.data), {
        jobId: job.id,
        attempt: job.attempt,
        signal: controller.signal,
        progress: async (value) => {
          const progress = jsonRoundTrip('job progress', value);
          for (const listener of job.progressListeners) listener(progress);
        },
      });
      this.finish(job, undefined, jsonRoundTrip('job result', result));
    } catch (error) {
      this.failAttempt(job, error);
    } finally {
      clearTimeout(budget);
      job.controller = undefined;
      this.active -= 1;
      if (this.active === 0) this.idle?.();
      this.pump();
    }
  }

  private failAttempt(job: Job<TData, TResult>, error: unknown): void {
    const message = error instanceof Error ? error.message : String(error);
    if (error instanceof UnrecoverableJobError || job.attempt >= job.attempts || this.closed) {
      this.finish(job, new JobFailedError(job.id, message));
      return;
    }
    job.state = 'retrying';
    job.retryTimer = setTimeout(
      () => {
        job.state = 'waiting';
        this.waiting.push(job);
        this.pump();
      },
      job.backoffMs * 2 ** (job.attempt - 1),
    );
  }

  private finish(job: Job<TData, TResult>, error: Error | undefined, result?: TResult): void {
    this.jobs.delete(job.id);
    if (error) job.reject(error);
    else job.resolve(result as TResult);
  }

  private assertOpen(): void {
    if (this.closed) throw new StorageError(StorageErrorCode.Closed, `queue ${this.name} is closed`);
  }
}
