/**
 * Runs the built indexer (`apps/indexer/dist/main.js`, after `npm run build`)
 * as a child process on Node 24 from node_modules/.bin, the way a replica
 * runs: its own port on loopback, REDIS_URL and key prefix from the test.
 * Gives Connect clients, /metrics readings, resident memory and kill/stop.
 */
import { spawn, type ChildProcess } from 'node:child_process';
import { existsSync, readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { hashToken } from '@discovery/auth';
import { freePort, readMetric, yokoClient } from '@discovery/testing';
import { JWT_SECRET, TOKENS, type Yoko } from './test-indexer.js';

const ROOT = fileURLToPath(new URL('../../../', import.meta.url));
const MAIN = `${ROOT}apps/indexer/dist/main.js`;

export interface IndexerProcess {
  readonly pid: number;
  readonly baseUrl: string;
  client(token?: string, options?: { binary?: boolean }): Yoko;
  /** Sum of every series of a metric on /metrics. */
  metric(name: string): Promise<number>;
  /** Resident set size of the process, from /proc. */
  rssBytes(): number;
  output(): string;
  /** SIGKILL: a replica that dies mid-work. */
  kill(): Promise<void>;
  /** SIGTERM and wait for the exit (graceful shutdown). */
  stop(): Promise<void>;
}

export async function spawnIndexer(env: Record<string, string>): Promise<IndexerProcess> {
  if (!existsSync(MAIN)) throw new Error(`${MAIN} is missing: run \`npm run build\` first (npm run test:reliability does)`);
  const port = await freePort();
  const child: ChildProcess = spawn(`${ROOT}node_modules/.bin/node`, [MAIN], {
    cwd: ROOT,
    env: {
      PATH: process.env.PATH ?? '/usr/bin:/bin',
      PORT: String(port),
      HOST: '127.0.0.1',
      LOG_LEVEL: 'warn',
      EMBEDDINGS_PROVIDER: 'none',
      DISCOVERY_TOKENS: [`acme:sha256:${hashToken(TOKENS.acme)}`, `globex:sha256:${hashToken(TOKENS.globex)}`].join(','),
      DISCOVERY_JWT_SECRET: JWT_SECRET,
      SHUTDOWN_GRACE: '5s',
      ...env,
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let output = '';
  const keep = (chunk: Buffer) => (output = (output + chunk.toString()).slice(-20_000));
  child.stdout?.on('data', keep);
  child.stderr?.on('data', keep);
  const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()));
  const baseUrl = `http://127.0.0.1:${port}`;
  await waitForHealth(baseUrl, child, () => output);

  return {
    pid: child.pid!,
    baseUrl,
    client: (token, options = {}) => yokoClient(baseUrl, token, options),
    metric: (name) => readMetric(baseUrl, name),
    rssBytes() {
      const status = readFileSync(`/proc/${child.pid}/status`, 'utf8');
      const kb = /VmRSS:\s+(\d+) kB/.exec(status)?.[1];
      if (!kb) throw new Error(`no VmRSS for process ${child.pid}`);
      return Number(kb) * 1024;
    },
    output: () => output,
    async kill() {
      if (child.exitCode !== null || child.signalCode !== null) return;
      child.kill('SIGKILL');
      await exited;
    },
    async stop() {
      if (child.exitCode !== null || child.signalCode !== null) return;
      child.kill('SIGTERM');
      const timer = setTimeout(() => child.kill('SIGKILL'), 20_000);
      await exited;
      clearTimeout(timer);
    },
  };
}

async function waitForHealth(baseUrl: string, child: ChildProcess, output: () => string): Promise<void> {
  const deadline = Date.now() + 60_000;
  while (Date.now() < deadline) {
    if (child.exitCode !== null) throw new Error(`indexer exited with ${child.exitCode}:\n${output()}`);
    try {
      const response = await fetch(`${baseUrl}/healthz`, { signal: AbortSignal.timeout(2_000) });
      await response.body?.cancel();
      if (response.ok) return;
    } catch {
      // not listening yet: try again below
    }
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  child.kill('SIGKILL');
  throw new Error(`indexer did not answer /healthz within 60 s:\n${output()}`);
}
