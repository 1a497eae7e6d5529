/**
 * BullmqJobQueue: JobQueue on BullMQ. Deduplication uses BullMQ's
 * `deduplication` option (the id holds while the job waits, runs or waits for
 * a retry, and frees when it finishes, so a later enqueue runs again); each
 * job gets a fresh BullMQ id, so a join is detected by the id BullMQ returns.
 * Waiters share one QueueEvents stream. A dead worker's job is taken over by
 * stalled-job recovery once its lock (`lockDurationMs`) lapses. Connections
 * come from BullmqConnections (options on one Redis, Cluster instances on a
 * cluster; bullmq-connection.ts).
 */
import { createHash, randomUUID } from 'node:crypto';
import { Queue, QueueEvents, UnrecoverableError, WaitingError, Worker, type Job } from 'bullmq';
import type { Redis } from 'ioredis';
import { checkEnqueueOptions, checkQueueName, jsonRoundTrip, resolveQueueOptions, type ResolvedQueueOptions } from '../job-options.js';
import { UnrecoverableJobError, type EnqueueOptions, type JobHandler, type JobQueue, type QueueOptions, type WaitOptions } from '../job-queue.js';
import { storageCall, StorageError, StorageErrorCode, toStorageError } from '../storage.errors.js';
import { within } from '../deadline.js';
import { BullmqConnections, type BullmqConnectionSettings } from './bullmq-connection.js';
import { JobWaiters } from './job-waiters.js';

/** After the grace period, how long aborted jobs get to stop before the worker is force-closed. */
const HAND_BACK_MS = 2_000;

/** How long closing one BullMQ part may take before its connection is dropped instead. */
const CLOSE_TIMEOUT_MS = 3_000;

/** What BullMQ stores as job data. */
interface Envelope<TData> {
  data: TData;
  budgetMs?: number;
  /**
   * Epoch ms when the job's budget ends, fixed at enqueue: a job started after it (a stalled job
   * taken over once its caller stopped waiting) is not run (issue 23 finding 3).
   */
  deadlineAt?: number;
  /** The fair-share set the job is counted in (EnqueueOptions.group), until it finishes. */
  fairKey?: string;
}

/** BullMQ's lowest priority (2^21); lower numbers run first, 0 means none (before all prioritized jobs). */
const MAX_PRIORITY = 2 ** 21;

/**
 * A job counted in its group's fair-share set but never finished here (removed by hand, failed by
 * stalling) stops counting after this long, so a group's priority cannot drift for ever.
 */
const FAIR_STALE_MS = 24 * 3_600_000;

export interface BullmqJobQueueOptions extends QueueOptions {
  /** Where Redis is (one server or cluster seed nodes) and the connections' name. */
  connection: BullmqConnectionSettings;
  /** BullMQ key prefix, hash-tagged (RedisKeys.queuePrefix()). */
  prefix: string;
  /** Told about connection and worker errors (translated); never about job data. */
  onError?: (error: StorageError) => void;
}

export class BullmqJobQueue<TData, TResult> implements JobQueue<TData, TResult> {
  readonly name: string;
  private readonly options: ResolvedQueueOptions;
  private readonly settings: BullmqJobQueueOptions;
  private readonly queue: Queue<Envelope<TData>, TResult>;
  private readonly active = new Map<string, AbortController>();
  /** Set when the close grace period ran out: running jobs go back to the queue, their outcome is dropped. */
  private handingBack = false;
  private readonly connection: BullmqConnections;
  private waiters: JobWaiters<TResult> | undefined;
  private waitersStarting: Promise<JobWaiters<TResult>> | undefined;
  private worker: Worker<Envelope<TData>, TResult> | undefined;
  private closing: Promise<void> | undefined;

  constructor(name: string, settings: BullmqJobQueueOptions) {
    checkQueueName(name);
    this.name = name;
    this.settings = settings;
    this.options = resolveQueueOptions(settings);
    this.connection = new BullmqConnections(settings.connection);
    const keep = { age: Math.ceil(this.options.keepFinishedMs / 1000), count: 10_000 };
    this.queue = new Queue<Envelope<TData>, TResult>(name, {
      connection: this.connection.commands(),
      prefix: settings.prefix,
      defaultJobOptions: { removeOnComplete: keep, removeOnFail: keep },
    });
    this.queue.on('error', (error) => this.report(error, 'queue'));
  }

  async enqueue(data: TData, options: EnqueueOptions): Promise<boolean> {
    return (await this.add(data, options)).added;
  }

  async enqueueAndWait(data: TData, options: WaitOptions): Promise<TResult> {
    checkEnqueueOptions(options);
    const deadline = Date.now() + options.timeoutMs;
    const waiters = await this.events(options.timeoutMs);
    const { jobId, added } = await this.add(data, options);
    options.onEnqueued?.(added);
    return waiters.wait(jobId, options.jobId, Math.max(1, deadline - Date.now()), options.onProgress);
  }

  async process(handler: JobHandler<TData, TResult>, options: { concurrency?: number } = {}): Promise<void> {
    this.assertOpen();
    if (this.worker) throw new StorageError(StorageErrorCode.InvalidArgument, `queue ${this.name} already has a handler`);
    const concurrency = options.concurrency ?? 1;
    if (!Number.isSafeInteger(concurrency) || concurrency < 1) {
      throw new StorageError(StorageErrorCode.InvalidArgument, `concurrency must be an integer >= 1 (got ${concurrency})`);
    }
    const worker = new Worker<Envelope<TData>, TResult>(this.name, (job, token, signal) => this.run(job, handler, token, signal), {
      connection: this.connection.blocking(),
      prefix: this.settings.prefix,
      concurrency,
      lockDuration: this.options.lockDurationMs,
      stalledInterval: this.options.stalledIntervalMs,
      maxStalledCount: this.options.maxStalledCount,
      autorun: false,
    });
    worker.on('error', (error) => this.report(error, 'worker'));
    // The lock is gone (expired during an outage or a long pause): the job may already run on another
    // worker, so stop this copy rather than build the same thing twice at the same time.
    worker.on('lockRenewalFailed', (jobIds: string[]) => {
      for (const id of jobIds) this.active.get(id)?.abort(new Error('lost the job lock; another worker may run it'));
    });
    this.worker = worker;
    void worker.run().catch((error: unknown) => this.report(error, 'worker'));
    await storageCall(`start worker for queue ${this.name}`, () => worker.waitUntilReady().then(() => undefined));
  }

  async depth(): Promise<number> {
    return storageCall(`count jobs of queue ${this.name}`, () => this.queue.getJobCountByTypes('waiting', 'active', 'delayed', 'prioritized'));
  }

  async workerCount(): Promise<number> {
    return storageCall(`count workers of queue ${this.name}`, () => this.queue.getWorkersCount());
  }

  /** Jobs by state (metrics, operators). */
  async counts(): Promise<{ waiting: number; active: number; delayed: number }> {
    const counts = await storageCall(`count jobs of queue ${this.name}`, () => this.queue.getJobCounts('waiting', 'prioritized', 'active', 'delayed'));
    return { waiting: (counts.waiting ?? 0) + (counts.prioritized ?? 0), active: counts.active ?? 0, delayed: counts.delayed ?? 0 };
  }

  close(): Promise<void> {
    this.closing ??= this.shutdown();
    return this.closing;
  }

  private async shutdown(): Promise<void> {
    const worker = this.worker;
    if (worker) {
      // Stop fetching, give running jobs the grace period, then abort them and hand them back
      // (force close: their locks lapse and another worker's stalled check takes them over).
      await worker.pause(true).catch((error: unknown) => this.report(error, 'worker'));
      let finished = await this.whenIdle(this.options.closeGraceMs);
      if (!finished) {
        this.handingBack = true;
        for (const controller of this.active.values()) controller.abort(new Error('worker shutting down'));
        finished = await this.whenIdle(HAND_BACK_MS);
      }
      await this.closeWithin(
        'worker',
        () => worker.close(!finished),
        () => worker.disconnect(),
      );
    }
    const waiters = this.waiters;
    if (waiters)
      await this.closeWithin(
        'queue events',
        () => waiters.close(),
        () => waiters.disconnect(),
      );
    await this.closeWithin(
      'queue',
      () => this.queue.close(),
      () => this.queue.disconnect(),
    );
    await this.connection.close();
  }

  /** Resolves once the queue's connection is ready (and, with `ping`, Redis answers); else UNAVAILABLE. */
  private async connected(ping: boolean): Promise<void> {
    const ms = this.connection.connectTimeoutMs;
    await within(
      this.queue.waitUntilReady(),
      ms,
      () => new StorageError(StorageErrorCode.Unavailable, `queue ${this.name}: not connected to Redis within ${ms} ms`),
    );
    if (ping) await storageCall(`reach Redis for queue ${this.name}`, () => this.queue.getActiveCount());
  }

  /** Closes politely; when Redis does not answer (outage), drops the connections instead of hanging. */
  private async closeWithin(part: string, close: () => Promise<void>, drop: () => Promise<void>): Promise<void> {
    try {
      await within(close(), CLOSE_TIMEOUT_MS, () => new StorageError(StorageErrorCode.Unavailable, `closing ${part} timed out`));
    } catch (error) {
      this.report(error, part);
      await within(drop(), CLOSE_TIMEOUT_MS, () => new StorageError(StorageErrorCode.Unavailable, `dropping ${part} timed out`)).catch((dropError: unknown) =>
        this.report(dropError, part),
      );
    }
  }

  private async add(data: TData, options: EnqueueOptions): Promise<{ jobId: string; added: boolean }> {
    this.assertOpen();
    checkEnqueueOptions(options);
    await this.connected(false);
    const fresh = randomUUID();
    const fairKey = options.group === undefined ? undefined : this.fairKey(options.group);
    const envelope: Envelope<TData> = {
      data: jsonRoundTrip('job data', data),
      ...(options.budgetMs !== undefined ? { budgetMs: options.budgetMs, deadlineAt: Date.now() + options.budgetMs } : {}),
      ...(fairKey !== undefined ? { fairKey } : {}),
    };
    return storageCall(`enqueue on queue ${this.name}`, async () => {
      // Fair share: the priority is 1 + the group's jobs pending (waiting or running), so a group's
      // first job runs before another group's second. Without a group: no priority, first in first out.
      const now = Date.now();
      let priority = 0;
      if (fairKey !== undefined) {
        const client = await this.commands();
        const [, pending] =
          (await client
            .multi()
            .zremrangebyscore(fairKey, '-inf', now - FAIR_STALE_MS)
            .zcard(fairKey)
            .exec()) ?? [];
        priority = Math.min(MAX_PRIORITY, 1 + Number(pending?.[1] ?? 0));
      }
      const job = await this.queue.add(this.name as never, envelope as never, {
        jobId: fresh,
        deduplication: { id: options.jobId },
        attempts: options.attempts ?? this.options.attempts,
        backoff: { type: 'exponential', delay: options.backoffMs ?? this.options.backoffMs },
        ...(priority > 0 ? { priority } : {}),
      });
      if (!job.id) throw new StorageError(StorageErrorCode.Internal, `queue ${this.name} returned a job without id`);
      const added = job.id === fresh;
      if (added && fairKey !== undefined) {
        const client = await this.commands();
        await client.multi().zadd(fairKey, now, options.jobId).pexpire(fairKey, FAIR_STALE_MS).exec();
      }
      return { jobId: job.id, added };
    });
  }

  /**
   * The queue's own connection, for the fair-share sets. BullMQ wraps an ioredis client in a proxy
   * that forwards every command it does not override to ioredis, so ioredis' API is there.
   */
  private async commands(): Promise<Redis> {
    return (await this.queue.getBackend().client) as unknown as Redis;
  }

  /** The fair-share set of a group: its pending jobs' ids (in the queue's hash slot; the group's name is not stored). */
  private fairKey(group: string): string {
    return `${this.settings.prefix}:${this.name}:sd-fair:${createHash('sha256').update(group).digest('hex').slice(0, 16)}`;
  }

  /** The job no longer counts for its group (done, or failed for good). Best effort: stale members expire. */
  private async leaveFairShare(job: Job<Envelope<TData>, TResult>): Promise<void> {
    const key = job.data.fairKey;
    const id = job.deduplicationId ?? job.opts.deduplication?.id;
    if (key === undefined || id === undefined) return;
    try {
      await (await this.commands()).zrem(key, id);
    } catch (error) {
      this.report(error, 'fair share');
    }
  }

  private async run(
    job: Job<Envelope<TData>, TResult>,
    handler: JobHandler<TData, TResult>,
    token: string | undefined,
    cancel?: AbortSignal,
  ): Promise<TResult> {
    // Fetched while this worker was closing: leave it to another worker.
    if (this.closing) await this.handBack(job, token);
    const controller = new AbortController();
    const key = job.id ?? randomUUID();
    this.active.set(key, controller);
    const onCancel = (): void => controller.abort(cancel?.reason ?? new Error('job cancelled'));
    cancel?.addEventListener('abort', onCancel, { once: true });
    const { budgetMs, deadlineAt } = job.data;
    // What is left of the budget set at enqueue; nothing left: nobody waits, so the job does not run.
    const leftMs = budgetMs === undefined ? undefined : Math.min(budgetMs, deadlineAt === undefined ? budgetMs : deadlineAt - Date.now());
    const budget =
      leftMs === undefined ? undefined : setTimeout(() => controller.abort(new Error(`job budget of ${budgetMs} ms ran out`)), Math.max(0, leftMs));
    try {
      if (leftMs !== undefined && leftMs <= 0) {
        throw new UnrecoverableJobError(`the job's budget of ${budgetMs} ms ended before it ran (attempt ${job.attemptsStarted}); nobody waits for it`);
      }
      const result = await handler(job.data.data, {
        jobId: job.deduplicationId ?? job.opts.deduplication?.id ?? key,
        attempt: job.attemptsStarted,
        signal: controller.signal,
        progress: (value) => job.updateProgress(value),
        holdLock: async (ms) => {
          if (token !== undefined && ms > 0) await job.extendLock(token, Math.ceil(ms));
        },
        releaseLock: async () => {
          if (token !== undefined) await job.extendLock(token, this.options.lockDurationMs);
        },
      });
      if (this.handingBack) await this.handBack(job, token);
      await this.leaveFairShare(job);
      return result;
    } catch (error) {
      if (this.handingBack) await this.handBack(job, token);
      if (error instanceof UnrecoverableJobError || job.attemptsMade + 1 >= (job.opts.attempts ?? 1)) await this.leaveFairShare(job);
      if (error instanceof UnrecoverableJobError) throw new UnrecoverableError(error.message);
      throw error instanceof Error ? error : new Error(String(error));
    } finally {
      clearTimeout(budget);
      cancel?.removeEventListener('abort', onCancel);
      this.active.delete(key);
    }
  }

  /**
   * Puts a job this worker gave up at shutdown back in the queue for another worker (its lock is
   * released) and tells BullMQ to leave it alone. If Redis cannot be told, the lock lapses and
   * stalled-job recovery hands it over instead.
   */
  private async handBack(job: Job<Envelope<TData>, TResult>, token: string | undefined): Promise<never> {
    try {
      await job.moveToWait(token);
    } catch (error) {
      this.report(error, 'worker hand-back');
    }
    throw new WaitingError();
  }

  /** The shared waiters, once their event stream is connected (UNAVAILABLE if not within `timeoutMs`). */
  private async events(timeoutMs: number): Promise<JobWaiters<TResult>> {
    this.assertOpen();
    // One stream for every caller, also for the first ones arriving together.
    this.waitersStarting ??= this.startWaiters().catch((error: unknown) => {
      this.waitersStarting = undefined;
      throw error;
    });
    const waiters = await within(
      this.waitersStarting,
      timeoutMs,
      () => new StorageError(StorageErrorCode.Unavailable, `queue ${this.name}: events stream not connected to Redis within ${timeoutMs} ms`),
    );
    await within(
      waiters.ready(),
      timeoutMs,
      () => new StorageError(StorageErrorCode.Unavailable, `queue ${this.name}: events stream not connected to Redis within ${timeoutMs} ms`),
    );
    return waiters;
  }

  private async startWaiters(): Promise<JobWaiters<TResult>> {
    // BullMQ cannot close a QueueEvents whose first connection never succeeded: create it only
    // once Redis answers.
    await this.connected(true);
    this.waiters = await JobWaiters.open<TResult>(this.queue, this.name, (lastEventId) => {
      if (this.closing) throw new StorageError(StorageErrorCode.Closed, `queue ${this.name} is closed`);
      const events = new QueueEvents(this.name, {
        connection: this.connection.blocking(`sd-queue-events-${this.name}`),
        prefix: this.settings.prefix,
        lastEventId,
      });
      events.on('error', (error) => this.report(error, 'queue events'));
      return events;
    });
    return this.waiters;
  }

  private async whenIdle(timeoutMs: number): Promise<boolean> {
    const deadline = Date.now() + timeoutMs;
    while (this.active.size > 0) {
      if (Date.now() >= deadline) return false;
      await new Promise((resolve) => setTimeout(resolve, 20));
    }
    return true;
  }

  private report(error: unknown, part: string): void {
    this.settings.onError?.(toStorageError(error, `queue ${this.name} ${part}`));
  }

  private assertOpen(): void {
    if (this.closing) throw new StorageError(StorageErrorCode.Closed, `queue ${this.name} is closed`);
  }
}
