/**
 * The schema slice: what an operation for a query needs, printed as SDL within
 * an exact o200k token budget. It selects fields, not whole types: root
 * entries of the most relevant types, the search hits best first, a few
 * descriptions, then more fields of the relevant types by relevance per token.
 * The generator, the discovery API (GetSchemaSlice), the MCP tool and the CLI
 * all call sliceSchema.
 */
import { countTokens } from 'gpt-tokenizer';
import {
  getNamedType,
  isAbstractType,
  isInterfaceType,
  isLeafType,
  isObjectType,
  isRequiredArgument,
  isUnionType,
  type GraphQLSchema,
} from 'graphql';
import type { RootOperation } from '@discovery/schema-symbols';
import { FieldSlicer } from './field-slicer.js';
import type { GenerationIndex } from './generation-index.js';
import { SliceRelevance, type SliceHit } from './slice-relevance.js';
import { SliceSelection } from './slice-selection.js';
import { printSelection } from './slice-selection.printer.js';
import { unwrapField } from './slice-paths.js';
import { DEFAULT_SLICE_TOKENS } from '@discovery/proto/limits';

/** Search hits a slice starts from: more for larger budgets (60 at 4k, 80 at 8k, 100 from 12k). */
export function sliceHitCount(maxTokens: number = DEFAULT_SLICE_TOKENS): number {
  return Math.min(100, Math.max(60, Math.round(40 + maxTokens / 200)));
}
const DESCRIBED_HITS = 5;
/** A full slice whose exact size is under this share of the budget is filled once more. */
const REFILL_BELOW = 0.97;
/** An expansion candidate at least this relevant counts as left out (truncated) when it does not fit. */
const RELEVANT_FIELD = 0.3;
const EXPANDED_TYPES = 40;
/** Types with at most this many fields (money, addresses, counts) are worth filling in even when not named. */
const SMALL_TYPE = 8;
const IDENTITY_PRIOR: Record<string, number> = { id: 0.3, name: 0.35, title: 0.35, login: 0.3, handle: 0.25, number: 0.25 };

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
export async function sliceSchema(index: GenerationIndex, query: string, options: SliceSchemaOptions = {}): Promise<SchemaSliceResult> {
  const roots = options.roots && options.roots.length > 0 ? options.roots : (['query'] as const);
  const hits = await index.search({ query, limit: sliceHitCount(options.maxTokens), roots: [...roots] });
  return sliceFromHits(index.schema, query, hits, { ...options, roots });
}

class BudgetedSlice {
  truncated = false;
  private readonly units: number[] = [];

  constructor(
    readonly selection: SliceSelection,
    public cap: number,
  ) {}

  /** Runs one unit of work; keeps it only if the estimate stays within the cap (a relevant unit left out truncates). */
  attempt(work: () => void, relevant = true): boolean {
    const start = this.selection.checkpoint();
    work();
    if (this.selection.estimate > this.cap) {
      this.selection.rollback(start);
      this.truncated ||= relevant;
      return false;
    }
    if (this.selection.checkpoint() > start) this.units.push(this.selection.checkpoint());
    return true;
  }

  full(): boolean {
    return this.selection.estimate >= this.cap - 2;
  }

  /** Drops the last units until the estimate is at most `target`. */
  shrinkTo(target: number): void {
    this.truncated = true;
    while (this.units.length > 0 && this.selection.estimate > target) {
      this.units.pop();
      this.selection.rollback(this.units[this.units.length - 1] ?? 0);
    }
  }
}

/** Slices `schema` for a query from its search hits (best first). */
export function sliceFromHits(schema: GraphQLSchema, query: string, hits: readonly SliceHit[], options: SliceSchemaOptions = {}): SchemaSliceResult {
  const maxTokens = options.maxTokens ?? DEFAULT_SLICE_TOKENS;
  const roots = options.roots && options.roots.length > 0 ? options.roots : (['query'] as const);
  const relevance = new SliceRelevance(schema, query, hits);
  const selection = new SliceSelection(schema, roots.flatMap((op) => schema.getRootType(op)?.name ?? []));
  const budget = new BudgetedSlice(selection, maxTokens);
  const slicer = new FieldSlicer(schema, relevance, selection, roots);
  admitHits(schema, hits, relevance, slicer, budget);
  expand(schema, relevance, slicer, budget);
  let printed = printSelection(schema, selection);
  let tokens = countTokens(printed.sdl);
  if (budget.full() && tokens < maxTokens * REFILL_BELOW) {
    // The line-by-line estimate runs above the exact count: spend what it held back.
    budget.cap = Math.floor((selection.estimate * maxTokens) / tokens) - 4;
    expand(schema, relevance, slicer, budget);
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

/** A type's relevance, or for an abstract type (`GitObject`) the best of its possible types. */
function targetScore(schema: GraphQLSchema, relevance: SliceRelevance, name: string): number {
  const type = schema.getType(name);
  let score = relevance.typeScore(name);
  if (type && isAbstractType(type)) {
    const possible = schema.getPossibleTypes(type);
    if (possible.length <= 30) for (const member of possible) score = Math.max(score, relevance.typeScore(member.name));
  }
  return score;
}

function smallType(schema: GraphQLSchema, name: string): boolean {
  const type = schema.getType(name);
  return (isObjectType(type) || isInterfaceType(type)) && Object.keys(type.getFields()).length <= SMALL_TYPE;
}

/** More fields of the relevant types in the slice, by relevance per token, while the budget lasts. */
function expand(schema: GraphQLSchema, relevance: SliceRelevance, slicer: FieldSlicer, budget: BudgetedSlice): void {
  const selection = budget.selection;
  const rootNames = new Set([schema.getQueryType()?.name, schema.getMutationType()?.name]);
  const weights = [...selection.reached]
    .map((name) => ({ name, weight: Math.max(relevance.typeScore(name), rootNames.has(name) ? 0.5 : smallType(schema, name) ? 0.3 : 0.15) }))
    .sort((a, b) => b.weight - a.weight)
    .slice(0, EXPANDED_TYPES);
  const candidates: { owner: string; field: string; score: number; value: number }[] = [];
  for (const { name, weight } of weights) {
    const type = schema.getType(name);
    if (!isObjectType(type) && !isInterfaceType(type)) continue;
    for (const field of Object.values(type.getFields())) {
      if (field.deprecationReason || selection.has(name, field.name)) continue;
      if (field.args.some((arg) => isRequiredArgument(arg) && !isLeafType(getNamedType(arg.type)))) continue;
      const hit = relevance.fieldHits.get(`${name}.${field.name}`) ?? 0;
      const target = unwrapField(field).target;
      const leaf = isLeafType(getNamedType(field.type));
      const prior = leaf ? (IDENTITY_PRIOR[field.name] ?? 0.08) : 0.4 * targetScore(schema, relevance, target) + 0.02;
      const score = weight * (hit + 0.8 * relevance.termMatch(field.name) + prior);
      candidates.push({ owner: name, field: field.name, score, value: score / Math.sqrt(slicer.lineCost(field, score)) });
    }
  }
  candidates.sort((a, b) => b.value - a.value);
  for (const candidate of candidates) {
    if (budget.full()) return;
    const type = schema.getType(candidate.owner);
    const field = isObjectType(type) || isInterfaceType(type) ? type.getFields()[candidate.field] : undefined;
    if (field) budget.attempt(() => slicer.addField(candidate.owner, field, candidate.score), candidate.score >= RELEVANT_FIELD);
  }
}
