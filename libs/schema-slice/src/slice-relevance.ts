/**
 * SliceRelevance: how much each type, field and argument of a schema matters
 * to one query, from the search hits (best first, scores normalized to the
 * best) and from the query's words matched against names and enum values.
 * The field slicer spends its token budget in this order.
 */
import { getNamedType, isEnumType, type GraphQLArgument, type GraphQLField, type GraphQLSchema } from 'graphql';
import { identifierTerms, splitIdentifier, stem, textTerms } from '@discovery/ranking';
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
/** Words that ask for an order (`most recent`, `top 5`, `oldest`): ordering arguments become relevant. */
const ORDERING =
  /\b(most|least|latest|newest|oldest|earliest|recent|recently|top|highest|lowest|largest|smallest|biggest|sorted|sort|ranked|ascending|descending|alphabetical(ly)?)\b/i;
/** Words of a time window (`past two weeks`, `since May`, `2026-06-05`): date and time arguments become relevant. */
const TIME_WINDOW = /\b(since|ago|past|last|yesterday|today|this (week|month|year|quarter)|between|until|during|\d{4}-\d{2}-\d{2})\b/i;
/** Arguments that page a list from its end. */
const BACKWARD_ARGS = new Set(['last', 'before']);
/** "last 10", "final five": the end of a list. */
const FROM_END = /\b(last|final)\s+(\d+|two|three|four|five|ten|few)\b/i;
/** Argument names that order a list. */
const ORDER_ARGS = new Set(['orderBy', 'sortKey', 'sortBy', 'sort', 'order', 'reverse', 'direction', 'sortDirection']);
const DATE_TYPE = /(date|time|timestamp)/i;
/** Enums with more values than this are not matched value by value. */
const MAX_MATCHED_ENUM = 400;
const singleWordTypes = new WeakMap<GraphQLSchema, Set<string>>();
const typeWordRarities = new WeakMap<GraphQLSchema, Map<string, number>>();
/** Relevance of a type whose name is only partly made of query words, at most. */
const PARTIAL_TYPE_MATCH = 0.4;

/** How rare each word is among a set of names: ln(1 + names / names with the word). */
function wordRarity(names: readonly string[]): Map<string, number> {
  const counts = new Map<string, number>();
  for (const name of names) for (const term of new Set(nameTerms(name))) counts.set(term, (counts.get(term) ?? 0) + 1);
  return new Map([...counts].map(([term, count]) => [term, Math.log(1 + names.length / count)]));
}

/** How rare each word of a type name is among the schema's type names. */
function typeWordRarity(schema: GraphQLSchema): Map<string, number> {
  let rarity = typeWordRarities.get(schema);
  if (!rarity) {
    rarity = wordRarity(Object.keys(schema.getTypeMap()).filter((name) => !name.startsWith('__')));
    typeWordRarities.set(schema, rarity);
  }
  return rarity;
}

const fieldWordRarities = new WeakMap<GraphQLSchema, Map<string, number>>();

/** How rare each word of a field name is among the schema's distinct field names. */
function fieldWordRarity(schema: GraphQLSchema): Map<string, number> {
  let rarity = fieldWordRarities.get(schema);
  if (!rarity) {
    const names = new Set<string>();
    for (const type of Object.values(schema.getTypeMap())) {
      if (type.name.startsWith('__') || !('getFields' in type)) continue;
      for (const name of Object.keys(type.getFields())) names.add(name);
    }
    rarity = wordRarity([...names]);
    fieldWordRarities.set(schema, rarity);
  }
  return rarity;
}

/** Stems of the schema's one-word type names (`Return`, `Order`). */
function typeWords(schema: GraphQLSchema): Set<string> {
  let words = singleWordTypes.get(schema);
  if (!words) {
    words = new Set();
    for (const name of Object.keys(schema.getTypeMap())) {
      const parts = splitIdentifier(name);
      if (parts.length === 1 && parts[0] !== undefined) words.add(stem(parts[0]));
    }
    singleWordTypes.set(schema, words);
  }
  return words;
}

/**
 * The query's terms: its words without stop words, stemmed; a stop word that is also
 * the whole name of a type in the schema (`returns` when there is a `Return`) stays.
 */
function queryTerms(schema: GraphQLSchema, query: string): Set<string> {
  const terms = new Set(textTerms(query));
  const types = typeWords(schema);
  for (const word of splitIdentifier(query)) {
    const stemmed = stem(word);
    if (!terms.has(stemmed) && textTerms(word).length === 0 && types.has(stemmed)) terms.add(stemmed);
  }
  return terms;
}

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
  /** The query asks for an order (ordering arguments are relevant). */
  readonly ordering: boolean;
  /** The query names a time window (date and time arguments are relevant). */
  readonly timeWindow: boolean;
  /** The query asks for the end of a list ("last 10"): backward paging arguments are relevant. */
  readonly fromEnd: boolean;
  private readonly enumMatches = new Map<string, boolean>();

  constructor(
    private readonly schema: GraphQLSchema,
    query: string,
    hits: readonly SliceHit[],
  ) {
    this.terms = queryTerms(schema, query);
    this.ordering = ORDERING.test(query);
    this.timeWindow = TIME_WINDOW.test(query);
    this.fromEnd = FROM_END.test(query);
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
    const rarity = typeWordRarity(this.schema);
    for (const type of Object.values(this.schema.getTypeMap())) {
      if (type.name.startsWith('__')) continue;
      const parts = nameTerms(type.name);
      const matched = parts.filter((term) => this.terms.has(term)).length;
      if (matched === 0) continue;
      if (matched === parts.length) {
        this.raise(type.name, parts.length === 1 ? 0.9 : 0.8);
        continue;
      }
      // A partial match counts each word by how rare it is among type names: `Reopened` of
      // `ReopenedEvent` says more than `Event`, which a hundred type names share.
      let matchedWeight = 0;
      let allWeight = 0;
      for (const term of parts) {
        const weight = rarity.get(term) ?? 1;
        allWeight += weight;
        if (this.terms.has(term)) matchedWeight += weight;
      }
      this.raise(type.name, PARTIAL_TYPE_MATCH * (matchedWeight / allWeight));
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

  /** Like termMatch, each word weighed by how rare it is among field names (`events` of `eventsCount` more than `count`). */
  fieldTermMatch(name: string): number {
    if (this.terms.size === 0) return 0;
    const rarity = fieldWordRarity(this.schema);
    let matched = 0;
    let all = 0;
    for (const term of nameTerms(name)) {
      const weight = rarity.get(term) ?? 1;
      all += weight;
      if (this.terms.has(term)) matched += weight;
    }
    return all > 0 ? matched / all : 0;
  }

  /** The query names a time window or an order: dates matter. */
  wantsDates(): boolean {
    return this.timeWindow || this.ordering;
  }

  /** Whether a scalar is a date or a time (`DateTime`, `GitTimestamp`). */
  isDate(typeName: string): boolean {
    return DATE_TYPE.test(typeName);
  }

  /** Whether one of an enum's values is made of query words (`CLOSED` for "closed issues"). */
  enumMatch(typeName: string): boolean {
    let matched = this.enumMatches.get(typeName);
    if (matched === undefined) {
      const type = this.schema.getType(typeName);
      matched = isEnumType(type) && type.getValues().length <= MAX_MATCHED_ENUM && type.getValues().some((value) => this.termMatch(value.name) === 1);
      this.enumMatches.set(typeName, matched);
    }
    return matched;
  }

  /**
   * Whether the values of an enum that a printed field returns are worth printing before
   * budget is spare: the query names a value (`CLOSED`), the search found the enum, or its
   * name is mostly query words. An operation selects such a field without its values;
   * arguments always show theirs.
   */
  outputEnumRelevant(typeName: string): boolean {
    return this.inputHits.has(typeName) || this.typeScore(typeName) >= 0.3 || this.enumMatch(typeName);
  }

  /** Whether an optional argument is worth printing for this query. */
  argumentRelevant(field: GraphQLField<unknown, unknown>, argument: GraphQLArgument, fieldScore: number): boolean {
    const list = String(field.type).includes('[') || getNamedType(field.type).name.endsWith('Connection');
    if (FILTER_ARGS.has(argument.name) && (fieldScore >= 0.3 || list)) return true;
    // Paging backward reads the end of a list ("last 10").
    if (list && BACKWARD_ARGS.has(argument.name) && this.fromEnd) return true;
    if (this.termMatch(argument.name) > 0) return true;
    const named = getNamedType(argument.type);
    if (this.inputHits.has(named.name)) return true;
    if (list && this.ordering && (ORDER_ARGS.has(argument.name) || named.name.endsWith('Order') || named.name.endsWith('SortKeys'))) return true;
    if (this.timeWindow && DATE_TYPE.test(named.name)) return true;
    if (this.enumMatch(named.name)) return true;
    return field.args.length <= 3 && fieldScore >= 0.6;
  }
}
