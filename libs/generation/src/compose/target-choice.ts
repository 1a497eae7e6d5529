/**
 * What the prompt is about, from the search hits: a score per type (its own
 * hit, its fields' hits, the types its hit fields return, and its name's
 * words in the prompt), the fields asked for on each type, and the fields that
 * identify an object (`id`, `<type>_id`, else a name-like field).
 */
import { getNamedType, isInterfaceType, isLeafType, isNonNullType, isObjectType, type GraphQLSchema } from 'graphql';
import type { SchemaSymbol } from '@discovery/schema-symbols';
import { nameStems, overlap, splitWords } from './prompt-words.js';
import { connectionNode } from './type-graph.js';

export interface ScoredHit {
  symbol: SchemaSymbol;
  /** Score relative to the best hit (0-1]. */
  weight: number;
}

/** Field hits grouped by their type: type name -> field name -> weight. */
export type FieldWeights = Map<string, Map<string, number>>;

export interface Interest {
  types: Map<string, number>;
  fields: FieldWeights;
}

/** Best weight per type plus a quarter of the rest (at most one more), so hub types do not win by their many fields. */
class TypeTally {
  private readonly weights = new Map<string, number[]>();

  add(type: string, weight: number): void {
    const list = this.weights.get(type) ?? [];
    list.push(weight);
    this.weights.set(type, list);
  }

  scores(): Map<string, number> {
    const out = new Map<string, number>();
    for (const [type, list] of this.weights) {
      const sorted = [...list].sort((a, b) => b - a);
      const rest = sorted.slice(1).reduce((sum, w) => sum + w, 0);
      out.set(type, (sorted[0] ?? 0) + Math.min(1, 0.25 * rest));
    }
    return out;
  }
}

/** The named type a hit's `typeName` leads to: a connection's node type, else itself. */
function nodeTypeOf(schema: GraphQLSchema, typeName: string): string {
  const type = schema.getType(typeName);
  return type ? (connectionNode(type)?.node.name ?? typeName) : typeName;
}

/** Scores types and fields from the hits and the prompt's word stems. */
export function interestOf(schema: GraphQLSchema, hits: readonly ScoredHit[], stems: ReadonlySet<string>): Interest {
  const tally = new TypeTally();
  const fields: FieldWeights = new Map();
  for (const { symbol, weight } of hits) {
    const name = symbol.coordinate.slice(symbol.coordinate.indexOf(':') + 1);
    if (symbol.kind === 'field') {
      const [typeName, fieldName] = name.split('.');
      if (typeName === undefined || fieldName === undefined) continue;
      const type = schema.getType(typeName);
      if (!isObjectType(type) && !isInterfaceType(type)) continue;
      if (schema.getRootType('query')?.name === typeName || schema.getRootType('mutation')?.name === typeName) {
        if (symbol.typeName) tally.add(nodeTypeOf(schema, symbol.typeName), 0.6 * weight);
        continue;
      }
      let byField = fields.get(typeName);
      if (!byField) {
        byField = new Map();
        fields.set(typeName, byField);
      }
      byField.set(fieldName, Math.max(byField.get(fieldName) ?? 0, weight));
      tally.add(typeName, weight);
      if (symbol.typeName && symbol.typeKind !== 'scalar' && symbol.typeKind !== 'enum') tally.add(nodeTypeOf(schema, symbol.typeName), 0.6 * weight);
    } else if (symbol.kind === 'object' || symbol.kind === 'interface') {
      tally.add(nodeTypeOf(schema, name), 1.2 * weight);
    } else if (symbol.kind === 'path' && symbol.typeName) {
      tally.add(nodeTypeOf(schema, symbol.typeName), 0.5 * weight);
    }
  }
  const types = tally.scores();
  for (const [typeName, score] of types) {
    const words = overlap(typeName.replace(/Connection$|Edge$/, ''), stems);
    types.set(typeName, score + 1.5 * words + 3 * fieldCoverage(schema, typeName, stems));
  }
  return { types, fields };
}

/** Share of the prompt's word stems that name a field of `typeName`. */
function fieldCoverage(schema: GraphQLSchema, typeName: string, stems: ReadonlySet<string>): number {
  const type = schema.getType(typeName);
  if (stems.size === 0 || (!isObjectType(type) && !isInterfaceType(type))) return 0;
  const named = new Set<string>();
  for (const field of Object.keys(type.getFields())) for (const part of nameStems(field)) if (stems.has(part)) named.add(part);
  return named.size / stems.size;
}

/** Fields of `typeName` the prompt asks for: hit weight plus name words in the prompt, best first (at most `max`). */
export function askedFields(schema: GraphQLSchema, typeName: string, interest: Interest, stems: ReadonlySet<string>, max = 6, strongHit = 0.45): string[] {
  const type = schema.getType(typeName);
  if (!isObjectType(type) && !isInterfaceType(type)) return [];
  const hitWeights = interest.fields.get(typeName) ?? new Map<string, number>();
  const named: [string, number][] = [];
  const hitOnly: [string, number][] = [];
  for (const field of Object.values(type.getFields())) {
    if (field.deprecationReason) continue;
    if (field.args.some((arg) => isNonNullType(arg.type) && arg.default === undefined && !isLeafType(getNamedType(arg.type)))) continue;
    const words = overlap(field.name, stems);
    const hit = hitWeights.get(field.name) ?? 0;
    if (words >= 0.5) named.push([field.name, hit + words]);
    else if (hit >= strongHit) hitOnly.push([field.name, hit]);
  }
  // Fields named in the prompt first; fields found only by search fill in, at most four of them.
  const best = (list: [string, number][]): [string, number][] => list.sort((a, b) => b[1] - a[1]);
  return [...best(named), ...best(hitOnly).slice(0, 4)].slice(0, max).map(([name]) => name);
}

/** What an object without a name says (a comment's `body`). */
const TEXT_FIELDS = ['body', 'text', 'content', 'message'];

/** Names that say whose an object is as well (`octocat/example`): unique where a bare name is not. */
const QUALIFIED_NAMES = ['nameWithOwner', 'fullName', 'full_name', 'qualifiedName'];

const NAME_LIKE = ['name', 'title', 'login', 'nameWithOwner', 'handle', 'key', 'code', 'displayName', 'email'];

/** Fields that identify an object of `typeName`: `id` with its first name-like field (what a person reads it by) and a qualified name beside it, or `<type>_id`, else the first name-like field. */
export function identifyingFields(schema: GraphQLSchema, typeName: string): string[] {
  const type = schema.getType(typeName);
  if (!isObjectType(type) && !isInterfaceType(type)) return [];
  const fields = type.getFields();
  const usable = (name: string): boolean => {
    const field = fields[name];
    return field !== undefined && isLeafType(getNamedType(field.type)) && !field.args.some((arg) => isNonNullType(arg.type));
  };
  // `login` first: a user or an organization is read by its handle.
  const label = ['login', ...NAME_LIKE].find(usable);
  // A name that repeats across owners (a repository's) comes with the name that does not.
  const qualified = QUALIFIED_NAMES.find(usable);
  const extra = qualified && qualified !== label ? [qualified] : [];
  // An issue or a pull request is read by its number beside its title.
  const numbered = label === 'title' && usable('number') ? ['number'] : [];
  // An object with no name (a comment, a note) is read by its text.
  const text = label ? undefined : TEXT_FIELDS.find(usable);
  if (usable('id')) return label ? ['id', label, ...extra, ...numbered] : text ? ['id', text] : ['id'];
  const words = splitWords(typeName).join('_');
  const ownId = Object.keys(fields).find(
    (name) => usable(name) && (name.toLowerCase() === `${words}_id` || name.toLowerCase() === `${typeName.toLowerCase()}id`),
  );
  if (ownId) return [ownId];
  const named = NAME_LIKE.find(usable);
  if (named) return [named];
  const firstId = Object.keys(fields).find((name) => usable(name) && /(^|_)id$/i.test(name));
  if (firstId) return [firstId];
  const leaves = Object.keys(fields)
    .filter((name) => usable(name) && !fields[name]?.deprecationReason)
    .slice(0, 2);
  if (leaves.length > 0) return leaves;
  const composite = Object.values(fields).find(
    (field) => !field.deprecationReason && !field.args.some((arg) => isNonNullType(arg.type)) && !getNamedType(field.type).name.endsWith('Connection'),
  );
  return composite ? [composite.name] : [];
}

/** Stems of a type's name without Connection/Edge, for matching words. */
export function typeStems(typeName: string): string[] {
  return nameStems(typeName.replace(/Connection$|Edge$/, ''));
}
