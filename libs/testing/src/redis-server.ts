/**
 * A private, throwaway redis-server for fault tests (restarts, maxmemory):
 * started on a free loopback port with no persistence, stopped (and
 * restartable on the same port) by the test. Never touches the shared Redis.
 */
import { spawn, type ChildProcess } from 'node:child_process';
import { createServer } from 'node:net';
import { Redis } from 'ioredis';

export interface PrivateRedisOptions {
  /** e.g. '4mb'; with policy noeviction writes fail with OOM once reached. */
  maxmemory?: string;
  maxmemoryPolicy?: string;
  /** Fixed port (default: a free one). */
  port?: number;
  redisServerPath?: string;
}

export interface PrivateRedis {
  readonly port: number;
  readonly url: string;
  /** Stops the server (SIGKILL when `hard`), keeping the port for a restart. */
  stop(hard?: boolean): Promise<void>;
  /** Starts it again on the same port (empty: no persistence). */
  start(): Promise<void>;
}

export async function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = createServer();
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const address = server.address();
      server.close(() => (typeof address === 'object' && address ? resolve(address.port) : reject(new Error('no port'))));
    });
  });
}

/** Starts a private redis-server; call `stop()` in afterAll. */
export async function startPrivateRedis(options: PrivateRedisOptions = {}): Promise<PrivateRedis> {
  const port = options.port ?? (await freePort());
  const args = ['--port', String(port), '--bind', '127.0.0.1', '--save', '', '--appendonly', 'no', '--protected-mode', 'yes'];
  if (options.maxmemory) args.push('--maxmemory', options.maxmemory, '--maxmemory-policy', options.maxmemoryPolicy ?? 'noeviction');
  let child: ChildProcess | undefined;

  const start = async (): Promise<void> => {
    const proc = spawn(options.redisServerPath ?? 'redis-server', args, { stdio: 'ignore' });
    child = proc;
    await waitUntilAnswering(port, proc);
  };
  const stop = async (hard = false): Promise<void> => {
    const proc = child;
    child = undefined;
    if (!proc || proc.exitCode !== null) return;
    const exited = new Promise<void>((resolve) => proc.once('exit', () => resolve()));
    proc.kill(hard ? 'SIGKILL' : 'SIGTERM');
    await exited;
  };
  await start();
  return { port, url: `redis://127.0.0.1:${port}`, start, stop };
}

async function waitUntilAnswering(port: number, proc: ChildProcess): Promise<void> {
  const deadline = Date.now() + 10_000;
  for (;;) {
    if (proc.exitCode !== null) throw new Error(`redis-server on port ${port} exited with code ${proc.exitCode}`);
    const client = new Redis({ port, host: '127.0.0.1', lazyConnect: true, maxRetriesPerRequest: 0, retryStrategy: () => null, disconnectTimeout: 100 });
    client.on('error', () => undefined);
    try {
      await client.connect();
      await client.ping();
      return;
    } catch (error) {
      if (Date.now() > deadline) throw new Error(`redis-server on port ${port} did not answer`, { cause: error });
    } finally {
      client.disconnect();
    }
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
}
