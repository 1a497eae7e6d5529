/**
 * Storage figures on the local Redis (127.0.0.1:6379, unique prefix, cleaned up):
 * artifact write/read of a multi-megabyte index, embedding cache batches, and
 * queue round trips (BullMQ and in-process) with an empty handler.
 * Run: npx node --import ./libs/storage/test/register-ts.mjs libs/storage/test/storage.bench.ts
 */
import { createHash, randomBytes } from 'node:crypto';
import { Redis } from 'ioredis';
import { createStorage, type Storage } from '../src/create-storage.ts';

const URL = process.env['BENCH_REDIS_URL'] ?? 'redis://127.0.0.1:6379';
const prefix = `bench:${randomBytes(4).toString('hex')}:`;

function pct(samples: number[], p: number): number {
  const sorted = [...samples].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))] ?? NaN;
}

async function time<T>(fn: () => Promise<T>): Promise<number> {
  const start = performance.now();
  await fn();
  return performance.now() - start;
}

async function artifacts(storage: Storage): Promise<void> {
  const sdl = `type Query { bench: String } # ${prefix}`;
  const id = `sha256:${createHash('sha256').update(sdl).digest('hex')}`;
  await storage.indexStore.ensure(id, sdl, 'bench', Date.now());
  const parts = { records: randomBytes(3 * 1024 * 1024), vectors: randomBytes(2 * 1024 * 1024), lexical: randomBytes(512 * 1024) };
  const puts: number[] = [];
  const gets: number[] = [];
  for (let i = 0; i < 10; i++) {
    puts.push(await time(() => storage.indexStore.putArtifacts(id, parts, { state: 'ready' })));
    gets.push(await time(() => storage.indexStore.getArtifacts(id)));
  }
  console.log(`${storage.mode} artifacts 5.5 MB: putArtifacts p50 ${pct(puts, 50).toFixed(1)} ms, getArtifacts p50 ${pct(gets, 50).toFixed(1)} ms`);
  await storage.indexStore.delete(id);
}

async function embeddings(storage: Storage): Promise<void> {
  const entries = Array.from({ length: 10_000 }, (_, i) => ({
    key: createHash('sha256').update(`${prefix}${i}`).digest('hex'),
    vector: new Int8Array(randomBytes(512).buffer),
  }));
  const set = await time(() => storage.embeddingCache.setMany(`bench-${prefix}`, entries));
  const get = await time(() =>
    storage.embeddingCache.getMany(
      `bench-${prefix}`,
      entries.map((e) => e.key),
    ),
  );
  console.log(`${storage.mode} embedding cache 10,000 x 512 B: setMany ${set.toFixed(0)} ms, getMany ${get.toFixed(0)} ms`);
}

async function queue(storage: Storage): Promise<void> {
  const q = storage.createQueue<number, number>('bench');
  await q.process(async (n) => n, { concurrency: 4 });
  const samples: number[] = [];
  for (let i = 0; i < 200; i++) samples.push(await time(() => q.enqueueAndWait(i, { jobId: `seq-${i}`, timeoutMs: 10_000 })));
  const start = performance.now();
  await Promise.all(Array.from({ length: 500 }, (_, i) => q.enqueueAndWait(i, { jobId: `par-${i}`, timeoutMs: 30_000 })));
  const rate = 500 / ((performance.now() - start) / 1000);
  console.log(
    `${storage.mode} queue enqueueAndWait (empty handler): p50 ${pct(samples, 50).toFixed(2)} ms, p95 ${pct(samples, 95).toFixed(2)} ms sequential; ${rate.toFixed(0)} jobs/s with 500 concurrent, concurrency 4`,
  );
}

const redis = createStorage({ redisUrl: URL, keyPrefix: prefix });
const memory = createStorage();
try {
  for (const storage of [redis, memory]) {
    await artifacts(storage);
    await embeddings(storage);
    await queue(storage);
  }
} finally {
  await Promise.all([redis.close(), memory.close()]);
  const client = new Redis(URL);
  for (const match of [`${prefix}*`, `{${prefix}jobs}*`]) {
    let cursor = '0';
    do {
      const [next, keys] = await client.scan(cursor, 'MATCH', match, 'COUNT', 1000);
      cursor = next;
      if (keys.length > 0) await client.unlink(...keys);
    } while (cursor !== '0');
  }
  await client.quit();
}
