/**
 * Validation and defaults of job and queue options, shared by the BullMQ and
 * in-process drivers so both refuse the same bad input the same way.
 */
import type { EnqueueOptions, QueueOptions } from './job-queue.js';
import { StorageError, StorageErrorCode } from './storage.errors.js';

export type ResolvedQueueOptions = Required<QueueOptions>;

export function resolveQueueOptions(options: QueueOptions = {}): ResolvedQueueOptions {
  const resolved: ResolvedQueueOptions = {
    attempts: options.attempts ?? 3,
    backoffMs: options.backoffMs ?? 1_000,
    closeGraceMs: options.closeGraceMs ?? 10_000,
    lockDurationMs: options.lockDurationMs ?? 30_000,
    stalledIntervalMs: options.stalledIntervalMs ?? 30_000,
    maxStalledCount: options.maxStalledCount ?? 2,
    keepFinishedMs: options.keepFinishedMs ?? 3_600_000,
  };
  for (const [name, value] of Object.entries(resolved)) {
    const min = name === 'attempts' || name === 'lockDurationMs' || name === 'stalledIntervalMs' ? 1 : 0;
    if (!Number.isSafeInteger(value) || value < min) {
      throw new StorageError(StorageErrorCode.InvalidArgument, `queue option ${name} must be an integer >= ${min} (got ${value})`);
    }
  }
  return resolved;
}

const QUEUE_NAME = /^[A-Za-z0-9_-]{1,64}$/;

export function checkQueueName(name: string): void {
  if (typeof name !== 'string' || !QUEUE_NAME.test(name)) {
    throw new StorageError(StorageErrorCode.InvalidArgument, `queue name must be 1-64 letters, digits, "_" or "-" (got ${JSON.stringify(name)})`);
  }
}

export function checkEnqueueOptions(options: EnqueueOptions & { timeoutMs?: number }): void {
  const fail = (message: string): never => {
    throw new StorageError(StorageErrorCode.InvalidArgument, message);
  };
  if (typeof options?.jobId !== 'string' || options.jobId.length === 0 || options.jobId.length > 256) {
    fail('jobId must be a non-empty string of at most 256 characters');
  }
  if (options.group !== undefined && (typeof options.group !== 'string' || options.group.length === 0 || options.group.length > 256)) {
    fail('group must be a non-empty string of at most 256 characters');
  }
  if (options.attempts !== undefined && (!Number.isSafeInteger(options.attempts) || options.attempts < 1)) {
    fail(`attempts must be an integer >= 1 (got ${options.attempts})`);
  }
  for (const name of ['backoffMs', 'budgetMs', 'timeoutMs'] as const) {
    const value = options[name];
    if (value !== undefined && (!Number.isSafeInteger(value) || value < (name === 'backoffMs' ? 0 : 1))) {
      fail(`${name} must be a positive integer of milliseconds (got ${value})`);
    }
  }
}

/** Data and result cross the queue as JSON; this makes that explicit (and clear when it fails). */
export function jsonRoundTrip<T>(what: string, value: T): T {
  let text: string | undefined;
  try {
    text = JSON.stringify(value);
  } catch (error) {
    throw new StorageError(StorageErrorCode.InvalidArgument, `${what} is not serializable as JSON`, { cause: error });
  }
  return (text === undefined ? undefined : JSON.parse(text)) as T;
}
