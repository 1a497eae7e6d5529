/**
 * Bench section `many-graphs` (issue 21 item 4): N graphs (real schemas and renamed variants,
 * default 200; `--quick` 40 and shorter runs; `--graphs N`, `--seconds S`) built by a real indexer
 * process, then served by fresh replicas from the compact index format and, beside it in the same
 * run, from the previous format's parts of the same builds (written by the bench under another
 * key prefix, served by the same reader's previous-format path). Prints memory per loaded symbol,
 * cold loads per size class, Zipf traffic from 32 callers on one replica and on two (spread and
 * routed by index), hit rates, p50/p99 per request kind, RSS and Redis memory, the build
 * process's RSS over the builds, and a simulation of 1,000 graphs from the measured figures.
 *
 * `--cache-mib M` serves with INDEX_CACHE_MAX_BYTES of M MiB instead of the default 512 (the
 * simulation keeps 512). `--compare-flags "<node flags>"` (with `--rounds R`, default 2) measures Node flags for the
 * serving replica instead (compact format only, after the same builds): R rounds of a fresh
 * replica without and then with the flags, each its idle RSS, the 32-caller GitHub load and the
 * one-replica Zipf traffic, so both variants share the machine's load of the same minutes.
 */
import { randomBytes } from 'node:crypto';
import { loadavg } from 'node:os';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { buildSearchIndex, deserializeSearchIndex, openIndexArtifact, search, serializeSearchIndex, type SearchIndex } from '@discovery/ranking';
import { buildSchemaFromSdl } from '@discovery/schema-symbols';
import type { Storage } from '@discovery/storage';
import { createStorage } from '@discovery/storage/redis';
import { closeTestRedis, createTestRedis, deleteKeysByPrefix, testStorageOptions } from '@discovery/testing';
import { registerSection, type BenchContext, type BenchTable, type SectionResult } from '../bench-section.js';
import { buildIndex, percentile, redisBytes, startIndexerProcess, type IndexerProcess } from '../indexer/indexer-process.js';
import { loadEvalRows } from '../search-quality/eval-dataset.js';
import { simulateCaches, type SimulatedGraph } from '../many-graphs/cache-simulation.js';
import { graphSet, loadBaseSchemas, SIZE_CLASSES, sizeClassOf, type Graph, type SizeClass } from '../many-graphs/graph-set.js';
import { openReplica, replicaMetrics, type Replica } from '../many-graphs/replica.js';
import { runTraffic, type TrafficFigures } from '../many-graphs/zipf-traffic.js';

const repoRoot = join(dirname(fileURLToPath(import.meta.url)), '../../..');
const FORMATS = ['previous', 'compact'] as const;
type Format = (typeof FORMATS)[number];
const DEFAULT_CACHE_BYTES = 512 * 1024 * 1024;
/** The serving replicas' INDEX_CACHE_MAX_BYTES in MiB for this run (the tables' titles). */
let cacheMiB = 512;
/**
 * The bench's callers all come as one tenant (auth off) but stand for many: the per-tenant cap on
 * running slices (TENANT_MAX_SLICES, default 2) would answer most of their slices 429.
 */
const ENV: Record<string, string> = { EMBEDDINGS_PROVIDER: 'static', TENANT_MAX_SLICES: '64' };

interface Options {
  graphs: number;
  seconds: number;
  coldPerClass: number;
  /** Node flags to measure against none (`--compare-flags`), and how many alternating rounds. */
  compareFlags?: string[];
  rounds: number;
  /** INDEX_CACHE_MAX_BYTES of the serving replicas, in MiB (`--cache-mib`; default the product's 512). */
  cacheMiB?: number;
}

function parseOptions(args: readonly string[]): Options {
  const quick = args.includes('--quick');
  const value = (name: string): number | undefined => {
    const at = args.indexOf(name);
    return at >= 0 ? Number(args[at + 1]) : undefined;
  };
  const flagsAt = args.indexOf('--compare-flags');
  return {
    graphs: value('--graphs') ?? (quick ? 40 : 200),
    seconds: value('--seconds') ?? (quick ? 10 : 30),
    coldPerClass: quick ? 2 : 4,
    ...(flagsAt >= 0 ? { compareFlags: (args[flagsAt + 1] ?? '').split(' ').filter(Boolean) } : {}),
    rounds: value('--rounds') ?? 2,
    ...(value('--cache-mib') === undefined ? {} : { cacheMiB: value('--cache-mib')! }),
  };
}

interface GraphSizes {
  /** What the reader's cache counts once the graph is loaded, per format. */
  cacheBytes: Record<Format, number>;
}

async function run(context: BenchContext): Promise<SectionResult> {
  const options = parseOptions(context.args);
  if (options.cacheMiB !== undefined) ENV['INDEX_CACHE_MAX_BYTES'] = String(options.cacheMiB * 1024 * 1024);
  cacheMiB = options.cacheMiB ?? 512;
  const loadStart = loadavg()[0]!;
  const rows = await loadEvalRows(join(context.dataDir, 'search'));
  const questions = rows.map((r) => r.query);
  const ownQuestions = new Map<string, string[]>();
  for (const row of rows) ownQuestions.set(row.schemaId, [...(ownQuestions.get(row.schemaId) ?? []), row.query]);
  const graphs = graphSet(await loadBaseSchemas(repoRoot), options.graphs);
  const queries = (graph: Graph, i: number): string => {
    const own = ownQuestions.get(graph.base);
    return own ? own[i % own.length]! : questions[(i * 31) % questions.length]!;
  };
  const prefixB = `bench:${randomBytes(4).toString('hex')}:`;
  const builder = await startIndexerProcess(ENV);
  const storeA = createStorage({ ...testStorageOptions(), keyPrefix: builder.prefix });
  const storeB = createStorage({ ...testStorageOptions(), keyPrefix: prefixB });
  const replicas: IndexerProcess[] = [];
  try {
    context.log(`building ${graphs.length} graphs`);
    const builds = await buildAll(context, builder, graphs);
    if (options.compareFlags) {
      const compared = await compareNodeFlags(context, options, options.compareFlags, graphs, queries, builder);
      const load = ['load average, 1 min, start / end', `${loadStart.toFixed(2)} / ${loadavg()[0]!.toFixed(2)}`];
      return {
        tables: [buildTable(builds), compared.table, { title: 'The run', columns: ['measure', 'value'], rows: [['graphs', graphs.length], load] }],
        data: { options, builds, compared: compared.rows },
      };
    }
    context.log('writing the previous format of every build');
    const sizes = await copyPrevious(storeA, storeB, graphs);
    const tables: BenchTable[] = [buildTable(builds)];
    const inProcess = await inProcessMemory(storeA, storeB, graphs.slice(0, 2), queries);
    tables.push(inProcess.table);
    const served: Record<Format, FormatFigures> = {} as Record<Format, FormatFigures>;
    for (const format of FORMATS) {
      context.log(`serving the ${format} format`);
      const env = format === 'compact' ? ENV : { ...ENV, REDIS_KEY_PREFIX: prefixB };
      const start = async () => {
        const replica = await startIndexerProcess(env, format === 'compact' ? { replicaOf: builder } : {});
        replicas.push(replica);
        return replica;
      };
      served[format] = await serveFormat(context, options, graphs, queries, start);
      for (const replica of replicas.splice(0).reverse()) await replica.stop();
    }
    tables.push(...servedTables(served, graphs));
    const redis = { compact: await redisBytes(`${builder.prefix}idx:*`), previous: await redisBytes(`${prefixB}idx:*`) };
    const symbols = graphs.reduce((sum, g) => sum + g.symbols!, 0);
    tables.push({
      title: `Redis memory of the ${graphs.length} indexes (${symbols.toLocaleString('en')} symbols; MEMORY USAGE of their keys; the shared embedding cache and the queues apart)`,
      columns: ['format', 'keys', 'MiB', 'bytes per symbol'],
      rows: FORMATS.map((f) => [f, redis[f].keys, redis[f].bytes / 1048576, redis[f].bytes / symbols]),
    });
    tables.push(simulationTable(graphs, sizes, served));
    tables.push({
      title: 'The run',
      columns: ['measure', 'value'],
      rows: [
        ['graphs', graphs.length],
        ['load average, 1 min, start / end', `${loadStart.toFixed(2)} / ${loadavg()[0]!.toFixed(2)}`],
      ],
    });
    return { tables, data: { options, builds, inProcess: inProcess.data, served, redis, symbols } };
  } finally {
    for (const replica of replicas.reverse()) await replica.stop();
    await storeA.close();
    await storeB.close();
    const redis = createTestRedis();
    await deleteKeysByPrefix(redis, prefixB).finally(() => closeTestRedis(redis));
    await builder.stop();
  }
}

interface BuildFigures {
  builds: number;
  seconds: number;
  rssMiB: number[];
  /** RSS after every tenth of the builds. */
  marks: { after: number; rssMiB: number }[];
}

async function buildAll(context: BenchContext, builder: IndexerProcess, graphs: Graph[]): Promise<BuildFigures> {
  const started = performance.now();
  const marks: { after: number; rssMiB: number }[] = [{ after: 0, rssMiB: (await builder.rss()) / 1048576 }];
  const samples: number[] = [];
  const sampler = setInterval(
    () =>
      void builder.rss().then(
        (b) => samples.push(b / 1048576),
        () => undefined,
      ),
    500,
  );
  try {
    for (const graph of graphs) {
      const built = await buildIndex(builder.client, graph.sdl);
      graph.indexId = built.indexId;
      graph.symbols = built.symbols;
      graph.sizeClass = sizeClassOf(built.symbols);
      const done = graph.n + 1;
      if (done % Math.max(1, Math.floor(graphs.length / 10)) === 0 || done === graphs.length) {
        marks.push({ after: done, rssMiB: (await builder.rss()) / 1048576 });
        context.log(`  ${done} built, RSS ${Math.round(marks[marks.length - 1]!.rssMiB)} MiB`);
      }
    }
  } finally {
    clearInterval(sampler);
  }
  return { builds: graphs.length, seconds: (performance.now() - started) / 1000, rssMiB: samples, marks };
}

function buildTable(b: BuildFigures): BenchTable {
  const max = Math.max(...b.rssMiB, ...b.marks.map((m) => m.rssMiB));
  return {
    title: `The build process over ${b.builds} builds (one indexer, BUILD_CONCURRENCY=1, build threads capped by BUILD_HEAP_MAX_BYTES=1GiB; ${Math.round(b.seconds)} s; highest RSS sampled every 0.5 s: ${Math.round(max)} MiB)`,
    columns: ['after builds', 'RSS MiB'],
    rows: b.marks.map((m) => [m.after, m.rssMiB]),
  };
}

/** Coordinates of each graph and the previous format's parts of the same build under the other prefix. */
async function copyPrevious(a: Storage, b: Storage, graphs: Graph[]): Promise<GraphSizes[]> {
  const sizes: GraphSizes[] = [];
  for (const graph of graphs) {
    const id = graph.indexId!;
    const [meta, parts] = await Promise.all([a.indexStore.getMeta(id), a.indexStore.getArtifacts(id)]);
    if (!meta || !parts?.['index']) throw new Error(`graph ${graph.n} has no compact artifact`);
    const index = openIndexArtifact(parts['index'], parts['vectors']);
    const symbols = Array.from({ length: index.symbols.length }, (_, i) => index.symbolAt(i));
    const step = Math.max(1, Math.floor(symbols.length / 200));
    graph.coordinates = symbols.filter((_, i) => i % step === 0).map((s) => s.coordinate);
    const vectors = index.vectors === undefined ? undefined : symbols.map((_, i) => index.vectors!.subarray(i * index.dimensions, (i + 1) * index.dimensions));
    const previous = serializeSearchIndex(buildSearchIndex(symbols, vectors));
    let previousBytes = 0;
    for (const part of Object.values(previous)) previousBytes += part.byteLength;
    await b.indexStore.ensure(id, graph.sdl, 'default', Date.now());
    await b.indexStore.putArtifacts(id, previous, {
      state: 'ready',
      building: false,
      builtVersion: meta.builtVersion!,
      symbolCount: meta.symbolCount,
      indexedAt: meta.indexedAt ?? Date.now(),
      storedBytes: previousBytes + Buffer.byteLength(graph.sdl),
    });
    // What IndexReader counts: the previous format 3x its parts; the compact one its artifact and heap estimate (no vectors).
    sizes.push({ cacheBytes: { previous: previousBytes * 3, compact: parts['index'].byteLength + index.heapBytes } });
  }
  return sizes;
}

const gc = (globalThis as { gc?: () => void }).gc;

function heapNow(): number {
  gc?.();
  gc?.();
  const m = process.memoryUsage();
  return m.heapUsed + m.arrayBuffers;
}

/** Loads three copies in a frame of its own (nothing of them outlives it), measures, and lets them go. */
function measureLoads(load: () => SearchIndex, query: (i: number) => string, symbols: number): { loadMs: number; loaded: number; searched: number } {
  load();
  const before = heapNow();
  const t = performance.now();
  const held = [load(), load(), load()];
  const loadMs = (performance.now() - t) / 3;
  const loaded = heapNow();
  for (const index of held) for (let i = 0; i < 40; i++) search(index, { query: query(i), limit: 20 });
  const searched = heapNow();
  held.length = 0;
  return { loadMs, loaded: (loaded - before) / 3 / symbols, searched: (searched - before) / 3 / symbols };
}

function measureSchema(sdl: string): number {
  const before = heapNow();
  const kept = [buildSchemaFromSdl(sdl).schema];
  const after = heapNow();
  kept.length = 0;
  return after - before;
}

/** Heap of loaded indexes in this process (gc before and after), after the same searches: the precise per-symbol figure. */
async function inProcessMemory(
  a: Storage,
  b: Storage,
  graphs: Graph[],
  queries: (g: Graph, i: number) => string,
): Promise<{ table: BenchTable; data: unknown }> {
  const rows: (string | number)[][] = [];
  const data: unknown[] = [];
  for (const graph of graphs) {
    const compactParts = (await a.indexStore.getArtifacts(graph.indexId!, ['index']))!;
    const previousParts = (await b.indexStore.getArtifacts(graph.indexId!))!;
    const query = (i: number) => queries(graph, i);
    const previous = measureLoads(() => deserializeSearchIndex(previousParts), query, graph.symbols!);
    await new Promise((r) => setTimeout(r, 50));
    // Each copy reads its own buffer, as each load from Redis does.
    const compact = measureLoads(() => openIndexArtifact(Buffer.from(compactParts['index']!)), query, graph.symbols!);
    await new Promise((r) => setTimeout(r, 50));
    const schemaBytes = measureSchema(graph.sdl);
    rows.push([
      graph.base,
      graph.symbols!,
      previous.loaded,
      previous.searched,
      previous.loadMs,
      compact.loaded,
      compact.searched,
      compact.loadMs,
      previous.searched / compact.searched,
      schemaBytes / graph.symbols!,
    ]);
    data.push({ graph: graph.base, symbols: graph.symbols, previous, compact, schemaBytesPerSymbol: schemaBytes / graph.symbols! });
  }
  return {
    table: {
      title:
        'A loaded index in process (heap + array buffers, gc before and after; 3 copies; "after searches": with the ranking\'s lazy lookups after 40 searches; the graphql-js schema, built only for slices and generation, apart)',
      columns: ['graph', 'symbols', 'previous B/sym', 'after searches', 'load ms', 'compact B/sym', 'after searches', 'load ms', 'ratio', 'schema B/sym'],
      rows,
    },
    data,
  };
}

interface ClassFigures {
  sizeClass: SizeClass;
  loads: number;
  coldMs: number[];
  /** The replica's CPU time of each cold search (load-independent; /proc, 10 ms ticks). */
  coldCpuMs: number[];
  warmMs: number;
  /** Growth of the replica's heap + external memory per loaded symbol (/metrics). */
  bytesPerSymbol: number;
  rssPerSymbol: number;
}

interface FormatFigures {
  idleRssMiB: number;
  classes: ClassFigures[];
  github32: { p50: number; p99: number; perSecond: number; serverCpuMs: number };
  traffic: {
    setup: string;
    figures: TrafficFigures;
    hitRate: number;
    rssMiB: number[];
    /** Where the time goes: replica CPU per request (all threads), event-loop delay p99 / max per replica, evictions. */
    cpuMsPerRequest: number;
    loopP99Ms: number[];
    loopMaxMs: number[];
    evictions: number;
  }[];
}

async function serveFormat(
  context: BenchContext,
  o: Options,
  graphs: Graph[],
  queries: (g: Graph, i: number) => string,
  start: () => Promise<IndexerProcess>,
): Promise<FormatFigures> {
  const first = await openReplica(await start());
  await new Promise((r) => setTimeout(r, 2000));
  const idleRssMiB = (await first.process.rss()) / 1048576;
  const classes: ClassFigures[] = [];
  for (const sizeClass of [...SIZE_CLASSES].reverse()) {
    const chosen = graphs.filter((g) => g.sizeClass === sizeClass).slice(0, o.coldPerClass);
    if (chosen.length === 0) continue;
    const before = await replicaMetrics(first);
    const coldMs: number[] = [];
    const coldCpuMs: number[] = [];
    let warm = 0;
    for (const graph of chosen) {
      const cold = await first.timedSearch(graph.indexId!, queries(graph, 0));
      coldMs.push(cold.ms);
      coldCpuMs.push(cold.cpuMs);
      warm += (await first.timedSearch(graph.indexId!, queries(graph, 1))).ms;
    }
    const after = await replicaMetrics(first);
    const symbols = chosen.reduce((sum, g) => sum + g.symbols!, 0);
    classes.push({
      sizeClass,
      loads: chosen.length,
      coldMs,
      coldCpuMs,
      warmMs: warm / chosen.length,
      bytesPerSymbol: (after.heapAndExternal - before.heapAndExternal) / symbols,
      rssPerSymbol: (after.rss - before.rss) / symbols,
    });
  }
  context.log('  GitHub, one replica, 32 callers');
  const github32 = await first.searchLoad(graphs[0]!.indexId!, (i) => queries(graphs[0]!, i), 32, 4000);
  const traffic: FormatFigures['traffic'] = [];
  const setups: { setup: string; replicas: number; routed: boolean }[] = [
    { setup: '1 replica', replicas: 1, routed: false },
    { setup: '2 replicas, spread', replicas: 2, routed: false },
    { setup: '2 replicas, routed by index', replicas: 2, routed: true },
  ];
  const all: Replica[] = [first];
  for (const s of setups) {
    while (all.length < s.replicas) all.push(await openReplica(await start()));
    const used = all.slice(0, s.replicas);
    context.log(`  Zipf traffic: ${s.setup}`);
    const clients = await Promise.all(used.map((r) => r.trafficClient(32)));
    try {
      await runTraffic({ graphs, replicas: clients, routed: s.routed, callers: 32, seconds: o.seconds / 4, queries, seed: 1 });
      const before = await Promise.all(used.map(replicaMetrics));
      const figures = await runTraffic({ graphs, replicas: clients, routed: s.routed, callers: 32, seconds: o.seconds, queries, seed: 2 });
      const after = await Promise.all(used.map(replicaMetrics));
      const hits = after.reduce((sum, m, k) => sum + m.hits - before[k]!.hits, 0);
      const misses = after.reduce((sum, m, k) => sum + m.misses - before[k]!.misses, 0);
      const cpuSeconds = after.reduce((sum, m, k) => sum + m.cpuSeconds - before[k]!.cpuSeconds, 0);
      traffic.push({
        setup: s.setup,
        figures,
        hitRate: hits / Math.max(1, hits + misses),
        rssMiB: after.map((m) => m.rss / 1048576),
        cpuMsPerRequest: (cpuSeconds * 1000) / Math.max(1, figures.requests),
        loopP99Ms: after.map((m) => m.loopP99Ms),
        loopMaxMs: after.map((m) => m.loopMaxMs),
        evictions: after.reduce((sum, m, k) => sum + m.evicted - before[k]!.evicted, 0),
      });
    } finally {
      for (const c of clients) c.close();
    }
  }
  return { idleRssMiB, classes, github32, traffic };
}

/**
 * A fresh compact-format replica per round and variant (no flags, then `flags`), each measured as
 * `serveFormat` measures the first replica: idle RSS 2 s after start, 4,000 GitHub searches from
 * 32 callers, then the one-replica Zipf traffic (a quarter of the run to warm up, then the run).
 */
async function compareNodeFlags(
  context: BenchContext,
  o: Options,
  flags: string[],
  graphs: Graph[],
  queries: (g: Graph, i: number) => string,
  builder: IndexerProcess,
): Promise<{ table: BenchTable; rows: (string | number)[][] }> {
  const variants = [
    { name: 'no flags', nodeFlags: [] as string[] },
    { name: flags.join(' '), nodeFlags: flags },
  ];
  const rows: (string | number)[][] = [];
  for (let round = 1; round <= o.rounds; round++) {
    for (const variant of variants) {
      context.log(`  round ${round}: ${variant.name}`);
      const loadBefore = loadavg()[0]!;
      const process = await startIndexerProcess(ENV, { replicaOf: builder, nodeFlags: variant.nodeFlags });
      try {
        const replica = await openReplica(process);
        await new Promise((r) => setTimeout(r, 2000));
        const idleRssMiB = (await process.rss()) / 1048576;
        const github = await replica.searchLoad(graphs[0]!.indexId!, (i) => queries(graphs[0]!, i), 32, 4000);
        const client = await replica.trafficClient(32);
        try {
          const traffic = { graphs, replicas: [client], routed: false, callers: 32, queries };
          await runTraffic({ ...traffic, seconds: o.seconds / 4, seed: 1 });
          const before = await replicaMetrics(replica);
          const figures = await runTraffic({ ...traffic, seconds: o.seconds, seed: 2 });
          const after = await replicaMetrics(replica);
          const search = figures.byKind.find((k) => k.kind === 'search')!;
          rows.push([
            variant.name,
            round,
            idleRssMiB,
            github.p50,
            github.p99,
            Math.round(github.perSecond),
            github.serverCpuMs,
            Math.round(figures.perSecond),
            search.p50,
            search.p99,
            ((after.cpuSeconds - before.cpuSeconds) * 1000) / Math.max(1, figures.requests),
            after.loopP99Ms,
            Math.round(after.rss / 1048576),
            `${loadBefore.toFixed(2)} / ${loadavg()[0]!.toFixed(2)}`,
          ]);
        } finally {
          client.close();
        }
      } finally {
        await process.stop();
      }
    }
  }
  return {
    rows,
    table: {
      title: `Node flags of a serving replica: none against \`${flags.join(' ')}\` (compact format, ${graphs.length} graphs, fresh replica per round, alternating)`,
      columns: [
        'flags',
        'round',
        'idle RSS MiB',
        'GitHub 32 callers p50 ms',
        'p99 ms',
        'req/s',
        'CPU ms/req',
        'Zipf req/s',
        'Zipf search p50 ms',
        'Zipf search p99 ms',
        'Zipf CPU ms/req',
        'loop delay p99 ms',
        'RSS after MiB',
        'load 1 min start / end',
      ],
      rows,
    },
  };
}

function servedTables(served: Record<Format, FormatFigures>, graphs: Graph[]): BenchTable[] {
  const classRows = SIZE_CLASSES.flatMap((c) =>
    FORMATS.flatMap((f) => {
      const k = served[f].classes.find((x) => x.sizeClass === c);
      if (!k) return [];
      const sorted = [...k.coldMs].sort((a, b) => a - b);
      const cpu = [...k.coldCpuMs].sort((a, b) => a - b);
      return [[c, f, k.loads, percentile(sorted, 50), sorted[sorted.length - 1]!, percentile(cpu, 50), k.warmMs, k.bytesPerSymbol, k.rssPerSymbol]];
    }),
  );
  const trafficRows = served.compact.traffic.flatMap((_, t) =>
    FORMATS.map((f) => {
      const r = served[f].traffic[t]!;
      const kinds = r.figures.byKind.flatMap((k) => [k.p50, k.p99]);
      return [
        r.setup,
        f,
        r.figures.requests,
        Math.round(r.figures.perSecond),
        r.figures.errors,
        r.figures.retries,
        r.hitRate * 100,
        ...kinds,
        r.rssMiB.map((m) => Math.round(m)).join(' / '),
        r.cpuMsPerRequest,
        r.loopP99Ms.map((m) => m.toFixed(0)).join(' / '),
        r.loopMaxMs.map((m) => m.toFixed(0)).join(' / '),
        r.evictions,
      ];
    }),
  );
  return [
    {
      title: 'A fresh replica: idle RSS, and the first search of an index it does not hold (cold load; one caller; the default cache)',
      columns: ['size class', 'format', 'loads', 'cold p50 ms', 'cold max ms', 'cold CPU ms p50', 'warm ms', 'heap+ext B/sym', 'RSS B/sym'],
      rows: [...FORMATS.map((f) => ['idle RSS MiB', f, 0, served[f].idleRssMiB, 0, 0, 0, 0, 0]), ...classRows],
    },
    {
      title:
        "One replica, 32 callers, warm GitHub index: SearchSchema limit 20 (4,000 searches); 32 / (req/s): the mean time a call waits and runs when 32 are always in flight (Little's law)",
      columns: ['format', 'p50 ms', 'p99 ms', 'req/s', 'server CPU ms/req', '32 / (req/s) ms'],
      rows: FORMATS.map((f) => [
        f,
        served[f].github32.p50,
        served[f].github32.p99,
        Math.round(served[f].github32.perSecond),
        served[f].github32.serverCpuMs,
        (32 * 1000) / served[f].github32.perSecond,
      ]),
    },
    {
      title: `${graphs.length} graphs, Zipf(1) traffic from 32 callers (75 % SearchSchema, 20 % GetSymbols of 5, 5 % GetSchemaSlice), ${cacheMiB === 512 ? 'default cache (512 MiB)' : `INDEX_CACHE_MAX_BYTES ${cacheMiB} MiB`} per replica; ms. CPU ms/req: the replicas' CPU (all threads) per request; loop delay: each replica's event-loop delay over the run`,
      columns: [
        'setup',
        'format',
        'requests',
        'req/s',
        'errors',
        'resent',
        'hit %',
        'search p50',
        'search p99',
        'symbols p50',
        'symbols p99',
        'slice p50',
        'slice p99',
        'RSS MiB per replica',
        'CPU ms/req',
        'loop delay p99 ms',
        'loop delay max ms',
        'evictions',
      ],
      rows: trafficRows,
    },
  ];
}

function simulationTable(graphs: Graph[], sizes: GraphSizes[], served: Record<Format, FormatFigures>): BenchTable {
  const rows: (string | number)[][] = [];
  for (const replicas of [1, 2, 4]) {
    for (const routed of replicas === 1 ? [false] : [false, true]) {
      const row: (string | number)[] = [replicas, routed ? 'routed' : 'spread'];
      for (const format of FORMATS) {
        const coldOf = (c: SizeClass | undefined): number => {
          const k = served[format].classes.find((x) => x.sizeClass === c) ?? served[format].classes[0]!;
          return percentile(
            [...k.coldMs].sort((a, b) => a - b),
            50,
          );
        };
        const measured: SimulatedGraph[] = graphs.map((g, i) => ({ bytes: sizes[i]!.cacheBytes[format], coldMs: coldOf(g.sizeClass) }));
        const result = simulateCaches(measured, 1000, replicas, routed, DEFAULT_CACHE_BYTES);
        row.push(result.hitRate * 100, result.meanLoadMs);
      }
      rows.push(row);
    }
  }
  return {
    title:
      "SIMULATION, not a measurement: 1,000 graphs (the measured graphs' cache sizes, cycled), Zipf(1), 512 MiB cache per replica, cold loads at the measured p50 of their size class",
    columns: ['replicas', 'requests', 'previous hit %', 'previous load ms/request', 'compact hit %', 'compact load ms/request'],
    rows,
  };
}

registerSection({
  name: 'many-graphs',
  description:
    'N graphs (default 200; --quick 40) served from the compact format beside the previous one: memory, cold loads, Zipf traffic on 1 and 2 replicas with and without routing, builds bounded',
  run,
});
