/**
 * Bench section `indexer-latency`: SearchSchema and GetSymbols over Connect
 * (binary codec, HTTP/1.1 keep-alive on loopback) against the warm GitHub
 * index in separate indexer processes, at 1 and 32 concurrent callers, with
 * the evaluation questions as queries (each reply decoded and checked).
 *
 * - Load comes from a lean unary client in the manner of wrk (indexer/unary-client.ts:
 *   raw keep-alive sockets, every reply decoded), as a router would send it; the
 *   connect-es client runs the same searches for reference (it costs the shared
 *   CPU several times as much per call).
 * - One indexer replica, then two (one per core, connections spread over
 *   both, as a Service spreads them over pods) sharing the same Redis keys.
 * - Baseline in the same run: GetIndex, the cheapest call (transport, auth,
 *   routing and one metadata read), so the search's own cost reads as the
 *   difference. Server and client CPU per call come from /proc and
 *   process.cpuUsage(): what a call costs, whatever else the machine runs.
 *
 * Targets (issue 3): p50 <= 10 ms and p99 <= 30 ms at 32 callers on these 2 cores.
 *
 * `--against <checkout>` (with `--rounds R`, default 3) measures only the 32-caller SearchSchema
 * load on one replica, of this checkout's built indexer and of the other checkout's in turn, each
 * round a fresh process of each building its own GitHub index: CPU per search and latency of two
 * versions side by side under the same minutes' load (the other checkout needs `npm run build`).
 */
import { readFile } from 'node:fs/promises';
import { loadavg } from 'node:os';
import { join } from 'node:path';
import { YokoService } from '@discovery/proto';
import { registerSection, type BenchContext, type SectionResult } from '../bench-section.js';
import { buildIndex, percentile, startIndexerProcess, type IndexerProcess } from '../indexer/indexer-process.js';
import { UnaryClient } from '../indexer/unary-client.js';
import { loadEvalRows } from '../search-quality/eval-dataset.js';

const TOTAL = { 1: 600, 32: 6000 } as const;
const WARM_UP = 300;
const { getIndex, searchSchema, getSymbols } = YokoService.method;

interface Run {
  call: string;
  client: 'lean' | 'connect-es';
  replicas: number;
  callers: number;
  requests: number;
  p50: number;
  p95: number;
  p99: number;
  perSecond: number;
  /** Indexer CPU per request (ms), all replicas. */
  serverCpuMs: number;
  /** Load generator CPU per request (ms). */
  clientCpuMs: number;
}

type Call = (i: number) => Promise<number>;

async function drive(callers: 1 | 32, call: Call, servers: readonly IndexerProcess[]): Promise<Omit<Run, 'call' | 'client' | 'replicas'>> {
  for (let i = 0; i < WARM_UP; i++) await call(i);
  const serverCpu = async () => (await Promise.all(servers.map((s) => s.cpuMs()))).reduce((a, b) => a + b, 0);
  const cpuBefore = await serverCpu();
  const clientBefore = process.cpuUsage();
  const times: number[] = [];
  let next = 0;
  let empty = 0;
  const started = performance.now();
  await Promise.all(
    Array.from({ length: callers }, async () => {
      for (let i = next++; i < TOTAL[callers]; i = next++) {
        const t = performance.now();
        if ((await call(i)) === 0) empty++;
        times.push(performance.now() - t);
      }
    }),
  );
  const seconds = (performance.now() - started) / 1000;
  const client = process.cpuUsage(clientBefore);
  const serverCpuMs = ((await serverCpu()) - cpuBefore) / times.length;
  if (empty > 0) throw new Error(`${empty} of ${times.length} calls returned nothing`);
  times.sort((a, b) => a - b);
  return {
    callers,
    requests: times.length,
    p50: percentile(times, 50),
    p95: percentile(times, 95),
    p99: percentile(times, 99),
    perSecond: times.length / seconds,
    serverCpuMs,
    clientCpuMs: (client.user + client.system) / 1000 / times.length,
  };
}

async function run(context: BenchContext): Promise<SectionResult> {
  const rows = (await loadEvalRows(join(context.dataDir, 'search'))).filter((r) => r.schemaId === 'github');
  const queries = rows.map((r) => r.query);
  const against = context.args.indexOf('--against');
  if (against >= 0) {
    const rounds = context.args.indexOf('--rounds');
    return runAgainst(context, queries, context.args[against + 1]!, rounds >= 0 ? Number(context.args[rounds + 1]) : 3);
  }
  const coordinates = [...new Set(rows.flatMap((r) => r.targetFields))].map((f) => `field:${f}`);
  const loadBefore = loadavg()[0]!;
  const first = await startIndexerProcess({ EMBEDDINGS_PROVIDER: 'static' });
  const servers = [first];
  try {
    const sdl = await readFile(join(context.dataDir, 'search/schemas/github.graphql'), 'utf8');
    const { indexId } = await buildIndex(first.client, sdl);
    servers.push(await startIndexerProcess({ EMBEDDINGS_PROVIDER: 'static' }, { replicaOf: first }));
    const runs: Run[] = [];

    const leanCalls = (client: UnaryClient): Record<string, Call> => {
      const searches = queries.map((query) => client.encode(searchSchema, { indexId, query, limit: 20 }));
      const fieldSearches = queries.map((query) => client.encode(searchSchema, { indexId, query, limit: 20, kinds: ['field'] }));
      const lookups = Array.from({ length: 64 }, (_, i) => {
        const at = (i * 5) % (coordinates.length - 5);
        return client.encode(getSymbols, { indexId, coordinates: coordinates.slice(at, at + 5) });
      });
      const index = client.encode(getIndex, { indexId });
      return {
        'GetIndex (baseline)': async () => ((await client.call(index)).index ? 1 : 0),
        SearchSchema: async (i) => (await client.call(searches[i % searches.length]!)).hits.length,
        'SearchSchema kinds=field': async (i) => (await client.call(fieldSearches[i % fieldSearches.length]!)).hits.length,
        'GetSymbols (5)': async (i) => (await client.call(lookups[i % lookups.length]!)).symbols.length,
      };
    };

    for (const replicas of [1, 2]) {
      const targets = servers.slice(0, replicas);
      for (const callers of replicas === 1 ? ([1, 32] as const) : ([32] as const)) {
        const client = await UnaryClient.open(
          targets.map((s) => s.baseUrl),
          callers,
        );
        try {
          for (const [name, call] of Object.entries(leanCalls(client))) {
            if (replicas === 2 && !name.startsWith('SearchSchema')) continue;
            // A warm cache on every replica before measuring.
            await Promise.all(targets.map((s) => s.client.searchSchema({ indexId, query: 'warm up', limit: 1 })));
            context.log(`${name}: ${callers} caller(s), ${replicas} replica(s)`);
            runs.push({ call: name, client: 'lean', replicas, ...(await drive(callers, call, targets)) });
          }
        } finally {
          client.close();
        }
      }
    }
    for (const callers of [1, 32] as const) {
      context.log(`SearchSchema with the connect-es client: ${callers} caller(s)`);
      const call: Call = async (i) => (await first.client.searchSchema({ indexId, query: queries[i % queries.length]!, limit: 20 })).hits.length;
      runs.push({ call: 'SearchSchema', client: 'connect-es', replicas: 1, ...(await drive(callers, call, [first])) });
    }
    const rss = await first.rss();
    return {
      tables: [
        {
          title: 'Discovery API over Connect on loopback, warm GitHub index (ms; targets at 32 callers: p50 <= 10, p99 <= 30)',
          columns: ['call', 'client', 'replicas', 'callers', 'requests', 'p50', 'p95', 'p99', 'req/s', 'server CPU ms/req', 'client CPU ms/req'],
          rows: runs.map((r) => [
            r.call,
            r.client,
            r.replicas,
            r.callers,
            r.requests,
            r.p50,
            r.p95,
            r.p99,
            Math.round(r.perSecond),
            r.serverCpuMs,
            r.clientCpuMs,
          ]),
        },
        {
          title: 'The run',
          columns: ['measure', 'value'],
          rows: [
            ['RSS of one replica after the run (MiB)', Math.round(rss / 1048576)],
            // Other work on the machine moves every latency figure; CPU per call it moves little.
            ['load average, 1 min, at start / end', `${loadBefore.toFixed(2)} / ${loadavg()[0]!.toFixed(2)}`],
          ],
        },
      ],
      data: { runs, rss, loadAverage: { start: loadBefore, end: loadavg()[0] } },
    };
  } finally {
    for (const server of servers.reverse()) await server.stop();
  }
}

/** This checkout's indexer and `other`'s in turn, `rounds` times: one replica, 32 callers, SearchSchema limit 20. */
async function runAgainst(context: BenchContext, queries: string[], other: string, rounds: number): Promise<SectionResult> {
  const sdl = await readFile(join(context.dataDir, 'search/schemas/github.graphql'), 'utf8');
  const versions = [
    { name: 'this checkout', root: undefined },
    { name: other, root: other },
  ];
  const measured: (Omit<Run, 'call' | 'client' | 'replicas'> & { version: string; round: number; load: string })[] = [];
  for (let round = 1; round <= rounds; round++) {
    for (const version of versions) {
      const loadBefore = loadavg()[0]!;
      const server = await startIndexerProcess({ EMBEDDINGS_PROVIDER: 'static' }, version.root ? { root: version.root } : {});
      try {
        const { indexId } = await buildIndex(server.client, sdl);
        const client = await UnaryClient.open([server.baseUrl], 32);
        try {
          const searches = queries.map((query) => client.encode(searchSchema, { indexId, query, limit: 20 }));
          context.log(`round ${round}: ${version.name}`);
          const figures = await drive(32, async (i) => (await client.call(searches[i % searches.length]!)).hits.length, [server]);
          measured.push({ version: version.name, round, ...figures, load: `${loadBefore.toFixed(2)} / ${loadavg()[0]!.toFixed(2)}` });
        } finally {
          client.close();
        }
      } finally {
        await server.stop();
      }
    }
  }
  const median = (version: string, pick: (r: (typeof measured)[number]) => number): number => {
    const values = measured
      .filter((r) => r.version === version)
      .map(pick)
      .sort((a, b) => a - b);
    return values[Math.floor(values.length / 2)]!;
  };
  return {
    tables: [
      {
        title: 'SearchSchema limit 20, warm GitHub index, one replica, 32 callers: two versions in turn (ms)',
        columns: ['version', 'round', 'p50', 'p95', 'p99', 'req/s', 'server CPU ms/req', 'load 1 min start / end'],
        rows: [
          ...measured.map((r) => [r.version, r.round, r.p50, r.p95, r.p99, Math.round(r.perSecond), r.serverCpuMs, r.load]),
          ...versions.map((v) => [
            v.name,
            'median',
            median(v.name, (r) => r.p50),
            median(v.name, (r) => r.p95),
            median(v.name, (r) => r.p99),
            Math.round(median(v.name, (r) => r.perSecond)),
            median(v.name, (r) => r.serverCpuMs),
            '',
          ]),
        ],
      },
    ],
    data: { measured },
  };
}

registerSection({
  name: 'indexer-latency',
  description: 'SearchSchema/GetSymbols latency over Connect at 1 and 32 callers, 1 and 2 replicas, against the warm GitHub index',
  run,
});
