/**
 * A private redis-server that keeps its data across restarts (append-only
 * file, fsync on every write), for the fault of a Redis restart that loses
 * nothing; `startPrivateRedis` from @discovery/testing covers the empty one.
 */
import { spawn, type ChildProcess } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { Redis } from 'ioredis';
import { freePort, sleep } from '@discovery/testing';

export interface PersistentRedis {
  readonly url: string;
  /** SIGKILL (a crash): what was acknowledged is in the append-only file. */
  crash(): Promise<void>;
  start(): Promise<void>;
  /** Stops it and removes its data directory. */
  destroy(): Promise<void>;
}

export async function startPersistentRedis(): Promise<PersistentRedis> {
  const port = await freePort();
  const dir = mkdtempSync(join(tmpdir(), 'reliability-redis-'));
  const args = ['--port', String(port), '--bind', '127.0.0.1', '--dir', dir, '--save', '', '--appendonly', 'yes', '--appendfsync', 'always'];
  let child: ChildProcess | undefined;
  const start = async () => {
    const proc = spawn('redis-server', args, { stdio: 'ignore' });
    child = proc;
    const deadline = Date.now() + 10_000;
    for (;;) {
      if (proc.exitCode !== null) throw new Error(`redis-server exited with ${proc.exitCode}`);
      const client = new Redis({ port, host: '127.0.0.1', lazyConnect: true, maxRetriesPerRequest: 0, retryStrategy: () => null });
      client.on('error', () => undefined);
      try {
        await client.connect();
        // Answers PING while still loading the AOF; wait until it is loaded.
        const info = await client.info('persistence');
        if (/loading:0/.test(info)) return;
      } catch (error) {
        if (Date.now() > deadline) throw new Error(`redis-server on ${port} did not start`, { cause: error });
      } finally {
        client.disconnect();
      }
      await sleep(50);
    }
  };
  const crash = async () => {
    const proc = child;
    child = undefined;
    if (!proc || proc.exitCode !== null) return;
    const exited = new Promise<void>((resolve) => proc.once('exit', () => resolve()));
    proc.kill('SIGKILL');
    await exited;
  };
  await start();
  return {
    url: `redis://127.0.0.1:${port}`,
    crash,
    start,
    async destroy() {
      await crash();
      rmSync(dir, { recursive: true, force: true });
    },
  };
}
