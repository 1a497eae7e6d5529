/**
 * Redis helpers for integration tests: a unique key prefix per test, a
 * connection factory (clients you must close), cleanup of every key under a
 * prefix with SCAN (never FLUSHDB: other suites share the server), and
 * `waitFor` for conditions that become true asynchronously.
 */
import { randomBytes } from 'node:crypto';
import { Redis } from 'ioredis';

/** The shared test Redis (127.0.0.1:6379 on development and CI machines). */
export const TEST_REDIS_URL = 'redis://127.0.0.1:6379';

/** A prefix no other test uses, e.g. `t:ab12cd34ef:` (safe in keys, queue prefixes and channel names). */
export function uniquePrefix(label = 't'): string {
  const clean = label.replace(/[^A-Za-z0-9_-]/g, '').slice(0, 24) || 't';
  return `${clean}:${randomBytes(5).toString('hex')}:`;
}

/** A new ioredis client for the test Redis; close it with `quit()` (or `closeTestRedis`). */
export function createTestRedis(url: string = TEST_REDIS_URL): Redis {
  return new Redis(url, { maxRetriesPerRequest: 1, connectTimeout: 2_000, lazyConnect: false, disconnectTimeout: 100 });
}

/** Escapes glob characters so `prefix` is matched literally by SCAN MATCH. */
function globEscape(text: string): string {
  return text.replace(/[*?[\]\\]/g, (c) => `\\${c}`);
}

/** Deletes every key whose name starts with one of `prefixes`; returns how many were deleted. */
export async function deleteKeysByPrefix(client: Redis, ...prefixes: string[]): Promise<number> {
  let deleted = 0;
  for (const prefix of prefixes) {
    if (prefix.length < 4) throw new Error(`refusing to delete keys under the short prefix ${JSON.stringify(prefix)}`);
    let cursor = '0';
    do {
      const [next, keys] = await client.scan(cursor, 'MATCH', `${globEscape(prefix)}*`, 'COUNT', 500);
      cursor = next;
      if (keys.length > 0) deleted += await client.unlink(...keys);
    } while (cursor !== '0');
  }
  return deleted;
}

/** Counts keys whose name starts with `prefix`. */
export async function countKeysByPrefix(client: Redis, prefix: string): Promise<number> {
  let count = 0;
  let cursor = '0';
  do {
    const [next, keys] = await client.scan(cursor, 'MATCH', `${globEscape(prefix)}*`, 'COUNT', 500);
    cursor = next;
    count += keys.length;
  } while (cursor !== '0');
  return count;
}

/** Quits a test client, or drops it if the server is gone. */
export async function closeTestRedis(client: Redis): Promise<void> {
  if (client.status === 'end') return;
  await client.quit().catch(() => client.disconnect());
}

/**
 * Resolves once `condition` returns true (polled every `intervalMs`); rejects with
 * a message naming `what` after `timeoutMs`. The timeout is a hard cap, not an assertion.
 */
export async function waitFor(
  condition: () => boolean | Promise<boolean>,
  timeoutMs: number,
  what = 'condition',
  intervalMs = 20,
): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    if (await condition()) return;
    if (Date.now() >= deadline) throw new Error(`timed out after ${timeoutMs} ms waiting for ${what}`);
    await sleep(intervalMs);
  }
}

export function sleep(ms: number): Promise<void> {
  return new Promise((resolve) => setTimeout(resolve, ms));
}
