/**
 * Bench section `indexer-latency`: SearchSchema and GetSymbols over Connect
 * (binary codec, HTTP/1.1 on loopback) against the warm GitHub index in a
 * separate indexer process, at 1 and 32 concurrent callers, with the
 * evaluation questions as queries. Baseline in the same run: GetIndex, the
 * cheapest call (transport, auth and routing only), so the search's own cost
 * reads as the difference. Targets: p50 <= 10 ms and p99 <= 30 ms at 32 callers.
 */
import { readFile } from 'node:fs/promises';
import { join } from 'node:path';
import { registerSection, type BenchContext, type SectionResult } from '../bench-section.js';
import { buildIndex, percentile, startIndexerProcess, type Yoko } from '../indexer/indexer-process.js';
import { loadEvalRows } from '../search-quality/eval-dataset.js';

const TOTAL = { 1: 600, 32: 4000 } as const;

interface Run {
  call: string;
  callers: number;
  requests: number;
  p50: number;
  p95: number;
  p99: number;
  perSecond: number;
  /** Indexer CPU per request (ms): what a call costs the server, whatever else the machine runs. */
  serverCpuMs: number;
}

async function drive(callers: 1 | 32, name: string, call: (i: number) => Promise<unknown>, cpuMs: () => Promise<number>): Promise<Run> {
  for (let i = 0; i < 50; i++) await call(i); // warm-up
  const cpuBefore = await cpuMs();
  const times: number[] = [];
  let next = 0;
  const started = performance.now();
  await Promise.all(
    Array.from({ length: callers }, async () => {
      for (let i = next++; i < TOTAL[callers]; i = next++) {
        const t = performance.now();
        await call(i);
        times.push(performance.now() - t);
      }
    }),
  );
  const seconds = (performance.now() - started) / 1000;
  const serverCpuMs = ((await cpuMs()) - cpuBefore) / times.length;
  times.sort((a, b) => a - b);
  return {
    call: name,
    callers,
    requests: times.length,
    p50: percentile(times, 50),
    p95: percentile(times, 95),
    p99: percentile(times, 99),
    perSecond: times.length / seconds,
    serverCpuMs,
  };
}

async function run(context: BenchContext): Promise<SectionResult> {
  const rows = (await loadEvalRows(join(context.dataDir, 'search'))).filter((r) => r.schemaId === 'github');
  const queries = rows.map((r) => r.query);
  const coordinates = [...new Set(rows.flatMap((r) => r.targetFields))].map((f) => `field:${f}`);
  const indexer = await startIndexerProcess({ EMBEDDINGS_PROVIDER: 'static' });
  try {
    const sdl = await readFile(join(context.dataDir, 'search/schemas/github.graphql'), 'utf8');
    const { indexId } = await buildIndex(indexer.client, sdl);
    const client: Yoko = indexer.client;
    const calls: Record<string, (i: number) => Promise<unknown>> = {
      'GetIndex (baseline)': () => client.getIndex({ indexId }),
      SearchSchema: (i) => client.searchSchema({ indexId, query: queries[i % queries.length]!, limit: 20 }),
      'SearchSchema kinds=field': (i) =>
        client.searchSchema({ indexId, query: queries[i % queries.length]!, limit: 20, kinds: ['field'] }),
      'GetSymbols (5)': (i) =>
        client.getSymbols({ indexId, coordinates: coordinates.slice((i * 5) % (coordinates.length - 5), ((i * 5) % (coordinates.length - 5)) + 5) }),
    };
    const runs: Run[] = [];
    for (const callers of [1, 32] as const) {
      for (const [name, call] of Object.entries(calls)) {
        context.log(`${name} at ${callers} caller(s)`);
        runs.push(await drive(callers, name, call, () => indexer.cpuMs()));
      }
    }
    const rss = await indexer.rss();
    return {
      tables: [
        {
          title: 'Discovery API latency over Connect on loopback, warm GitHub index (ms)',
          columns: ['call', 'callers', 'requests', 'p50', 'p95', 'p99', 'req/s', 'server CPU ms/req'],
          rows: runs.map((r) => [r.call, r.callers, r.requests, r.p50, r.p95, r.p99, Math.round(r.perSecond), r.serverCpuMs]),
        },
        { title: 'Indexer memory after the run', columns: ['measure', 'value'], rows: [['RSS (MiB)', Math.round(rss / 1048576)]] },
      ],
      data: { runs, rss },
    };
  } finally {
    await indexer.stop();
  }
}

registerSection({
  name: 'indexer-latency',
  description: 'SearchSchema/GetSymbols latency over Connect at 1 and 32 callers against the warm GitHub index',
  run,
});
