/**
 * The schema slice: what an operation for a query needs, printed as SDL within
 * an exact o200k token budget. It selects fields, not whole types: root
 * entries of the most relevant types, the search hits best first, a few
 * descriptions, then more fields and arguments while the budget lasts
 * (slice-expansion.ts), counted exactly and refilled or trimmed to the budget.
 * The generator, the discovery API (GetSchemaSlice), the MCP tool and the CLI
 * all call sliceSchema.
 */
import { countTokens } from './token-count.js';
import { isInterfaceType, isObjectType, isUnionType, type GraphQLSchema } from 'graphql';
import type { RootOperation } from '@discovery/schema-symbols';
import { FieldSlicer } from './field-slicer.js';
import { BudgetedSlice } from './slice-budget.js';
import { SliceExpansion } from './slice-expansion.js';
import type { SliceSource } from './slice-source.js';
import { SliceRelevance, type SliceHit } from './slice-relevance.js';
import { SliceSelection } from './slice-selection.js';
import { printSelection } from './slice-selection.printer.js';
import { DEFAULT_SLICE_TOKENS } from '@discovery/proto/limits';

/** Search hits a slice starts from: more for larger budgets (60 at 4k, 80 at 8k, 100 from 12k). */
export function sliceHitCount(maxTokens: number = DEFAULT_SLICE_TOKENS): number {
  return Math.min(100, Math.max(60, Math.round(40 + maxTokens / 200)));
}
const DESCRIBED_HITS = 5;
/** A full slice whose exact size is under this share of the budget is filled once more. */
const REFILL_BELOW = 0.97;
const REFILLS = 3;

export interface SliceSchemaOptions {
  /** Upper bound in o200k tokens (default 8000). */
  maxTokens?: number;
  /** Root operations to start from (default: query only). */
  roots?: readonly RootOperation[];
}

export interface SchemaSliceResult {
  sdl: string;
  /** Exact o200k tokens of `sdl`, never over maxTokens. */
  tokens: number;
  /** Every element printed (`object:X`, `field:X.f`, `input:I`, `input_field:I.f`, `enum:E`, `union:U`). */
  coordinates: string[];
  /** Relevant elements were left out for the budget. */
  truncated: boolean;
}

/** Searches `index` for `query` and slices its schema from the hits. */
export async function sliceSchema(index: SliceSource, query: string, options: SliceSchemaOptions = {}): Promise<SchemaSliceResult> {
  const roots = options.roots && options.roots.length > 0 ? options.roots : (['query'] as const);
  const hits = await index.search({ query, limit: sliceHitCount(options.maxTokens), roots: [...roots] });
  return sliceFromHits(index.schema, query, hits, { ...options, roots });
}

/** Slices `schema` for a query from its search hits (best first). */
export function sliceFromHits(schema: GraphQLSchema, query: string, hits: readonly SliceHit[], options: SliceSchemaOptions = {}): SchemaSliceResult {
  const maxTokens = options.maxTokens ?? DEFAULT_SLICE_TOKENS;
  const roots = options.roots && options.roots.length > 0 ? options.roots : (['query'] as const);
  const relevance = new SliceRelevance(schema, query, hits);
  const selection = new SliceSelection(
    schema,
    roots.flatMap((op) => schema.getRootType(op)?.name ?? []),
  );
  const budget = new BudgetedSlice(selection, maxTokens);
  const slicer = new FieldSlicer(schema, relevance, selection, roots);
  const expansion = new SliceExpansion(schema, relevance, slicer, budget);
  admitHits(schema, hits, relevance, slicer, budget);
  expansion.run();
  let printed = printSelection(schema, selection);
  let tokens = countTokens(printed.sdl);
  for (let refill = 0; refill < REFILLS && tokens < maxTokens * REFILL_BELOW; refill += 1) {
    const before = selection.estimate;
    // The line-by-line estimate runs above the exact count: spend what it held back.
    budget.cap = Math.floor((selection.estimate * maxTokens) / tokens) - 4;
    expansion.run();
    if (selection.estimate === before) break;
    printed = printSelection(schema, selection);
    tokens = countTokens(printed.sdl);
  }
  while (tokens > maxTokens) {
    budget.shrinkTo(selection.estimate - (tokens - maxTokens) - 8);
    printed = printSelection(schema, selection);
    tokens = countTokens(printed.sdl);
  }
  return { sdl: printed.sdl, tokens, coordinates: printed.coordinates, truncated: budget.truncated };
}

/** Hits best first; before a hit, the root entries of every type ranked above it. */
function admitHits(schema: GraphQLSchema, hits: readonly SliceHit[], relevance: SliceRelevance, slicer: FieldSlicer, budget: BudgetedSlice): void {
  const types = [...relevance.types]
    .filter(([name]) => {
      const type = schema.getType(name);
      return isObjectType(type) || isInterfaceType(type) || isUnionType(type);
    })
    .sort((a, b) => b[1] - a[1]);
  const top = hits.reduce((best, hit) => Math.max(best, hit.score), 0) || 1;
  let nextType = 0;
  let described = 0;
  for (const hit of hits) {
    const score = hit.score / top;
    for (; nextType < types.length && (types[nextType] as [string, number])[1] >= score; nextType += 1) {
      const [name] = types[nextType] as [string, number];
      budget.attempt(() => slicer.enter(name));
    }
    const describe = hit.symbol.kind === 'field' && described < DESCRIBED_HITS;
    if (budget.attempt(() => slicer.addHit(hit, describe)) && describe) described += 1;
    if (budget.full()) return;
  }
}
