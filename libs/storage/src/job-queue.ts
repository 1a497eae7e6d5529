/**
 * JobQueue: background work (index builds, query generation). BullMQ on Redis
 * in production; an in-process driver for `serve` without Redis and for
 * service tests. Both behind this one interface, chosen by a factory.
 * Job data and results travel as JSON (both drivers round-trip them), so keep
 * them to plain JSON values.
 */

export interface JobContext {
  /** The id given at enqueue (the deduplication id). */
  jobId: string;
  /** 1 on the first attempt (a stalled job taken over by another worker counts as a new attempt). */
  attempt: number;
  /** Reports progress (0-100 or a small object); visible to waiters and operators. */
  progress(value: number | Record<string, unknown>): Promise<void>;
  /** Aborted when the worker shuts down (after its grace period) or the job's `budgetMs` runs out. */
  signal: AbortSignal;
  /**
   * Keeps the job's lock for the next `ms` even if this process's event loop blocks meanwhile
   * (before a long synchronous stage), so no other worker takes the job over as stalled while it
   * runs. Queues without locks leave it out. Normal lock renewal resumes afterwards.
   */
  holdLock?(ms: number): Promise<void>;
  /**
   * Ends a hold: the lock lasts the queue's normal lock duration again, so that if this worker dies
   * afterwards another takes the job over as soon as usual.
   */
  releaseLock?(): Promise<void>;
}

export type JobHandler<TData, TResult> = (data: TData, ctx: JobContext) => Promise<TResult>;

export type JobProgress = number | Record<string, unknown>;

export interface EnqueueOptions {
  /**
   * Deduplication id: while a job with this id is waiting or running, enqueueing again adds
   * nothing (and `enqueueAndWait` joins the running job). Once it finished, the same id runs again.
   */
  jobId: string;
  /** Total attempts (default: the queue's `attempts`). */
  attempts?: number;
  /** Base delay of the exponential backoff between attempts (default: the queue's `backoffMs`). */
  backoffMs?: number;
  /** Each attempt's signal aborts after this long. Default: no budget. */
  budgetMs?: number;
  /**
   * Fair share (for example the tenant): a job goes behind the jobs of groups with fewer jobs pending.
   * Its priority is the number of its group's jobs already pending (waiting or running), so a group's
   * first job runs before another group's second; equal priorities run first in, first out. Jobs
   * without a group run first in, first out, before grouped ones.
   */
  group?: string;
}

export interface WaitOptions extends EnqueueOptions {
  /** How long this caller waits; the job itself keeps running after a timeout. */
  timeoutMs: number;
  /** Called with each progress report of the job while waiting. */
  onProgress?: (progress: JobProgress) => void;
  /** Called once the job is in the queue: `added` false means this call joined a job already there. */
  onEnqueued?: (added: boolean) => void;
}

/** Settings of one queue (both drivers). */
export interface QueueOptions {
  /** Default attempts per job. Default 3. */
  attempts?: number;
  /** Default base backoff between attempts, doubled each retry. Default 1000 ms. */
  backoffMs?: number;
  /** How long `close()` lets running jobs finish before aborting them and handing them back. Default 10 s. */
  closeGraceMs?: number;
  /** BullMQ: a worker's lock on a job; a dead worker's job is taken over after it lapses. Default 30 s. */
  lockDurationMs?: number;
  /** BullMQ: how often workers look for stalled jobs. Default 30 s. */
  stalledIntervalMs?: number;
  /** BullMQ: how many times a job may stall before it fails. Default 2. */
  maxStalledCount?: number;
  /** BullMQ: how long finished jobs are kept (for late waiters and operators). Default 1 h. */
  keepFinishedMs?: number;
}

export interface JobQueue<TData, TResult> {
  readonly name: string;
  /** Adds a job unless one with the same id is waiting or running. Returns true when added. */
  enqueue(data: TData, options: EnqueueOptions): Promise<boolean>;
  /**
   * Adds (or joins) the job and waits for its result up to `timeoutMs`; rejects with
   * JobTimeoutError (the job keeps running) or JobFailedError (all attempts failed).
   */
  enqueueAndWait(data: TData, options: WaitOptions): Promise<TResult>;
  /** Starts consuming jobs with `handler` (at most `concurrency` at a time, default 1). Once per queue. */
  process(handler: JobHandler<TData, TResult>, options?: { concurrency?: number }): Promise<void>;
  /** Waiting + active + retry-pending jobs (scaling signal, metrics). */
  depth(): Promise<number>;
  /**
   * Workers consuming this queue right now, in every process (BullMQ: the connections Redis lists
   * for the queue's workers). Lets a producer say at once that nobody will run its job.
   */
  workerCount(): Promise<number>;
  /** Stops taking jobs, lets running ones finish (or hands them back), closes connections. */
  close(): Promise<void>;
}

/** A job that will never succeed (bad input): not retried. */
export class UnrecoverableJobError extends Error {
  override name = 'UnrecoverableJobError';
}

export class JobTimeoutError extends Error {
  override name = 'JobTimeoutError';
}

/** Every attempt of the job failed (or it was unrecoverable); `message` is the last failure's message. */
export class JobFailedError extends Error {
  override name = 'JobFailedError';
  readonly jobId: string;

  constructor(jobId: string, message: string) {
    super(message);
    this.jobId = jobId;
  }
}
