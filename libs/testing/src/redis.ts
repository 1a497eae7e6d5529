/**
 * Redis helpers for integration tests: the test Redis's address, a unique key
 * prefix per test, a connection factory (clients you must close), cleanup of
 * every key under a prefix with SCAN on every master (never FLUSHDB: other
 * suites share the server), and `waitFor` for conditions that become true
 * asynchronously.
 *
 * The address comes from one variable, `TEST_REDIS_URL` (default
 * `redis://127.0.0.1:6379`, the shared server of development and CI
 * machines). A comma-separated list is a Redis Cluster's seed nodes: then
 * `TEST_REDIS_MODE` is `cluster` and every helper speaks cluster
 * (`npm run test:cluster` starts one; docs/development.md).
 */
import { randomBytes } from 'node:crypto';
import { Cluster, Redis } from 'ioredis';

/** The test Redis: `TEST_REDIS_URL`, or the shared server on 127.0.0.1:6379. */
export const TEST_REDIS_URL = (process.env['TEST_REDIS_URL'] ?? '').trim() || 'redis://127.0.0.1:6379';

/** `cluster` when TEST_REDIS_URL lists more than one node. */
export const TEST_REDIS_MODE: 'standalone' | 'cluster' = TEST_REDIS_URL.includes(',') ? 'cluster' : 'standalone';

/** A standalone or cluster test client (what createTestRedis returns). */
export type TestRedis = Redis | Cluster;

/** The environment a service process started by a test needs to reach the test Redis. */
export function testRedisEnv(): { REDIS_URL: string; REDIS_MODE: string } {
  return { REDIS_URL: TEST_REDIS_URL, REDIS_MODE: TEST_REDIS_MODE };
}

/** createStorage's options for the test Redis. */
export function testStorageOptions(): { redisUrl: string; redisMode: 'standalone' | 'cluster' } {
  return { redisUrl: TEST_REDIS_URL, redisMode: TEST_REDIS_MODE };
}

/** The seed nodes of TEST_REDIS_URL as ioredis wants them. */
function seedNodes(url: string): { host: string; port: number }[] {
  return url.split(',').map((part) => {
    const parsed = new URL(part.trim());
    return { host: parsed.hostname, port: Number(parsed.port || 6379) };
  });
}

/** A prefix no other test uses, e.g. `t:ab12cd34ef:` (safe in keys, queue prefixes and channel names). */
export function uniquePrefix(label = 't'): string {
  const clean = label.replace(/[^A-Za-z0-9_-]/g, '').slice(0, 24) || 't';
  return `${clean}:${randomBytes(5).toString('hex')}:`;
}

/**
 * A new ioredis client for the test Redis (a Cluster when the URL lists several nodes); close it with
 * `quit()` (or `closeTestRedis`). Typed as `Redis`: a Cluster has the same commands for keys of one slot.
 */
export function createTestRedis(url: string = TEST_REDIS_URL): Redis {
  const options = { maxRetriesPerRequest: 1, connectTimeout: 2_000, disconnectTimeout: 100 };
  if (url.includes(',')) return new Cluster(seedNodes(url), { redisOptions: options }) as unknown as Redis;
  return new Redis(url, { ...options, lazyConnect: false });
}

function isCluster(client: Redis): boolean {
  return (client as unknown) instanceof Cluster;
}

/** The clients SCAN must visit: the masters of a cluster, or the client itself. */
async function scanTargets(client: Redis): Promise<Redis[]> {
  if (!isCluster(client)) return [client];
  const cluster = client as unknown as Cluster;
  if (cluster.nodes('master').length === 0) await cluster.ping();
  return cluster.nodes('master');
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
    for (const node of await scanTargets(client)) {
      let cursor = '0';
      do {
        const [next, keys] = await node.scan(cursor, 'MATCH', `${globEscape(prefix)}*`, 'COUNT', 500);
        cursor = next;
        if (keys.length === 0) continue;
        // One key per UNLINK on a cluster: keys of one node may still be of different slots.
        if (isCluster(client)) for (const key of keys) deleted += await client.unlink(key);
        else deleted += await client.unlink(...keys);
      } while (cursor !== '0');
    }
  }
  return deleted;
}

/** The keys matching the glob `pattern` (KEYS on every master of a cluster; SCAN, so never blocking). */
export async function findKeys(client: Redis, pattern: string): Promise<string[]> {
  const found: string[] = [];
  for (const node of await scanTargets(client)) {
    let cursor = '0';
    do {
      const [next, keys] = await node.scan(cursor, 'MATCH', pattern, 'COUNT', 500);
      cursor = next;
      found.push(...keys);
    } while (cursor !== '0');
  }
  return [...new Set(found)];
}

/** Counts keys whose name starts with `prefix`. */
export async function countKeysByPrefix(client: Redis, prefix: string): Promise<number> {
  return (await findKeys(client, `${globEscape(prefix)}*`)).length;
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
export async function waitFor(condition: () => boolean | Promise<boolean>, timeoutMs: number, what = 'condition', intervalMs = 20): Promise<void> {
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
