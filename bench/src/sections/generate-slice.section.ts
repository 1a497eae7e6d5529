/**
 * Bench section `generate-slice`: the context the generator gives the model.
 * For every row of bench/data/search it builds the slice exactly as the
 * generator does (words-and-structure search with the prompt, then
 * sliceSchema with mutations off) and reports, per token budget and schema:
 * the share of rows whose slice holds every field coordinate of the gold
 * operation, the share covering all `mustInclude` coordinates, and the median
 * and p90 tokens (o200k). Reference: the best published slicing strategy
 * covers 92.6 % (mustInclude) at a median of 11.8k tokens. Options after
 * `--`: `--budgets 2000,4000`, `--hits 50`.
 */
import { readFile } from 'node:fs/promises';
import { join } from 'node:path';
import { sliceSchema } from '@discovery/generation';
import { LexicalGenerationIndex } from '@discovery/generation/testing';
import { registerSection, type BenchContext, type BenchTable, type SectionResult } from '../bench-section.js';
import { covers, median, operationCoordinates, percentile } from './generate-slice-coverage.js';

interface Row {
  id: string;
  schemaId: string;
  query: string;
  operation: string;
  mustInclude: string[];
}

interface Figures {
  rows: number;
  goldCovered: number;
  mustIncludeCovered: number;
  medianTokens: number;
  p90Tokens: number;
  sliceMs: number;
}

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
  return text
    .split('\n')
    .filter((line) => line.trim() !== '')
    .map((line) => JSON.parse(line) as Row);
}

function summarize(samples: { gold: boolean; must: boolean; tokens: number; ms: number }[]): Figures {
  const share = (count: number): number => (samples.length === 0 ? 0 : (100 * count) / samples.length);
  return {
    rows: samples.length,
    goldCovered: share(samples.filter((s) => s.gold).length),
    mustIncludeCovered: share(samples.filter((s) => s.must).length),
    medianTokens: median(samples.map((s) => s.tokens)),
    p90Tokens: percentile(samples.map((s) => s.tokens), 90),
    sliceMs: median(samples.map((s) => s.ms)),
  };
}

async function run(context: BenchContext): Promise<SectionResult> {
  const dir = join(context.dataDir, 'search');
  const rows = await loadRows(dir);
  const budgets = option(context.args, '--budgets', [2000, 4000, 6000, 8000]);
  const [hitCount = 50] = option(context.args, '--hits', [50]);
  const indexes = new Map<string, LexicalGenerationIndex>();
  for (const schemaId of [...new Set(rows.map((row) => row.schemaId))].sort()) {
    indexes.set(schemaId, new LexicalGenerationIndex(await readFile(join(dir, 'schemas', `${schemaId}.graphql`), 'utf8')));
  }
  const results: { budget: number; schema: string; figures: Figures }[] = [];
  for (const budget of budgets) {
    const bySchema = new Map<string, { gold: boolean; must: boolean; tokens: number; ms: number }[]>();
    for (const row of rows) {
      const index = indexes.get(row.schemaId) as LexicalGenerationIndex;
      const started = performance.now();
      const hits = await index.search({ query: row.query, limit: hitCount, roots: ['query'] });
      const slice = sliceSchema(index.schema, hits.map((hit) => hit.symbol), { roots: ['query'], maxTokens: budget });
      const ms = performance.now() - started;
      const sample = {
        gold: covers(slice.fields, operationCoordinates(index.schema, row.operation)),
        must: covers(slice.fields, row.mustInclude),
        tokens: slice.tokens,
        ms,
      };
      for (const key of [row.schemaId, 'all']) bySchema.set(key, [...(bySchema.get(key) ?? []), sample]);
    }
    for (const [schema, samples] of bySchema) results.push({ budget, schema, figures: summarize(samples) });
    context.log(`generate-slice: budget ${budget} done`);
  }
  const table: BenchTable = {
    title: `schema slice for the model (${hitCount} hits; coverage in percent of rows; tokens o200k)`,
    columns: ['budget', 'schema', 'rows', 'gold op covered %', 'mustInclude covered %', 'median tokens', 'p90 tokens', 'median ms'],
    rows: results.map(({ budget, schema, figures }) => [
      budget, schema, figures.rows, figures.goldCovered, figures.mustIncludeCovered, figures.medianTokens, figures.p90Tokens, figures.sliceMs,
    ]),
  };
  return { tables: [table], data: { hits: hitCount, results, reference: { mustIncludeCovered: 92.6, medianTokens: 11_800 } } };
}

registerSection({
  name: 'generate-slice',
  description: 'coverage and size of the schema slice the generator gives the model, on bench/data/search',
  run,
});
