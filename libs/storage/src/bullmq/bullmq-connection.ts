/**
 * Connection helpers for the BullMQ driver: BullMQ-typed connection options
 * (blocking connections never time out or give up) and a deadline helper so
 * no call waits on an unreachable Redis without bound.
 */
import type { RedisOptions as BullRedisOptions } from 'bullmq';
import type { RedisOptions } from 'ioredis';

/** Resolves with `promise`, or rejects with `onTimeout()` after `ms`. */
export async function within<T>(promise: Promise<T>, ms: number, onTimeout: () => Error): Promise<T> {
  let timer: NodeJS.Timeout | undefined;
  const timeout = new Promise<never>((_, reject) => {
    timer = setTimeout(() => reject(onTimeout()), ms);
  });
  try {
    return await Promise.race([promise, timeout]);
  } finally {
    clearTimeout(timer);
  }
}

/** Workers and QueueEvents block on Redis: no per-command timeout, never give up retrying. */
export function blocking(connection: RedisOptions): BullRedisOptions {
  const { commandTimeout: _commandTimeout, ...rest } = connection;
  return toBull({ ...rest, maxRetriesPerRequest: null });
}

/** ioredis options as BullMQ types them (its retryStrategy may not be null). */
export function toBull(connection: RedisOptions): BullRedisOptions {
  const { retryStrategy, ...rest } = connection;
  return { ...rest, ...(retryStrategy ? { retryStrategy } : {}) };
}
