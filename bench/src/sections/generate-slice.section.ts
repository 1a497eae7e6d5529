/**
 * Bench section `generate-slice`: the schema slice a model reads before it
 * writes an operation. For every row of bench/data/search it slices the
 * row's schema for the row's question with the field slicer (sliceSchema:
 * search, then fields within an exact o200k budget) and, in the same run, the
 * previous whole-type slicer (sliceSchemaByHits over the same 50 hits), and
 * grades both strictly (generate-slice-coverage.ts): per budget, slicer and
 * schema, the share of rows with every `mustInclude` entry printed
 * ("perfect"), the mean share printed, tokens (median, p90, max), slices over
 * budget and the median time of one slice (search included). Reference: the
 * best published slicer, 92.6 % perfect (GitHub 86.5 %, Shopify 89.5 %) at a
 * median of 11.8k tokens. The same tables for 60 held-out rows on five other
 * schemas (bench/data/slice-other, written blind, never tuned on) check that
 * the rules carry over. Options after `--`: `--budgets 4000,8000`.
 */
import { readFile } from 'node:fs/promises';
import { join } from 'node:path';
import { sliceSchema, sliceSchemaByHits } from '@discovery/generation';
import { LexicalGenerationIndex } from '@discovery/generation/testing';
import { countTokens } from 'gpt-tokenizer';
import { registerSection, type BenchContext, type BenchTable, type SectionResult } from '../bench-section.js';
import { median, percentile, presentShare, printedElements } from './generate-slice-coverage.js';

interface Row {
  id: string;
  schemaId: string;
  query: string;
  mustInclude: string[];
}

interface Sample {
  share: number;
  tokens: number;
  ms: number;
  over: boolean;
}

type Slicer = 'field' | 'previous';

function option(args: readonly string[], name: string, fallback: number[]): number[] {
  const at = args.indexOf(name);
  const value = at === -1 ? undefined : args[at + 1];
  if (value === undefined) return fallback;
  const numbers = value.split(',').map(Number);
  if (numbers.some((n) => !Number.isInteger(n) || n <= 0)) throw new Error(`${name} takes positive integers, got ${value}`);
  return numbers;
}

async function loadRows(dir: string): Promise<Row[]> {
  const text = await readFile(join(dir, 'queries.jsonl'), 'utf8');
  return text.split('\n').filter((line) => line.trim() !== '').map((line) => JSON.parse(line) as Row);
}

async function sliceRow(index: LexicalGenerationIndex, row: Row, slicer: Slicer, budget: number): Promise<Sample> {
  const started = performance.now();
  let sdl: string;
  let tokens: number;
  if (slicer === 'field') {
    ({ sdl, tokens } = await sliceSchema(index, row.query, { maxTokens: budget, roots: ['query'] }));
  } else {
    const hits = await index.search({ query: row.query, limit: 50, roots: ['query'] });
    ({ sdl, tokens } = sliceSchemaByHits(index.schema, hits.map((hit) => hit.symbol), { roots: ['query'], maxTokens: budget }));
  }
  const ms = performance.now() - started;
  if (tokens !== countTokens(sdl)) throw new Error(`${row.id}: reported ${tokens} tokens, counted ${countTokens(sdl)}`);
  return { share: presentShare(printedElements(sdl), row.mustInclude), tokens, ms, over: tokens > budget };
}

function summarize(samples: readonly Sample[]): (number | string)[] {
  const tokens = samples.map((s) => s.tokens);
  return [
    samples.length,
    (100 * samples.filter((s) => s.share === 1).length) / samples.length,
    (100 * samples.reduce((sum, s) => sum + s.share, 0)) / samples.length,
    median(tokens),
    percentile(tokens, 90),
    Math.max(...tokens),
    samples.filter((s) => s.over).length,
    median(samples.map((s) => s.ms)),
  ];
}

interface SliceSet {
  rows: Row[];
  indexes: Map<string, LexicalGenerationIndex>;
}

async function loadSet(rowsDir: string, schemasDir: string): Promise<SliceSet> {
  const rows = await loadRows(rowsDir);
  const indexes = new Map<string, LexicalGenerationIndex>();
  for (const schemaId of [...new Set(rows.map((row) => row.schemaId))].sort()) {
    indexes.set(schemaId, new LexicalGenerationIndex(await readFile(join(schemasDir, `${schemaId}.graphql`), 'utf8')));
  }
  return { rows, indexes };
}

type Result = { budget: number; slicer: Slicer; schema: string; figures: (number | string)[] };

async function measure(context: BenchContext, name: string, set: SliceSet, budgets: readonly number[]): Promise<Result[]> {
  const results: Result[] = [];
  for (const budget of budgets) {
    for (const slicer of ['field', 'previous'] as const) {
      const bySchema = new Map<string, Sample[]>();
      for (const row of set.rows) {
        const sample = await sliceRow(set.indexes.get(row.schemaId) as LexicalGenerationIndex, row, slicer, budget);
        for (const key of [row.schemaId, 'all']) bySchema.set(key, [...(bySchema.get(key) ?? []), sample]);
      }
      for (const [schema, samples] of [...bySchema].sort(([a], [b]) => a.localeCompare(b))) {
        results.push({ budget, slicer, schema, figures: summarize(samples) });
      }
      context.log(`generate-slice: ${name}, budget ${budget}, ${slicer} slicer done`);
    }
  }
  return results;
}

const COLUMNS = ['budget', 'slicer', 'schema', 'rows', 'perfect %', 'mean present %', 'median tokens', 'p90 tokens', 'max tokens', 'over budget', 'median ms'];

async function run(context: BenchContext): Promise<SectionResult> {
  const budgets = option(context.args, '--budgets', [4000, 8000, 12000]);
  const development = await loadSet(join(context.dataDir, 'search'), join(context.dataDir, 'search', 'schemas'));
  // Written blind on five other schemas and never tuned on (bench/data/slice-other/SOURCES.md).
  const heldOut = await loadSet(join(context.dataDir, 'slice-other'), join(context.dataDir, '..', '..', 'test', 'fixtures', 'schemas'));
  const results = await measure(context, 'development', development, budgets);
  const heldOutResults = await measure(context, 'held out', heldOut, budgets);
  const table = (title: string, of: Result[]): BenchTable => ({
    title,
    columns: COLUMNS,
    rows: of.map(({ budget, slicer, schema, figures }) => [budget, slicer, schema, ...figures]),
  });
  const reference = { perfect: 92.6, github: 86.5, shopify: 89.5, medianTokens: 11_800 };
  return {
    tables: [
      table('schema slice, development rows (bench/data/search), strict grading of mustInclude (perfect = every entry printed; tokens o200k; ms include the search)', results),
      table('schema slice, held-out rows on five other schemas (bench/data/slice-other, written blind), same grading', heldOutResults),
    ],
    data: { results, heldOutResults, reference },
  };
}

registerSection({
  name: 'generate-slice',
  description: 'the schema slice (field slicer beside the previous one), strictly graded on bench/data/search',
  run,
});
