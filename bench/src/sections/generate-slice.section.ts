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
 * the rules carry over. More views of users, same columns:
 * - requests to change data (bench/data/write, and write-other held out), sliced
 *   from the query and mutation roots: a row counts when one of its target
 *   mutations is printed with its required arguments and their input types;
 * - tiny schemas (NL2GQL, bench/data/generate): every field and argument of the
 *   gold operation;
 * - names and coordinates (the search section's name probes, on two development
 *   and three other schemas): the named field printed;
 * - the development rows typed with short forms (`repo`, `org`, `PRs`:
 *   search-quality/abbreviated-rows.ts).
 * Options after `--`: `--budgets 4000,8000`.
 */
import { readdir, readFile } from 'node:fs/promises';
import { join } from 'node:path';
import { getNamedType, isInputObjectType, isRequiredArgument, type GraphQLSchema } from 'graphql';
import { sliceSchemaByHits } from '../previous-slicer/whole-type-slicer.js';
import { sliceSchema } from '@discovery/schema-slice';
import { LexicalSchemaIndex } from '@discovery/schema-slice/testing';
import { extractSymbols, type RootOperation } from '@discovery/schema-symbols';
import { countTokens } from 'gpt-tokenizer';
import { registerSection, type BenchContext, type BenchTable, type SectionResult } from '../bench-section.js';
import { loadComposeRows } from '../compose/compose-rows.js';
import { nameProbes } from '../search-quality/name-probes.js';
import { abbreviatedRows } from '../search-quality/abbreviated-rows.js';
import { median, operationCoordinates, percentile, presentShare, printedElements } from './generate-slice-coverage.js';

interface Row {
  id: string;
  /** The schema, or the group the row is reported under. */
  schemaId: string;
  query: string;
  /** Sets of entries that must all be printed; the best one counts (one set for read rows, one per target mutation for write rows). */
  alternatives: string[][];
  roots: RootOperation[];
}

interface Sample {
  share: number;
  tokens: number;
  ms: number;
  over: boolean;
}

type Slicer = 'field' | 'previous';
/** Name probes drawn per schema (a third from the mutation root). */
const NAME_PROBES = 60;

function option(args: readonly string[], name: string, fallback: number[]): number[] {
  const at = args.indexOf(name);
  const value = at === -1 ? undefined : args[at + 1];
  if (value === undefined) return fallback;
  const numbers = value.split(',').map(Number);
  if (numbers.some((n) => !Number.isInteger(n) || n <= 0)) throw new Error(`${name} takes positive integers, got ${value}`);
  return numbers;
}

async function jsonLines(file: string): Promise<Record<string, unknown>[]> {
  const text = await readFile(file, 'utf8');
  return text
    .split('\n')
    .filter((line) => line.trim() !== '')
    .map((line) => JSON.parse(line) as Record<string, unknown>);
}

/** Read rows (`mustInclude`), sliced from the query root. */
async function loadReadRows(dir: string): Promise<Row[]> {
  return (await jsonLines(join(dir, 'queries.jsonl'))).map((row) => ({
    id: String(row['id']),
    schemaId: String(row['schemaId']),
    query: String(row['query']),
    alternatives: [row['mustInclude'] as string[]],
    roots: ['query'],
  }));
}

/** What an operation needs of a mutation: the field, its required arguments, and their input types. */
function mutationNeeds(schema: GraphQLSchema, target: string): string[] {
  const name = target.slice(target.indexOf('.') + 1);
  const mutation = schema.getMutationType();
  const field = mutation?.getFields()[name];
  if (!mutation || !field) throw new Error(`${target} is not a mutation of the schema`);
  const needs = [`${mutation.name}.${name}`];
  for (const arg of field.args.filter(isRequiredArgument)) {
    needs.push(`${mutation.name}.${name}(${arg.name}:)`);
    const type = getNamedType(arg.type);
    if (isInputObjectType(type)) needs.push(type.name);
  }
  return needs;
}

/** Write rows (`targets`: any one will do), sliced from the query and mutation roots. */
async function loadWriteRows(dir: string, indexFor: (schemaId: string) => Promise<LexicalSchemaIndex>): Promise<Row[]> {
  const rows: Row[] = [];
  for (const file of (await readdir(dir)).filter((name) => name.endsWith('.jsonl')).sort()) {
    for (const row of await jsonLines(join(dir, file))) {
      const schemaId = String(row['schemaId']);
      const schema = (await indexFor(schemaId)).schema;
      const alternatives = (row['targets'] as string[]).map((target) => mutationNeeds(schema, target));
      rows.push({ id: String(row['id']), schemaId, query: String(row['query']), alternatives, roots: ['query', 'mutation'] });
    }
  }
  return rows;
}

async function sliceRow(index: LexicalSchemaIndex, row: Row, slicer: Slicer, budget: number): Promise<Sample> {
  const started = performance.now();
  let sdl: string;
  let tokens: number;
  if (slicer === 'field') {
    ({ sdl, tokens } = await sliceSchema(index, row.query, { maxTokens: budget, roots: row.roots }));
  } else {
    const hits = await index.search({ query: row.query, limit: 50, roots: row.roots });
    ({ sdl, tokens } = sliceSchemaByHits(
      index.schema,
      hits.map((hit) => hit.symbol),
      { roots: row.roots, maxTokens: budget },
    ));
  }
  const ms = performance.now() - started;
  if (tokens !== countTokens(sdl)) throw new Error(`${row.id}: reported ${tokens} tokens, counted ${countTokens(sdl)}`);
  const printed = printedElements(sdl);
  const share = Math.max(...row.alternatives.map((needs) => presentShare(printed, needs)));
  return { share, tokens, ms, over: tokens > budget };
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
  /** The index each row is sliced on, by row id. */
  indexes: Map<string, LexicalSchemaIndex>;
}

/** Indexes of the schemas in one folder, built once each. */
function schemaFolder(dir: string): (schemaId: string) => Promise<LexicalSchemaIndex> {
  const built = new Map<string, Promise<LexicalSchemaIndex>>();
  return (schemaId) => {
    let index = built.get(schemaId);
    if (!index) {
      index = readFile(join(dir, `${schemaId}.graphql`), 'utf8').then((sdl) => new LexicalSchemaIndex(sdl));
      built.set(schemaId, index);
    }
    return index;
  };
}

async function withIndexes(rows: Row[], indexFor: (schemaId: string) => Promise<LexicalSchemaIndex>): Promise<SliceSet> {
  const indexes = new Map<string, LexicalSchemaIndex>();
  for (const row of rows) indexes.set(row.id, await indexFor(row.schemaId));
  return { rows, indexes };
}

/** Name probes asked by bare name and by coordinate; the named field must be printed. */
async function loadNameSet(schemas: [string, (schemaId: string) => Promise<LexicalSchemaIndex>][]): Promise<SliceSet> {
  const set: SliceSet = { rows: [], indexes: new Map() };
  for (const [schemaId, indexFor] of schemas) {
    const index = await indexFor(schemaId);
    for (const probe of nameProbes(extractSymbols(index.schema), index.schema.getMutationType()?.name, NAME_PROBES)) {
      for (const [style, query] of [
        ['name', probe.name],
        ['coordinate', probe.typeDotField],
      ] as const) {
        const id = `${schemaId} ${style} ${query}`;
        set.rows.push({ id, schemaId: `${schemaId}, by ${style}`, query, alternatives: [[probe.typeDotField]], roots: ['query', 'mutation'] });
        set.indexes.set(id, index);
      }
    }
  }
  return set;
}

/** NL2GQL rows on tiny schemas, graded on every field and argument of the gold operation. */
async function loadTinySet(dataDir: string): Promise<SliceSet> {
  const { rows } = await loadComposeRows(dataDir, ['nl2gql']);
  const set: SliceSet = { rows: [], indexes: new Map() };
  for (const [at, row] of rows.entries()) {
    const id = `nl2gql-${at}`;
    set.rows.push({
      id,
      schemaId: row.schema,
      query: row.prompt,
      alternatives: [operationCoordinates(row.index.schema, row.gold, { withArguments: true })],
      roots: ['query'],
    });
    set.indexes.set(id, row.index);
  }
  return set;
}

type Result = { budget: number; slicer: Slicer; schema: string; figures: (number | string)[] };

async function measure(context: BenchContext, name: string, set: SliceSet, budgets: readonly number[]): Promise<Result[]> {
  const results: Result[] = [];
  for (const budget of budgets) {
    for (const slicer of ['field', 'previous'] as const) {
      const bySchema = new Map<string, Sample[]>();
      for (const row of set.rows) {
        const sample = await sliceRow(set.indexes.get(row.id) as LexicalSchemaIndex, row, slicer, budget);
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
  const developmentSchemas = schemaFolder(join(context.dataDir, 'search', 'schemas'));
  const otherSchemas = schemaFolder(join(context.dataDir, '..', '..', 'test', 'fixtures', 'schemas'));
  const development = await withIndexes(await loadReadRows(join(context.dataDir, 'search')), developmentSchemas);
  // Written blind on five other schemas and never tuned on (bench/data/slice-other/SOURCES.md).
  const heldOut = await withIndexes(await loadReadRows(join(context.dataDir, 'slice-other')), otherSchemas);
  const write = await withIndexes(await loadWriteRows(join(context.dataDir, 'write'), developmentSchemas), developmentSchemas);
  const writeOther = await withIndexes(await loadWriteRows(join(context.dataDir, 'write-other'), otherSchemas), otherSchemas);
  const tiny = await loadTinySet(context.dataDir);
  const names = await loadNameSet([
    ['github', developmentSchemas],
    ['shopify', developmentSchemas],
    ['saleor', otherSchemas],
    ['artsy-metaphysics-v2', otherSchemas],
    ['anilist', otherSchemas],
  ]);
  const shortForms = await withIndexes(abbreviatedRows(development.rows), developmentSchemas);
  const results = await measure(context, 'development', development, budgets);
  const heldOutResults = await measure(context, 'held out', heldOut, budgets);
  const writeResults = await measure(context, 'write requests', write, budgets);
  const writeOtherResults = await measure(context, 'write requests held out', writeOther, budgets);
  const tinyResults = await measure(context, 'tiny schemas', tiny, budgets);
  const nameResults = await measure(context, 'names and coordinates', names, budgets);
  const shortFormResults = await measure(context, 'short forms', shortForms, budgets);
  const table = (title: string, of: Result[]): BenchTable => ({
    title,
    columns: COLUMNS,
    rows: of.map(({ budget, slicer, schema, figures }) => [budget, slicer, schema, ...figures]),
  });
  const reference = { perfect: 92.6, github: 86.5, shopify: 89.5, medianTokens: 11_800 };
  return {
    tables: [
      table(
        'schema slice, development rows (bench/data/search), strict grading of mustInclude (perfect = every entry printed; tokens o200k; ms include the search)',
        results,
      ),
      table('schema slice, held-out rows on five other schemas (bench/data/slice-other, written blind), same grading', heldOutResults),
      table(
        'schema slice, requests to change data (bench/data/write; query and mutation roots): perfect = a target mutation printed with its required arguments and their input types',
        writeResults,
      ),
      table('schema slice, requests to change data on another schema (bench/data/write-other, held out), same grading', writeOtherResults),
      table('schema slice, tiny schemas (NL2GQL, bench/data/generate): every field and argument of the gold operation', tinyResults),
      table(
        `schema slice, names and coordinates (${NAME_PROBES} name probes per schema, each by bare name and by coordinate; query and mutation roots): perfect = the named field printed`,
        nameResults,
      ),
      table(
        `schema slice, development rows typed with short forms (repo, org, PRs, env, ...: ${shortForms.rows.length} rows), strict grading`,
        shortFormResults,
      ),
    ],
    data: { results, heldOutResults, writeResults, writeOtherResults, tinyResults, nameResults, shortFormResults, reference },
  };
}

registerSection({
  name: 'generate-slice',
  description: 'the schema slice (field slicer beside the previous one), strictly graded on bench/data/search',
  run,
});
