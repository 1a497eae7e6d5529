/**
 * Bench section `search-quality`: field recall, mustInclude coverage, perfect
 * rows and mutation leaks on bench/data/search (see quality-metrics.ts for the
 * counting rules), for our ranking (words only, and words + vectors when an
 * embedding provider loads) against the naive baseline; plus in-process search
 * latency. Options after `--`: `--no-vectors`.
 */
import { join } from 'node:path';
import { StaticEmbeddingProvider, type EmbeddingProvider } from '@discovery/embeddings';
import { DEFAULT_RANKING_OPTIONS, search, type RankingOptions } from '@discovery/ranking';
import { registerSection, type BenchContext, type SectionResult } from '../bench-section.js';
import { loadEvalRows, type EvalRow } from '../search-quality/eval-dataset.js';
import { evaluateSystem, type Ranker, type SystemRun } from '../search-quality/evaluate.js';
import { naiveSearch } from '../search-quality/naive-baseline.js';
import { qualityTable } from '../search-quality/quality-report.js';
import { referenceTable } from '../search-quality/reference-systems.js';
import { loadCorpus, type SchemaCorpus } from '../search-quality/schema-corpus.js';
import { measureLatency } from '../search-quality/search-latency.js';

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
  return {
    tables: [
      qualityTable('search quality (percent; ratios to the naive baseline)', groups, BASELINE),
      referenceTable(systems[1]!.run.groups['all']!),
      latency.table,
    ],
    data: {
      rows: rows.length,
      systems: systems.map((s) => ({ system: s.system, groups: s.run.groups })),
      perRow: systems.map((s) => ({ system: s.system, rows: s.run.rows })),
      latency: latency.figures,
      embeddingModel: provider?.id,
    },
  };
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
