/**
 * `serve` start time: runs the built `discovery-mcp serve --schema <file>` (what `npm start` runs
 * once built) N times and prints each time from spawn to its `Ready:` line, and the median. The
 * figure docs/architecture.md ("Assembly") records. Needs `npm run build`.
 * Run by Node 24 directly: `node scripts/serve-start-time.ts [schema] [runs]`
 * (default test/fixtures/schemas/cosmo-demo.graphql, 5 runs).
 */
import { spawn } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

const root = join(import.meta.dirname, '..');
const schema = process.argv[2] ?? join(root, 'test/fixtures/schemas/cosmo-demo.graphql');
const runs = Number(process.argv[3] ?? 5);

async function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = createServer();
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const { port } = server.address() as { port: number };
      server.close(() => resolve(port));
    });
  });
}

async function once(): Promise<number> {
  const state = mkdtempSync(join(tmpdir(), 'serve-start-'));
  const started = performance.now();
  const child = spawn(process.execPath, [join(root, 'apps/mcp-bridge/dist/main.js'), 'serve', '--schema', schema], {
    env: { ...process.env, PORT: String(await freePort()), LOG_LEVEL: 'warn', XDG_STATE_HOME: state },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  try {
    return await new Promise<number>((resolve, reject) => {
      let out = '';
      const timer = setTimeout(() => reject(new Error(`no Ready line within 120 s:\n${out}`)), 120_000);
      child.stdout.on('data', (chunk: Buffer) => {
        out += chunk.toString();
        if (/^Ready:/m.test(out)) {
          clearTimeout(timer);
          resolve((performance.now() - started) / 1000);
        }
      });
      child.stderr.on('data', (chunk: Buffer) => (out += chunk.toString()));
      child.once('exit', (code) => reject(new Error(`serve exited (${code}) before Ready:\n${out}`)));
    });
  } finally {
    child.kill('SIGTERM');
    await new Promise((resolve) => (child.exitCode === null ? child.once('exit', resolve) : resolve(undefined)));
    rmSync(state, { recursive: true, force: true });
  }
}

const times: number[] = [];
for (let i = 0; i < runs; i++) {
  times.push(await once());
  console.log(`run ${i + 1}: ${times.at(-1)!.toFixed(2)} s`);
}
const sorted = [...times].sort((a, b) => a - b);
console.log(`median of ${runs}: ${sorted[Math.floor(runs / 2)]!.toFixed(2)} s`);
