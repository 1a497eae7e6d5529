/**
 * Development and held-out splits side by side (issue 22): for each split, requests to change data
 * (any target mutation in the top 10 of an unfiltered search; all rows and plain-words rows) and read
 * questions (field recall@20 and mustInclude coverage@20, quality-metrics.ts), for any ranking
 * options, so the previous release and the current ranking run on the same rows in one process.
 *
 * Splits: the blind rows of issue 22 (bench/data/blind: `"split": "dev"` to tune on, `"heldout"` never
 * looked at one by one), the search benchmark's rows (bench/data/search reads + bench/data/write),
 * and the older held-out rows: the read rows of bench/data/slice-other (their targetFields are the
 * leaf fields of their mustInclude: scalars and enums the gold operation selects) +
 * bench/data/write-other.
 */
import { readFile } from 'node:fs/promises';
import { join } from 'node:path';
import type { EmbeddingProvider } from '@discovery/embeddings';
import { search as currentSearch, type RankingOptions, type SearchHit, type SearchIndex, type SearchRequest } from '@discovery/ranking';
import { z } from 'zod';
import type { BenchTable } from '../bench-section.js';
import { evalRowSchema, type EvalRow } from './eval-dataset.js';
import { scoreRow } from './quality-metrics.js';
import { corpusFromSdl, type SchemaCorpus } from './schema-corpus.js';
import { writeRowFound, type WriteRow } from './write-intent.js';

export interface SplitData {
  name: string;
  reads: readonly EvalRow[];
  writes: readonly WriteRow[];
  corpora: ReadonlyMap<string, SchemaCorpus>;
}

export interface SplitFigures {
  writeRows: number;
  /** % of write rows with a target in the top 10. */
  writeAt10: number;
  plainRows: number;
  /** The same, plain-words (`nl`) rows only. */
  plainAt10: number;
  readRows: number;
  recallAt20: number;
  coverageAt20: number;
}

const pct = (hits: number, total: number): number => (total === 0 ? Number.NaN : (100 * hits) / total);
const mean = (values: readonly number[]): number => (values.length === 0 ? Number.NaN : (100 * values.reduce((a, b) => a + b, 0)) / values.length);

/** A query's vector, when the split's indexes hold vectors of the same model. */
export type QueryVectors = (query: string) => Float32Array | undefined;

/** The search of a ranking build (this one, or the previous release's loaded from its build). */
export type SearchFunction = (index: SearchIndex, request: SearchRequest, options: Readonly<RankingOptions>) => SearchHit[];

/** Figures of one split under one set of ranking options. */
export function splitFigures(
  split: SplitData,
  options: Readonly<RankingOptions>,
  vectors: QueryVectors = () => undefined,
  search: SearchFunction = currentSearch,
): SplitFigures {
  const corpus = (id: string): SchemaCorpus => {
    const found = split.corpora.get(id);
    if (found === undefined) throw new Error(`split ${split.name}: no schema ${id}`);
    return found;
  };
  const request = (query: string, limit: number): { query: string; limit: number; queryVector?: Float32Array } => {
    const queryVector = vectors(query);
    return queryVector === undefined ? { query, limit } : { query, limit, queryVector };
  };
  const found = split.writes.map((row) =>
    writeRowFound(
      row,
      search(corpus(row.schemaId).index, request(row.query, 10), options).map((h) => h.symbol.coordinate),
    ),
  );
  const plain = found.filter((_, i) => split.writes[i]!.style === 'nl');
  const recall: number[] = [];
  const coverage: number[] = [];
  for (const row of split.reads) {
    const { index, mutationRoot } = corpus(row.schemaId);
    const fieldHits = search(index, { ...request(row.query, 20), kinds: ['field'] }, options).map((h) => h.symbol.coordinate);
    const allHits = search(index, request(row.query, 20), options).map((h) => h.symbol.coordinate);
    const scores = scoreRow(row, { fieldHits, allHits }, mutationRoot);
    if (scores.recall[20] !== undefined) recall.push(scores.recall[20]);
    if (scores.coverage[20] !== undefined) coverage.push(scores.coverage[20]);
  }
  return {
    writeRows: found.length,
    writeAt10: pct(found.filter(Boolean).length, found.length),
    plainRows: plain.length,
    plainAt10: pct(plain.filter(Boolean).length, plain.length),
    readRows: split.reads.length,
    recallAt20: mean(recall),
    coverageAt20: mean(coverage),
  };
}

const show = (v: number): string | number => (Number.isNaN(v) ? '-' : Math.round(v * 10) / 10);

/** One line per (split, system). */
export function splitTable(title: string, lines: readonly { split: string; system: string; figures: SplitFigures }[]): BenchTable {
  return {
    title,
    columns: ['split', 'system', 'write rows', 'write @10', 'plain rows', 'plain @10', 'read rows', 'R@20', 'Cov@20'],
    rows: lines.map(({ split, system, figures: f }) => [
      split,
      system,
      f.writeRows,
      show(f.writeAt10),
      f.plainRows,
      show(f.plainAt10),
      f.readRows,
      show(f.recallAt20),
      show(f.coverageAt20),
    ]),
  };
}

const sliceRowSchema = (line: string): { id: string; schemaId: string; query: string; mustInclude: string[] } => JSON.parse(line);

/**
 * The held-out split: read rows of bench/data/slice-other and write rows of bench/data/write-other, on
 * their schemas in test/fixtures/schemas.
 */
export async function heldOutSplit(dataDir: string, writes: readonly WriteRow[], cacheDir: string, provider?: EmbeddingProvider): Promise<SplitData> {
  const text = await readFile(join(dataDir, 'slice-other', 'queries.jsonl'), 'utf8');
  const sliceRows = text
    .split('\n')
    .filter((l) => l.trim().length > 0)
    .map(sliceRowSchema);
  const corpora = new Map<string, SchemaCorpus>();
  for (const schemaId of [...new Set([...sliceRows.map((r) => r.schemaId), ...writes.map((r) => r.schemaId)])].sort()) {
    const sdl = await readFile(join(dataDir, '..', '..', 'test', 'fixtures', 'schemas', `${schemaId}.graphql`), 'utf8');
    corpora.set(schemaId, await corpusFromSdl(sdl, schemaId, provider, cacheDir));
  }
  const reads = sliceRows.map((row): EvalRow => {
    const symbols = corpora.get(row.schemaId)!.index;
    const leaf = (c: string): boolean => {
      const i = symbols.byCoordinate.get(`field:${c}`);
      const kind = i === undefined ? undefined : symbols.symbols[i]!.typeKind;
      return kind === 'scalar' || kind === 'enum';
    };
    const targetFields = row.mustInclude.filter((c) => /^\w+\.\w+$/.test(c) && leaf(c));
    return { id: row.id, schemaId: row.schemaId, query: row.query, targetFields, mustInclude: row.mustInclude, mustExclude: [] };
  });
  return { name: 'held out', reads, writes, corpora };
}

const blindWriteSchema = z.object({
  id: z.string().min(1),
  schemaId: z.string().min(1),
  query: z.string().min(1),
  targets: z.array(z.string()).min(1),
  style: z.enum(['nl', 'kw', 'name']),
  split: z.enum(['dev', 'heldout']),
});
const blindReadSchema = evalRowSchema.extend({ split: z.enum(['dev', 'heldout']) });

/** The blind rows of one split (`dev` or `heldout`) of bench/data/blind, on their own schemas. */
export async function blindSplit(dataDir: string, split: 'dev' | 'heldout', cacheDir: string, provider?: EmbeddingProvider): Promise<SplitData> {
  const dir = join(dataDir, 'blind');
  const lines = async (file: string): Promise<unknown[]> =>
    (await readFile(join(dir, file), 'utf8'))
      .split('\n')
      .filter((l) => l.trim().length > 0)
      .map((l) => JSON.parse(l) as unknown);
  const writes: WriteRow[] = (await lines('write.jsonl')).map((row) => blindWriteSchema.parse(row)).filter((row) => row.split === split);
  const reads = (await lines('read.jsonl')).map((row) => blindReadSchema.parse(row)).filter((row) => row.split === split);
  const corpora = new Map<string, SchemaCorpus>();
  for (const schemaId of [...new Set([...reads.map((r) => r.schemaId), ...writes.map((r) => r.schemaId)])].sort()) {
    const sdl = await readFile(join(dir, 'schemas', `${schemaId}.graphql`), 'utf8');
    corpora.set(schemaId, await corpusFromSdl(sdl, schemaId, provider, cacheDir));
  }
  return { name: split === 'dev' ? 'blind dev' : 'blind held out', reads, writes, corpora };
}
