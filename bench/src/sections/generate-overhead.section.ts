/**
 * Bench section `generate-overhead`: what the generation pipeline costs
 * besides the model. A scripted OpenAI-compatible server answers at once with
 * the gold operation of each GitHub row; everything else is real: the
 * indexer-side GenerationClient, BullMQ on Redis, generator processes started
 * from the built output (as the image runs them), retrieval, slicing,
 * validation, parameterization and variables-schema derivation. Reports p50 /
 * p95 per request with one worker and requests per second with 4 workers.
 * Needs Redis (option `--redis URL`, default redis://127.0.0.1:6379) and
 * `npm run build`. Options: `--requests N` (default 40).
 */
import { spawn, type ChildProcess } from 'node:child_process';
import { randomBytes, createHash } from 'node:crypto';
import { readFile } from 'node:fs/promises';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { GenerationClient } from '@discovery/discovery';
import { GENERATE_QUEUE, type GenerateJobData, type GenerateJobResult } from '@discovery/generation';
import { buildSearchIndex, serializeSearchIndex } from '@discovery/ranking';
import { buildSchemaFromSdl, extractSymbols } from '@discovery/schema-symbols';
import type { Storage } from '@discovery/storage';
import { createStorage } from '@discovery/storage/redis';
import { freePort, OpenAiScriptedServer, submitReply } from '@discovery/testing';
import { registerSection, type BenchContext, type BenchTable, type SectionResult } from '../bench-section.js';
import { median, percentile } from './generate-slice-coverage.js';

const ROOT = fileURLToPath(new URL('../../../', import.meta.url));

interface Row {
  id: string;
  schemaId: string;
  query: string;
  operation: string;
}

function argument(args: readonly string[], name: string): string | undefined {
  const at = args.indexOf(name);
  return at === -1 ? undefined : args[at + 1];
}

async function putIndex(storage: Storage, sdl: string): Promise<string> {
  const id = `sha256:${createHash('sha256').update(sdl).digest('hex')}`;
  const symbols = extractSymbols(buildSchemaFromSdl(sdl).schema);
  await storage.indexStore.ensure(id, sdl, 'bench', Date.now());
  await storage.indexStore.putArtifacts(id, serializeSearchIndex(buildSearchIndex(symbols)), {
    state: 'ready',
    builtVersion: 'bench',
    symbolCount: symbols.length,
    indexedAt: Date.now(),
    building: false,
  });
  return id;
}

/** Starts a generator process from the built output and waits for /readyz. */
async function startWorker(env: Record<string, string>): Promise<ChildProcess> {
  const port = await freePort();
  const child = spawn(process.execPath, [join(ROOT, 'apps/generator/dist/main.js')], {
    env: { PATH: process.env['PATH'] ?? '', ...env, METRICS_PORT: String(port), METRICS_HOST: '127.0.0.1' },
    stdio: ['ignore', 'ignore', 'pipe'],
  });
  let errors = '';
  child.stderr?.on('data', (chunk: Buffer) => (errors += chunk.toString()));
  const deadline = Date.now() + 60_000;
  while (Date.now() < deadline) {
    if (child.exitCode !== null) throw new Error(`generator exited (${child.exitCode}): ${errors.slice(0, 2000)}`);
    const ready = await fetch(`http://127.0.0.1:${port}/readyz`).then(
      (r) => r.ok,
      () => false,
    );
    if (ready) return child;
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
  child.kill('SIGKILL');
  throw new Error(`generator did not become ready: ${errors.slice(0, 2000)}`);
}

async function stopWorker(child: ChildProcess): Promise<void> {
  if (child.exitCode !== null || child.signalCode !== null) return;
  const exited = new Promise((resolve) => child.once('exit', resolve));
  child.kill('SIGTERM');
  await exited;
}

async function run(context: BenchContext): Promise<SectionResult> {
  const redisUrl = argument(context.args, '--redis') ?? 'redis://127.0.0.1:6379';
  const requests = Number(argument(context.args, '--requests') ?? 40);
  const dir = join(context.dataDir, 'search');
  const rows = (await readFile(join(dir, 'queries.jsonl'), 'utf8'))
    .split('\n')
    .filter((l) => l.trim() !== '')
    .map((line) => JSON.parse(line) as Row)
    .filter((row) => row.schemaId === 'github');
  const sdl = await readFile(join(dir, 'schemas', 'github.graphql'), 'utf8');
  const prefix = `bench-gen:${randomBytes(4).toString('hex')}:`;
  const storage = createStorage({ redisUrl, keyPrefix: prefix });
  const model = await OpenAiScriptedServer.start();
  const workers: ChildProcess[] = [];
  try {
    await storage.ping();
    const indexId = await putIndex(storage, sdl);
    const queue = storage.createQueue<GenerateJobData, GenerateJobResult>(GENERATE_QUEUE);
    const client = new GenerationClient({ queue, timeoutMs: 60_000, cacheTtlMs: 0 });
    const env = {
      REDIS_URL: redisUrl,
      REDIS_KEY_PREFIX: prefix,
      LOG_LEVEL: 'error',
      EMBEDDINGS_PROVIDER: 'none',
      GENERATE_CONCURRENCY: '1',
      OPENAI_BASE_URL: model.baseUrl,
      OPENAI_API_KEY: 'bench',
      LLM_MODEL: 'scripted',
      GENERATE_TIMEOUT: '60s',
    };
    const ask = async (row: Row, tag: string): Promise<{ ms: number; queries: number }> => {
      // Any answer fits any request (each is a valid GitHub operation). A job that runs twice
      // (taken over after a stall) would find the script empty and fail: keep a few spare
      // answers, and report model calls per request so repeated work stays visible.
      model.push(submitReply([{ document: row.operation, description: row.query.slice(0, 100) }]));
      while (model.remaining < 4) model.push(submitReply([{ document: row.operation, description: row.query.slice(0, 100) }]));
      const started = performance.now();
      const resolution = await client.generate(indexId, `${row.query} [${tag}]`);
      return { ms: performance.now() - started, queries: resolution.queries.length };
    };
    workers.push(await startWorker(env));
    const cold = await ask(rows[0] as Row, 'cold');
    const sequential: { ms: number; queries: number }[] = [];
    for (let i = 0; i < requests; i += 1) sequential.push(await ask(rows[(i + 1) % rows.length] as Row, `seq-${i}`));
    context.log(`generate-overhead: ${requests} sequential requests done`);
    for (let i = 0; i < 3; i += 1) workers.push(await startWorker(env));
    await Promise.all(Array.from({ length: 8 }, (_, i) => ask(rows[i % rows.length] as Row, `warm-${i}`)));
    const total = requests * 2;
    const started = performance.now();
    let next = 0;
    const parallel: { ms: number; queries: number }[] = [];
    await Promise.all(
      Array.from({ length: 8 }, async () => {
        while (next < total) {
          const i = next++;
          parallel.push(await ask(rows[i % rows.length] as Row, `par-${i}`));
        }
      }),
    );
    const seconds = (performance.now() - started) / 1000;
    const asked = 1 + sequential.length + 8 + parallel.length;
    const latencies = sequential.map((s) => s.ms);
    const accepted = [...sequential, ...parallel].filter((s) => s.queries > 0).length;
    const figures = {
      coldMs: cold.ms,
      p50Ms: median(latencies),
      p95Ms: percentile(latencies, 95),
      requestsPerSecond4Workers: total / seconds,
      parallelP50Ms: median(parallel.map((p) => p.ms)),
      acceptedShare: (100 * accepted) / (sequential.length + parallel.length),
      modelCallsPerRequest: model.completionCalls / asked,
    };
    const table: BenchTable = {
      title: 'generation pipeline overhead on the GitHub schema (model answers at once; BullMQ on Redis; generator processes)',
      columns: ['measure', 'value'],
      rows: [
        ['first request, cold index (ms)', figures.coldMs],
        [`p50 per request, 1 worker, ${requests} sequential (ms)`, figures.p50Ms],
        [`p95 per request, 1 worker (ms)`, figures.p95Ms],
        [`requests/s, 4 workers, 8 in flight, ${total} requests`, figures.requestsPerSecond4Workers],
        ['p50 per request under that load (ms)', figures.parallelP50Ms],
        ['requests answered with a valid operation (%)', figures.acceptedShare],
        ['model calls per request (1 = no repeated work)', figures.modelCallsPerRequest],
      ],
    };
    return { tables: [table], data: figures };
  } finally {
    await Promise.all(workers.map(stopWorker));
    await model.close();
    await storage.close();
    await deleteByPrefix(redisUrl, prefix);
  }
}

/** Removes the section's keys (its own prefix only). */
async function deleteByPrefix(redisUrl: string, prefix: string): Promise<void> {
  const { Redis } = await import('ioredis');
  const redis = new Redis(redisUrl, { maxRetriesPerRequest: 1 });
  try {
    let cursor = '0';
    do {
      const [nextCursor, keys] = await redis.scan(cursor, 'MATCH', `${prefix}*`, 'COUNT', 500);
      cursor = nextCursor;
      if (keys.length > 0) await redis.unlink(...keys);
    } while (cursor !== '0');
  } finally {
    await redis.quit();
  }
}

registerSection({
  name: 'generate-overhead',
  description: 'generation pipeline overhead without the model (retrieval, validation, parameterization, schemas, queue round trip)',
  run,
});
