/**
 * Starts a service the way the image does (docker/entrypoint.sh with the
 * repository as the app root and Node 24 from node_modules/.bin), waits for
 * an HTTP endpoint to answer, and stops it with SIGTERM, as a container
 * runtime would. For end-to-end tests after `npm run build`.
 */
import { spawn, type ChildProcess } from 'node:child_process';
import { existsSync } from 'node:fs';
import { join } from 'node:path';

export const SERVICE_MAINS = {
  indexer: 'apps/indexer/dist/main.js',
  generator: 'apps/generator/dist/main.js',
  bridge: 'apps/mcp-bridge/dist/main.js',
  serve: 'apps/serve/dist/main.js',
  discovery: 'apps/cli/dist/main.js',
} as const;
export type ServiceName = keyof typeof SERVICE_MAINS;

export interface ProcessEnd {
  code: number | null;
  signal: NodeJS.Signals | null;
}

export interface RunningService {
  readonly child: ChildProcess;
  /** Everything the process wrote so far (stdout and stderr). */
  output(): string;
  /** Resolves once GET `url` answers `status` (default 200); rejects when the process exits or after `timeoutMs`. */
  waitForHttp(url: string, timeoutMs: number, status?: number): Promise<void>;
  /** SIGTERM, then how the process ended (SIGKILL after `timeoutMs`, reported as signal SIGKILL). */
  stop(timeoutMs?: number): Promise<ProcessEnd>;
}

/** Fails with a clear message when the build the entrypoint needs is missing. */
export function assertBuilt(root: string, service: ServiceName): void {
  const main = join(root, SERVICE_MAINS[service]);
  if (!existsSync(main)) throw new Error(`${main} is missing: run \`npm run build\` before the end-to-end tests`);
}

export function startService(root: string, service: ServiceName, env: Record<string, string>, args: string[] = []): RunningService {
  assertBuilt(root, service);
  const child = spawn('sh', [join(root, 'docker/entrypoint.sh'), service, ...args], {
    env: { PATH: `${join(root, 'node_modules/.bin')}:/usr/local/bin:/usr/bin:/bin`, DISCOVERY_APP_ROOT: root, ...env },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  return trackProcess(child, service);
}

/** Follows a spawned process: its output, a wait for an HTTP answer, and a stop with SIGKILL as a last resort. */
export function trackProcess(child: ChildProcess, service: string): RunningService {
  let output = '';
  child.stdout?.on('data', (chunk: Buffer) => (output += chunk.toString()));
  child.stderr?.on('data', (chunk: Buffer) => (output += chunk.toString()));
  const exited = new Promise<ProcessEnd>((resolve) => child.once('exit', (code, signal) => resolve({ code, signal })));
  let hasExited = false;
  void exited.then(() => (hasExited = true));

  return {
    child,
    output: () => output,
    async waitForHttp(url, timeoutMs, status = 200) {
      const deadline = Date.now() + timeoutMs;
      let last = 'no answer';
      while (Date.now() < deadline) {
        if (hasExited) throw new Error(`${service} exited (${child.exitCode}) before ${url} answered:\n${output}`);
        try {
          const response = await fetch(url, { signal: AbortSignal.timeout(2_000) });
          last = `HTTP ${response.status}`;
          await response.body?.cancel();
          if (response.status === status) return;
        } catch (error) {
          last = (error as Error).message;
        }
        await new Promise((resolve) => setTimeout(resolve, 200));
      }
      throw new Error(`${service}: ${url} did not answer ${status} within ${timeoutMs} ms (last: ${last}):\n${output}`);
    },
    async stop(timeoutMs = 30_000) {
      if (hasExited) return exited;
      child.kill('SIGTERM');
      const timer = setTimeout(() => child.kill('SIGKILL'), timeoutMs);
      try {
        return await exited;
      } finally {
        clearTimeout(timer);
      }
    },
  };
}
