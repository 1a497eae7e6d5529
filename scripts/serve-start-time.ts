/**
 * `serve` start time and memory: runs the built `serve --schema <file>` (what `npm start` runs
 * once built) N times and prints, for each run, the time from spawn to its `Ready:` line, the CPU
 * time the process used until then (user + system, less sensitive to a loaded machine than the
 * wall clock) and its resident memory 3 s after Ready (idle), then the medians. The figures
 * docs/architecture.md ("Assembly") records. Needs `npm run build`.
 * Run by Node 24 directly: `node scripts/serve-start-time.ts [schema] [runs] [--root <checkout>]`
 * (default test/fixtures/schemas/cosmo-demo.graphql, 5 runs, this checkout). `--root` measures
 * another built checkout (a previous version: its `apps/serve`, or before that app existed its
 * `apps/mcp-bridge serve`), so before and after can run in alternation under the same load.
 */
import { spawn } from 'node:child_process';
import { existsSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

const args = process.argv.slice(2);
const rootFlag = args.indexOf('--root');
const root = rootFlag >= 0 ? args.splice(rootFlag, 2)[1]! : join(import.meta.dirname, '..');
const schema = args[0] ?? join(import.meta.dirname, '../test/fixtures/schemas/cosmo-demo.graphql');
const runs = Number(args[1] ?? 5);
const command = existsSync(join(root, 'apps/serve/dist/main.js'))
  ? [join(root, 'apps/serve/dist/main.js')]
  : [join(root, 'apps/mcp-bridge/dist/main.js'), 'serve'];
/** Clock ticks per second of /proc/<pid>/stat (USER_HZ, 100 on Linux). */
const TICKS = 100;

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

/** CPU seconds (user + system) and resident MiB of a running process, from /proc. */
function usage(pid: number): { cpu: number; rssMiB: number } {
  const stat = readFileSync(`/proc/${pid}/stat`, 'utf8');
  const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
  const rss = /VmRSS:\s+(\d+)/.exec(readFileSync(`/proc/${pid}/status`, 'utf8'))?.[1];
  return { cpu: (Number(fields[11]) + Number(fields[12])) / TICKS, rssMiB: Number(rss) / 1024 };
}

interface Run {
  seconds: number;
  cpu: number;
  rssMiB: number;
}

async function once(): Promise<Run> {
  const state = mkdtempSync(join(tmpdir(), 'serve-start-'));
  const started = performance.now();
  const child = spawn(process.execPath, [...command, '--schema', schema], {
    env: { ...process.env, PORT: String(await freePort()), LOG_LEVEL: 'warn', XDG_STATE_HOME: state },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  try {
    const [seconds, cpu] = await new Promise<[number, number]>((resolve, reject) => {
      let out = '';
      const timer = setTimeout(() => reject(new Error(`no Ready line within 120 s:\n${out}`)), 120_000);
      child.stdout.on('data', (chunk: Buffer) => {
        out += chunk.toString();
        if (/^Ready:/m.test(out)) {
          clearTimeout(timer);
          resolve([(performance.now() - started) / 1000, usage(child.pid!).cpu]);
        }
      });
      child.stderr.on('data', (chunk: Buffer) => (out += chunk.toString()));
      child.once('exit', (code) => reject(new Error(`serve exited (${code}) before Ready:\n${out}`)));
    });
    await new Promise((resolve) => setTimeout(resolve, 3_000));
    return { seconds, cpu, rssMiB: usage(child.pid!).rssMiB };
  } finally {
    child.kill('SIGTERM');
    await new Promise((resolve) => (child.exitCode === null ? child.once('exit', resolve) : resolve(undefined)));
    rmSync(state, { recursive: true, force: true });
  }
}

const median = (values: number[]): number => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)]!;
const results: Run[] = [];
for (let i = 0; i < runs; i++) {
  const run = await once();
  results.push(run);
  console.log(`run ${i + 1}: ${run.seconds.toFixed(2)} s to Ready, CPU ${run.cpu.toFixed(2)} s, idle RSS ${run.rssMiB.toFixed(0)} MiB`);
}
const pick = (key: keyof Run) => results.map((run) => run[key]);
console.log(
  `median of ${runs}: ${median(pick('seconds')).toFixed(2)} s to Ready (${Math.min(...pick('seconds')).toFixed(2)}–${Math.max(...pick('seconds')).toFixed(2)}), ` +
    `CPU ${median(pick('cpu')).toFixed(2)} s, idle RSS ${median(pick('rssMiB')).toFixed(0)} MiB`,
);
