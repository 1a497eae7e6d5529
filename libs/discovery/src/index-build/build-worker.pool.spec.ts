/**
 * The warm build worker pool: workers are reused between builds, a build's
 * stored parts do not depend on what the worker built before (its memos), bad
 * SDL fails only its build, a crashed worker fails only its build and is
 * replaced, and close() ends the idle workers.
 */
import { afterEach, describe, expect, it } from '@jest/globals';
import { createHash } from 'node:crypto';
import { spawnSync } from 'node:child_process';
import { existsSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { SymbolExtractionError } from '@discovery/schema-symbols';
import { ARTIFACT_PART, openIndexArtifact } from '@discovery/ranking';
import type { PreparedBuild } from './build-pipeline.js';
import { inProcessPipeline } from './build-pipeline.js';
import { BuildWorkerPool } from './build-worker.pool.js';

const anilist = readFileSync(new URL('../../../../test/fixtures/schemas/anilist.graphql', import.meta.url), 'utf8');
const MAX = 8_000_000;
const pools: BuildWorkerPool[] = [];

function pool(options: { size?: number; script?: string; heapMaxBytes?: number } = {}): BuildWorkerPool {
  const made = new BuildWorkerPool({
    size: options.size ?? 1,
    ...(options.script ? { script: options.script } : {}),
    ...(options.heapMaxBytes ? { heapMaxBytes: options.heapMaxBytes } : {}),
  });
  pools.push(made);
  return made;
}

afterEach(async () => {
  await Promise.all(pools.splice(0).map((p) => p.close()));
});

/** Deterministic 8-dimension vectors derived from the texts (the embedder is not under test). */
function vectorsFor(texts: string[]): Int8Array[] {
  return texts.map((text) => new Int8Array(createHash('sha256').update(text).digest().subarray(0, 8)));
}

async function buildParts(prepare: Promise<PreparedBuild>): Promise<Record<string, Buffer>> {
  const prepared = await prepare;
  try {
    return await prepared.assemble(vectorsFor(prepared.texts));
  } finally {
    prepared.dispose();
  }
}

/** Schema B: A with descriptions changed, a field added, one removed and a type renamed. */
function editedSchema(sdl: string): string {
  let fields = 0;
  const lines = sdl.split('\n').map((line) => {
    if (!/^ {2}[_A-Za-z]\w*\s*[(:]/.test(line)) return line;
    fields += 1;
    if (fields % 40 === 0) return `  "Changed (field ${fields})."\n${line}`;
    if (fields === 77) return ''; // a removed field
    return line;
  });
  return lines
    .join('\n')
    .replace('type Query {', 'type Query {\n  "A new field."\n  addedForTheTest(first: Int = 5): [String!]')
    .replace(/\bMediaTrailer\b/g, 'MediaTrailerRenamed');
}

function expectSameParts(actual: Record<string, Buffer>, expected: Record<string, Buffer>): void {
  expect(Object.keys(actual).sort()).toEqual(Object.keys(expected).sort());
  for (const name of Object.keys(expected)) {
    expect({ name, equal: Buffer.compare(actual[name]!, expected[name]!) === 0 }).toEqual({ name, equal: true });
  }
}

describe('BuildWorkerPool', () => {
  it('reuses one warm worker, and a build with warm memos stores exactly what a fresh worker stores', async () => {
    const schemaB = editedSchema(anilist);
    expect(schemaB).not.toBe(anilist);
    const warm = pool();
    await buildParts(warm.run(anilist, MAX));
    const warmB = await buildParts(warm.run(schemaB, MAX));
    expect(warm.stats).toEqual({ started: 1, idle: 1, busy: 0 });

    const freshB = await buildParts(pool().run(schemaB, MAX));
    expectSameParts(warmB, freshB);
    // And the same as the stages run in this thread.
    expectSameParts(warmB, await buildParts(inProcessPipeline(schemaB, MAX)));
  }, 60_000);

  it('fails a build of bad SDL with its line and column, and keeps the worker', async () => {
    const workers = pool();
    const failure = await workers.run('type Query {\n  a: Int\n  b: ]\n}', MAX).catch((error: unknown) => error);
    expect(failure).toBeInstanceOf(SymbolExtractionError);
    expect((failure as SymbolExtractionError).code).toBe('SYNTAX');
    expect((failure as Error).message).toMatch(/line 3, column 6/);
    await buildParts(workers.run('type Query { a: Int }', MAX));
    expect(workers.stats.started).toBe(1);
  }, 30_000);

  it("gives a disposed build's worker back for the next build", async () => {
    const workers = pool();
    const prepared = await workers.run(anilist, MAX);
    prepared.dispose();
    await expect(prepared.assemble(undefined)).rejects.toThrow(/disposed/);
    const parts = await buildParts(workers.run('type Query { a: Int }', MAX));
    expect(openIndexArtifact(parts[ARTIFACT_PART]!).symbols.length).toBeGreaterThan(0);
    expect(workers.stats).toEqual({ started: 1, idle: 1, busy: 0 });
  }, 30_000);

  describe('with a worker that crashes on a marker', () => {
    let dir: string;
    afterEach(() => rmSync(dir, { recursive: true, force: true }));

    it('fails only the crashed build and starts a new worker for the next', async () => {
      dir = mkdtempSync(join(tmpdir(), 'build-pool-'));
      const real = fileURLToPath(new URL('./build.worker.ts', import.meta.url));
      const script = join(dir, 'crashing.worker.mjs');
      writeFileSync(
        script,
        [
          "import { parentPort } from 'node:worker_threads';",
          "parentPort.on('message', (m) => { if (m.type === 'prepare' && m.sdl.includes('CRASH_THE_WORKER')) process.exit(7); });",
          `await import(${JSON.stringify(real)});`,
        ].join('\n'),
      );
      const workers = pool({ script });
      await buildParts(workers.run('type Query { a: Int }', MAX));
      await expect(workers.run('type Query { a: Int } # CRASH_THE_WORKER', MAX)).rejects.toThrow(/exited \(code 7\)/);
      expect(workers.stats).toEqual({ started: 1, idle: 0, busy: 0 });
      await buildParts(workers.run('type Query { b: Int }', MAX));
      expect(workers.stats).toEqual({ started: 2, idle: 1, busy: 0 });
    }, 30_000);

    it('fails a build that outgrows the heap cap (BUILD_HEAP_MAX_BYTES) and replaces its worker', async () => {
      dir = mkdtempSync(join(tmpdir(), 'build-pool-'));
      const real = fileURLToPath(new URL('./build.worker.ts', import.meta.url));
      const script = join(dir, 'hungry.worker.mjs');
      writeFileSync(
        script,
        [
          "import { parentPort } from 'node:worker_threads';",
          'const kept = [];',
          "parentPort.on('message', (m) => { if (m.type === 'prepare' && m.sdl.includes('EAT_THE_HEAP')) for (;;) kept.push(new Array(100000).fill(kept.length)); });",
          `await import(${JSON.stringify(real)});`,
        ].join('\n'),
      );
      const workers = pool({ script, heapMaxBytes: 64 * 1024 * 1024 });
      await expect(workers.run('type Query { a: Int } # EAT_THE_HEAP', MAX)).rejects.toThrow(/memory/);
      await buildParts(workers.run('type Query { b: Int }', MAX));
      expect(workers.stats).toEqual({ started: 2, idle: 1, busy: 0 });
    }, 60_000);
  });

  it('ends idle workers on close; a build after close still runs, on a worker of its own', async () => {
    const workers = pool({ size: 2 });
    await Promise.all([buildParts(workers.run('type Query { a: Int }', MAX)), buildParts(workers.run('type Query { b: Int }', MAX))]);
    expect(workers.stats).toEqual({ started: 2, idle: 2, busy: 0 });
    await workers.close();
    expect(workers.stats.idle).toBe(0);
    await buildParts(workers.run('type Query { c: Int }', MAX));
    expect(workers.stats).toEqual({ started: 3, idle: 0, busy: 0 });
  }, 30_000);

  it("lets a process whose pool was never closed exit once its builds are done (idle workers are unref'd)", () => {
    const compiled = new URL('../../dist/index-build/build-worker.pool.js', import.meta.url);
    expect(existsSync(compiled)).toBe(true); // built by `npm run build` before the tests
    const script = [
      `const { BuildWorkerPool } = await import(${JSON.stringify(compiled.href)});`,
      'const pool = new BuildWorkerPool({ size: 1 });',
      "const prepared = await pool.run('type Query { a: Int }', 1000);",
      'await prepared.assemble(undefined);',
      "console.log('built', JSON.stringify(pool.stats));",
    ].join('\n');
    const dir = mkdtempSync(join(tmpdir(), 'build-pool-'));
    try {
      writeFileSync(join(dir, 'unclosed.mjs'), script);
      const child = spawnSync(process.execPath, [join(dir, 'unclosed.mjs')], { encoding: 'utf8', timeout: 20_000 });
      expect(child.signal).toBeNull(); // not killed by the timeout: it exited by itself
      expect(child.stdout.trim()).toBe('built {"started":1,"idle":1,"busy":0}');
      expect(child.status).toBe(0);
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  }, 30_000);

  it('refuses a size that is not a positive integer', () => {
    expect(() => new BuildWorkerPool({ size: 0 })).toThrow(/positive integer/);
  });
});
