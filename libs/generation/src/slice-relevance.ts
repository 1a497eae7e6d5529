/**
 * SliceRelevance: how much each type, field and argument of a schema matters
 * to one query, from the search hits (best first, scores normalized to the
 * best) and from the query's words matched against names and enum values.
 * The field slicer spends its token budget in this order.
 */
import { getNamedType, isEnumType, type GraphQLArgument, type GraphQLField, type GraphQLSchema } from 'graphql';
import { identifierTerms, textTerms } from '@discovery/ranking';
import type { SchemaSymbol } from '@discovery/schema-symbols';

/** What the slicer needs of a hit: its symbol and its score. */
export interface SliceHit {
  symbol: Pick<SchemaSymbol, 'coordinate' | 'kind' | 'name' | 'typeName'>;
  score: number;
}

/** Argument names that filter or search a list: worth printing on a relevant list field. */
const FILTER_ARGS = new Set(['query', 'search', 'filter', 'filterBy', 'where', 'searchTerm']);
const TERM_CACHE_MAX = 50_000;
/** Words of names that say how, not what (`ProductConnection`, `codeDiscountNodes`). */
const GENERIC = new Set(['connect', 'edg', 'edge', 'node', 'payload', 'input', 'type', 'get', 'by']);
const termCache = new Map<string, string[]>();

function nameTerms(name: string): string[] {
  let terms = termCache.get(name);
  if (!terms) {
    const all = identifierTerms(name);
    // The last term of a compound is the whole name joined (`pullrequest`): kept for single words only.
    const words = all.length > 1 ? all.slice(0, -1) : all;
    const meaningful = words.filter((term) => !GENERIC.has(term));
    terms = meaningful.length > 0 ? meaningful : words;
    if (termCache.size >= TERM_CACHE_MAX) termCache.clear();
    termCache.set(name, terms);
  }
  return terms;
}

export class SliceRelevance {
  /** Stemmed words of the query. */
  readonly terms: ReadonlySet<string>;
  /** `Type.field` -> normalized hit score (0-1]. */
  readonly fieldHits = new Map<string, number>();
  /** Type name -> relevance (0-1], from hits and names. */
  readonly types = new Map<string, number>();
  /** Input types and enums hit by the search (their arguments become relevant). */
  readonly inputHits = new Set<string>();

  constructor(
    private readonly schema: GraphQLSchema,
    query: string,
    hits: readonly SliceHit[],
  ) {
    this.terms = new Set(textTerms(query));
    const top = hits.reduce((best, hit) => Math.max(best, hit.score), 0) || 1;
    for (const hit of hits) this.addHit(hit, Math.max(0.05, hit.score / top));
    this.addNamedTypes();
  }

  private raise(typeName: string | undefined, value: number): void {
    if (typeName === undefined) return;
    if (value > (this.types.get(typeName) ?? 0)) this.types.set(typeName, value);
  }

  private addHit(hit: SliceHit, rel: number): void {
    const { kind, name, typeName } = hit.symbol;
    if (kind === 'field') {
      if (!this.fieldHits.has(name)) this.fieldHits.set(name, rel);
      this.raise(name.slice(0, name.indexOf('.')), rel * 0.8);
      this.raise(typeName, rel * 0.6);
    } else if (kind === 'input_field') {
      this.inputHits.add(name.slice(0, name.indexOf('.')));
      if (typeName !== undefined) this.inputHits.add(typeName);
    } else if (kind === 'input' || kind === 'enum') {
      this.inputHits.add(name);
    } else if (kind === 'path') {
      this.raise(typeName, rel * 0.7);
    } else if (kind === 'object' || kind === 'interface' || kind === 'union') {
      this.raise(name, rel);
    }
  }

  /** Types whose name is made of query words (`Repository` for "repositories of ..."). */
  private addNamedTypes(): void {
    if (this.terms.size === 0) return;
    for (const type of Object.values(this.schema.getTypeMap())) {
      if (type.name.startsWith('__')) continue;
      const parts = nameTerms(type.name);
      const matched = parts.filter((term) => this.terms.has(term)).length;
      if (matched === 0) continue;
      const share = matched / parts.length;
      this.raise(type.name, share === 1 ? (parts.length === 1 ? 0.9 : 0.8) : 0.4 * share);
    }
  }

  typeScore(typeName: string): number {
    return this.types.get(typeName) ?? 0;
  }

  /** Share of a name's words that are query words (0-1). */
  termMatch(name: string): number {
    if (this.terms.size === 0) return 0;
    const parts = nameTerms(name);
    return parts.filter((term) => this.terms.has(term)).length / parts.length;
  }

  /** Whether an optional argument is worth printing for this query. */
  argumentRelevant(field: GraphQLField<unknown, unknown>, argument: GraphQLArgument, fieldScore: number): boolean {
    if (FILTER_ARGS.has(argument.name) && (fieldScore >= 0.3 || String(field.type).includes('[') || getNamedType(field.type).name.endsWith('Connection'))) return true;
    if (this.termMatch(argument.name) > 0) return true;
    const named = getNamedType(argument.type);
    if (this.inputHits.has(named.name)) return true;
    if (isEnumType(named) && named.getValues().length <= 40) {
      if (named.getValues().some((value) => this.termMatch(value.name) > 0)) return true;
    }
    return field.args.length <= 3 && fieldScore >= 0.6;
  }
}
