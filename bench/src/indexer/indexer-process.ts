/**
 * Runs the built indexer as a child process (as in production: its own
 * event loop and core) on a free loopback port, with a unique Redis key
 * prefix, and gives the bench a Connect client and its /metrics figures.
 */
import { spawn, type ChildProcess } from 'node:child_process';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { randomBytes } from 'node:crypto';
import { IndexStatus } from '@discovery/proto';
import { closeTestRedis, createTestRedis, deleteKeysByPrefix, freePort, TEST_REDIS_URL, yokoClient, type YokoClient } from '@discovery/testing';
import { Redis } from 'ioredis';

const root = join(dirname(fileURLToPath(import.meta.url)), '../../..');

export type Yoko = YokoClient;

export interface IndexerProcess {
  client: Yoko;
  /** `http://127.0.0.1:<port>`, for clients other than `client`. */
  baseUrl: string;
  prefix: string;
  pid: number;
  /** Resident memory of the indexer process in bytes (from /proc). */
  rss(): Promise<number>;
  /** CPU time (user + system) the indexer process has used, in ms (from /proc): load-independent cost. */
  cpuMs(): Promise<number>;
  stop(): Promise<void>;
}

/**
 * `options.replicaOf`: start another replica of a running indexer (same Redis keys; the keys stay
 * when this one stops, the first one drops them). `options.nodeFlags`: flags for the indexer's
 * Node (`--max-semi-space-size=4`); default the space-separated INDEXER_NODE_FLAGS, as for
 * `scripts/idle-footprint.ts`. `options.root`: the checkout whose built indexer runs (default this
 * one), to measure another version beside this one in the same run.
 */
export async function startIndexerProcess(
  env: Record<string, string> = {},
  options: { replicaOf?: IndexerProcess; nodeFlags?: readonly string[]; root?: string } = {},
): Promise<IndexerProcess> {
  const port = await freePort();
  const prefix = options.replicaOf?.prefix ?? `bench:${randomBytes(4).toString('hex')}:`;
  const nodeFlags = options.nodeFlags ?? process.env.INDEXER_NODE_FLAGS?.split(' ').filter(Boolean) ?? [];
  const child: ChildProcess = spawn(process.execPath, [...nodeFlags, join(options.root ?? root, 'apps/indexer/dist/main.js')], {
    env: {
      ...process.env,
      PORT: String(port),
      HOST: '127.0.0.1',
      REDIS_KEY_PREFIX: prefix,
      DISCOVERY_AUTH: 'off',
      LOG_LEVEL: 'warn',
      ...env,
    },
    stdio: ['ignore', 'ignore', 'inherit'],
  });
  const baseUrl = `http://127.0.0.1:${port}`;
  const deadline = Date.now() + 30_000;
  for (;;) {
    if (child.exitCode !== null) throw new Error(`indexer exited with code ${child.exitCode}`);
    const up = await fetch(`${baseUrl}/healthz`).then(
      (r) => r.ok,
      () => false,
    );
    if (up) break;
    if (Date.now() > deadline) throw new Error('indexer did not start within 30 s');
    await new Promise((r) => setTimeout(r, 100));
  }
  const client = yokoClient(baseUrl, undefined, { binary: true });
  return {
    client,
    baseUrl,
    prefix,
    pid: child.pid!,
    async rss() {
      const { readFile } = await import('node:fs/promises');
      const status = await readFile(`/proc/${child.pid}/status`, 'utf8');
      const kb = Number(/VmRSS:\s+(\d+)/.exec(status)?.[1] ?? 0);
      return kb * 1024;
    },
    async cpuMs() {
      const { readFile } = await import('node:fs/promises');
      const fields = (await readFile(`/proc/${child.pid}/stat`, 'utf8')).split(') ')[1]!.split(' ');
      const ticks = Number(fields[11]) + Number(fields[12]); // utime + stime, in clock ticks (100/s)
      return ticks * 10;
    },
    async stop() {
      child.kill('SIGTERM');
      if (child.exitCode === null) await new Promise((resolve) => child.once('exit', resolve));
      if (!options.replicaOf) await dropKeys(prefix);
    },
  };
}

/** Ensures the SDL and waits until the index is READY; returns its id and the wall time. */
export async function buildIndex(client: Yoko, sdl: string, timeoutMs = 600_000): Promise<{ indexId: string; seconds: number; symbols: number }> {
  const started = performance.now();
  const { indexId } = (await client.ensureIndex({ sdl })).index!;
  for (;;) {
    const index = (await client.getIndex({ indexId })).index!;
    if (index.status === IndexStatus.READY && !index.stale) {
      return { indexId, seconds: (performance.now() - started) / 1000, symbols: Number(index.symbolCount) };
    }
    if (index.status === IndexStatus.FAILED) throw new Error(`build failed: ${index.error}`);
    if (performance.now() - started > timeoutMs) throw new Error('build did not finish in time');
    await new Promise((r) => setTimeout(r, 25));
  }
}

/** Bytes Redis holds for keys matching `pattern` (MEMORY USAGE, exact with SAMPLES 0). */
export async function redisBytes(pattern: string): Promise<{ keys: number; bytes: number }> {
  const redis = new Redis(process.env.REDIS_URL ?? 'redis://127.0.0.1:6379', { lazyConnect: false });
  try {
    let cursor = '0';
    let keys = 0;
    let bytes = 0;
    do {
      const [next, batch] = await redis.scan(cursor, 'MATCH', pattern, 'COUNT', 1000);
      cursor = next;
      for (const key of batch) {
        keys += 1;
        bytes += Number(await redis.memory('USAGE', key, 'SAMPLES', 0)) || 0;
      }
    } while (cursor !== '0');
    return { keys, bytes };
  } finally {
    redis.disconnect();
  }
}

async function dropKeys(prefix: string): Promise<void> {
  const redis = createTestRedis(process.env.REDIS_URL ?? TEST_REDIS_URL);
  try {
    await deleteKeysByPrefix(redis, prefix, `{${prefix}jobs}`);
  } finally {
    await closeTestRedis(redis);
  }
}

export function percentile(sorted: readonly number[], p: number): number {
  return sorted.length === 0 ? 0 : sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))]!;
}
