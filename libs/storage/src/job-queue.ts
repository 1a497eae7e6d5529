/**
 * JobQueue: background work (index builds, query generation). BullMQ on Redis
 * in production; an in-process driver for `serve` without Redis and for
 * service tests. Both behind this one interface, chosen by a factory.
 */

export interface JobContext {
  jobId: string;
  /** 1 on the first attempt. */
  attempt: number;
  /** Reports progress (0-100 or a small object); visible to waiters and operators. */
  progress(value: number | Record<string, unknown>): Promise<void>;
  /** Aborted when the worker shuts down or the job's budget runs out. */
  signal: AbortSignal;
}

export type JobHandler<TData, TResult> = (data: TData, ctx: JobContext) => Promise<TResult>;

export interface EnqueueOptions {
  /**
   * Deduplication id: while a job with this id is waiting or running, enqueueing again adds
   * nothing (and `enqueueAndWait` joins the running job).
   */
  jobId: string;
  attempts?: number;
}

export interface JobQueue<TData, TResult> {
  readonly name: string;
  /** Adds a job unless one with the same id is waiting or running. Returns true when added. */
  enqueue(data: TData, options: EnqueueOptions): Promise<boolean>;
  /** Adds (or joins) the job and waits for its result up to `timeoutMs`; rejects with JobTimeoutError. */
  enqueueAndWait(data: TData, options: EnqueueOptions & { timeoutMs: number }): Promise<TResult>;
  /** Starts consuming jobs with `handler` (at most `concurrency` at a time). */
  process(handler: JobHandler<TData, TResult>, options?: { concurrency?: number }): Promise<void>;
  /** Waiting + active jobs (scaling signal, metrics). */
  depth(): Promise<number>;
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
