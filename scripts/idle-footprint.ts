/**
 * What a serving indexer holds at idle: starts the built indexer (`apps/indexer/dist/main.js`, as
 * the bench's many-graphs section does: Redis, auth off, default cache) with `--expose-gc` and a
 * resolve hook, and reports, after a full garbage collection, the modules it has loaded and its
 * resident memory at two points: once `/readyz` is green (the embedding table loaded), and after
 * the first search of an index (built beforehand by the same replica, whose idle build thread
 * stays in its pool). Extra flags for the indexer's Node go in INDEXER_NODE_FLAGS.
 * The figures docs/performance.md ("Idle memory and start") records. Needs `npm run build` and
 * Redis (`REDIS_URL`, default redis://127.0.0.1:6379; keys under a unique prefix, dropped after).
 * Run by Node 24 directly: `node scripts/idle-footprint.ts [runs] [--root <checkout>] [--list]`
 * (default 3 runs, this checkout). `--root` measures another built checkout, so before and after
 * can run in alternation; `--list` prints the packages loaded at ready by file count (last run).
 */
import { spawn } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { IndexStatus } from '@discovery/proto';
import { closeTestRedis, createTestRedis, deleteKeysByPrefix, freePort, yokoClient } from '@discovery/testing';

const args = process.argv.slice(2);
const rootFlag = args.indexOf('--root');
const root = rootFlag >= 0 ? args.splice(rootFlag, 2)[1]! : join(import.meta.dirname, '..');
const listFlag = args.indexOf('--list');
if (listFlag >= 0) args.splice(listFlag, 1);
const runs = Number(args[0] ?? 3);
const schema = readFileSync(join(import.meta.dirname, '../test/fixtures/schemas/cosmo-demo.graphql'), 'utf8');
const redisUrl = process.env.REDIS_URL ?? 'redis://127.0.0.1:6379';

/** Loaded into the indexer before its main module: records every resolved URL; answers `measure` over IPC after gc. */
const probe = `
import { registerHooks } from 'node:module';
import { getHeapSpaceStatistics } from 'node:v8';
const urls = new Set();
registerHooks({ resolve(specifier, context, next) { const r = next(specifier, context); urls.add(r.url); return r; } });
process.on('message', async (message) => {
  if (message !== 'measure') return;
  for (let i = 0; i < 3; i++) { globalThis.gc(); await new Promise((r) => setImmediate(r)); }
  const m = process.memoryUsage();
  const young = getHeapSpaceStatistics().find((s) => s.space_name === 'new_space');
  process.send({ modules: [...urls], rss: m.rss, heapUsed: m.heapUsed, external: m.external, youngMiB: young ? young.physical_space_size / 1048576 : 0 });
});
`;

interface Sample {
  modules: string[];
  rss: number;
  heapUsed: number;
  external: number;
  /** Resident bytes of V8's young generation (empty after gc, but kept at the size start-up grew it to). */
  youngMiB: number;
}

interface Run {
  ready: Sample;
  searched: Sample;
  readySeconds: number;
}

const MiB = 1048576;

async function once(): Promise<Run> {
  const port = await freePort();
  const prefix = `idle:${randomBytes(4).toString('hex')}:`;
  const started = performance.now();
  const child = spawn(
    process.execPath,
    [
      ...(process.env.INDEXER_NODE_FLAGS?.split(' ').filter(Boolean) ?? []),
      '--expose-gc',
      '--import',
      `data:text/javascript,${encodeURIComponent(probe)}`,
      join(root, 'apps/indexer/dist/main.js'),
    ],
    {
      env: { ...process.env, PORT: String(port), HOST: '127.0.0.1', REDIS_URL: redisUrl, REDIS_KEY_PREFIX: prefix, DISCOVERY_AUTH: 'off', LOG_LEVEL: 'warn' },
      stdio: ['ignore', 'ignore', 'inherit', 'ipc'],
    },
  );
  const measure = () =>
    new Promise<Sample>((resolve) => {
      child.once('message', (m) => resolve(m as Sample));
      child.send('measure');
    });
  const base = `http://127.0.0.1:${port}`;
  try {
    for (;;) {
      if (child.exitCode !== null) throw new Error(`indexer exited (${child.exitCode})`);
      const ok = await fetch(`${base}/readyz`).then(
        (r) => r.ok,
        () => false,
      );
      if (ok) break;
      if (performance.now() - started > 60_000) throw new Error('indexer not ready within 60 s');
      await new Promise((r) => setTimeout(r, 50));
    }
    const readySeconds = (performance.now() - started) / 1000;
    await new Promise((r) => setTimeout(r, 2_000));
    const ready = await measure();
    const client = yokoClient(base, undefined, { binary: true });
    const { indexId } = (await client.ensureIndex({ sdl: schema })).index!;
    for (;;) {
      const index = (await client.getIndex({ indexId })).index!;
      if (index.status === IndexStatus.READY && !index.stale) break;
      if (index.status === IndexStatus.FAILED) throw new Error(`build failed: ${index.error}`);
      await new Promise((r) => setTimeout(r, 50));
    }
    await client.searchSchema({ indexId, query: 'products of a category', limit: 20 });
    await new Promise((r) => setTimeout(r, 2_000));
    const searched = await measure();
    return { ready, searched, readySeconds };
  } finally {
    child.kill('SIGTERM');
    if (child.exitCode === null) await new Promise((resolve) => child.once('exit', resolve));
    const redis = createTestRedis(redisUrl);
    await deleteKeysByPrefix(redis, prefix, `{${prefix}jobs}`).finally(() => closeTestRedis(redis));
  }
}

const median = (values: number[]): number => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)]!;
const describe = (s: Sample) =>
  `${s.modules.length} modules, RSS ${(s.rss / MiB).toFixed(1)} MiB (heap used ${(s.heapUsed / MiB).toFixed(1)}, young generation resident ${s.youngMiB.toFixed(1)}, external ${(s.external / MiB).toFixed(1)})`;
const results: Run[] = [];
for (let i = 0; i < runs; i++) {
  const run = await once();
  results.push(run);
  console.log(`run ${i + 1}: ready in ${run.readySeconds.toFixed(2)} s; at ready ${describe(run.ready)}; after first search ${describe(run.searched)}`);
}
const pick = (f: (r: Run) => number) => median(results.map(f));
console.log(
  `median of ${runs}: at ready ${pick((r) => r.ready.modules.length)} modules, RSS ${(pick((r) => r.ready.rss) / MiB).toFixed(1)} MiB; ` +
    `after first search ${pick((r) => r.searched.modules.length)} modules, RSS ${(pick((r) => r.searched.rss) / MiB).toFixed(1)} MiB`,
);
if (listFlag >= 0) {
  const counts = new Map<string, number>();
  for (const url of results[results.length - 1]!.ready.modules) {
    const match = /\/node_modules\/((?:@[^/]+\/)?[^/]+)\//.exec(url);
    const key = match ? match[1]! : url.startsWith('node:') ? 'node:*' : url.replace(/^file:\/\/.*?\/(libs|apps)\/([^/]+)\/.*$/, '$1/$2');
    counts.set(key, (counts.get(key) ?? 0) + 1);
  }
  for (const [key, n] of [...counts].sort((a, b) => b[1] - a[1])) console.log(`${String(n).padStart(5)} ${key}`);
}
