/**
 * Runs the built generator (`apps/generator/dist/main.js`) as a child
 * process on the test's Redis prefix, pointed at a scripted
 * OpenAI-compatible model on loopback; waits for its /readyz.
 */
import { spawn } from 'node:child_process';
import { existsSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { freePort, sleep } from '@discovery/testing';

const ROOT = fileURLToPath(new URL('../../../', import.meta.url));
const MAIN = `${ROOT}apps/generator/dist/main.js`;

export interface GeneratorProcess {
  output(): string;
  kill(): Promise<void>;
  stop(): Promise<void>;
}

export async function spawnGenerator(env: Record<string, string>): Promise<GeneratorProcess> {
  if (!existsSync(MAIN)) throw new Error(`${MAIN} is missing: run \`npm run build\` first`);
  const port = await freePort();
  const child = spawn(`${ROOT}node_modules/.bin/node`, [MAIN], {
    cwd: ROOT,
    env: {
      PATH: process.env.PATH ?? '/usr/bin:/bin',
      LOG_LEVEL: 'warn',
      EMBEDDINGS_PROVIDER: 'none',
      METRICS_PORT: String(port),
      METRICS_HOST: '127.0.0.1',
      SHUTDOWN_GRACE: '3s',
      OPENAI_API_KEY: 'reliability-test-key',
      LLM_MODEL: 'scripted',
      ...env,
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let output = '';
  const keep = (chunk: Buffer) => (output = (output + chunk.toString()).slice(-20_000));
  child.stdout.on('data', keep);
  child.stderr.on('data', keep);
  const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()));
  const deadline = Date.now() + 60_000;
  for (;;) {
    if (child.exitCode !== null) throw new Error(`generator exited with ${child.exitCode}:\n${output}`);
    const ok = await fetch(`http://127.0.0.1:${port}/readyz`, { signal: AbortSignal.timeout(2_000) }).then(
      async (r) => {
        await r.body?.cancel();
        return r.ok;
      },
      () => false,
    );
    if (ok) break;
    if (Date.now() > deadline) {
      child.kill('SIGKILL');
      throw new Error(`generator not ready within 60 s:\n${output}`);
    }
    await sleep(100);
  }
  const end = async (signal: NodeJS.Signals) => {
    if (child.exitCode !== null || child.signalCode !== null) return;
    child.kill(signal);
    const timer = setTimeout(() => child.kill('SIGKILL'), 15_000);
    await exited;
    clearTimeout(timer);
  };
  return { output: () => output, kill: () => end('SIGKILL'), stop: () => end('SIGTERM') };
}
