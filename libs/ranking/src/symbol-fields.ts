/**
 * The searchable fields of a symbol for BM25F: its own name, its parent type,
 * the type it returns or takes, its argument names and its description. Each
 * field has a weight and a length normalization (see BM25F_FIELDS).
 */
import { TextMemo, type SchemaSymbol } from '@discovery/schema-symbols';
import { identifierTerms, textTerms } from './tokenizer.js';

export const FIELD_NAMES = ['name', 'parent', 'type', 'args', 'description'] as const;
export type FieldName = (typeof FIELD_NAMES)[number];

export interface FieldSpec {
  /** How much one occurrence in this field counts against one in another. */
  weight: number;
  /** BM25 length normalization (0: none, 1: full). */
  b: number;
}

/** Field weights: names carry most of the signal on schemas (see docs/search-quality.md). */
export const BM25F_FIELDS: Readonly<Record<FieldName, FieldSpec>> = {
  name: { weight: 3.0, b: 0.3 },
  parent: { weight: 1.0, b: 0.3 },
  type: { weight: 0.7, b: 0.3 },
  args: { weight: 0.4, b: 0.5 },
  description: { weight: 0.6, b: 0.75 },
};

/** Saturation of the combined term frequency. */
export const BM25_K1 = 1.2;

/** Term lists of a symbol's fields; shared with the memo below, so never mutated. */
export type SymbolFields = Record<FieldName, readonly string[]>;

/** The local name of a member (`details` of `Employee.details`), or the whole name for a type. */
export function localName(symbol: SchemaSymbol): string {
  if (symbol.kind === 'field' || symbol.kind === 'input_field') {
    const dot = symbol.name.lastIndexOf('.');
    return dot >= 0 ? symbol.name.slice(dot + 1) : symbol.name;
  }
  return symbol.name;
}

/** Name of the owning type of a member (`Employee` of `Employee.details`), if any. */
export function parentName(symbol: SchemaSymbol): string | undefined {
  if (symbol.parent !== undefined) {
    const colon = symbol.parent.indexOf(':');
    return colon >= 0 ? symbol.parent.slice(colon + 1) : symbol.parent;
  }
  if (symbol.kind === 'field' || symbol.kind === 'input_field') {
    const dot = symbol.name.lastIndexOf('.');
    return dot >= 0 ? symbol.name.slice(0, dot) : undefined;
  }
  return undefined;
}

/**
 * Extracts the term lists of every BM25F field of a symbol. A frozen symbol cannot change, so its
 * fields are kept with it (a build worker's SymbolMemo hands the same frozen symbols to build after
 * build).
 */
export function symbolFields(symbol: SchemaSymbol): SymbolFields {
  if (!Object.isFrozen(symbol)) return fieldsOf(symbol);
  let fields = frozenFields.get(symbol);
  if (fields === undefined) {
    fields = fieldsOf(symbol);
    frozenFields.set(symbol, fields);
  }
  return fields;
}

const frozenFields = new WeakMap<SchemaSymbol, SymbolFields>();

function fieldsOf(symbol: SchemaSymbol): SymbolFields {
  const parent = parentName(symbol);
  const args = symbol.args ?? [];
  const type = symbol.kind === 'field' || symbol.kind === 'input_field' ? symbol.typeName : undefined;
  return {
    name: identifierMemo.get(localName(symbol)),
    parent: parent === undefined ? NONE : identifierMemo.get(parent),
    type: type === undefined ? NONE : identifierMemo.get(type),
    args: args.length === 0 ? NONE : args.flatMap((a) => identifierMemo.get(a.name)),
    description: symbol.description === undefined ? NONE : descriptionMemo.get(symbol.description),
  };
}

const NONE: readonly string[] = Object.freeze([]);

/**
 * Term lists by their source text. Tokenizing and stemming is most of the cost
 * of a search index, and the same texts come back: type and argument names all
 * over a schema, and 99 % of every text when a schema is rebuilt after a small
 * change (a build worker keeps these memos between builds). Bounded by the
 * characters of their texts: GitHub's schema has about 3,800 distinct
 * identifiers and 5,500 distinct descriptions (300 k characters), Shopify
 * Admin's 6,200 and 9,200 (1 M characters); both fit.
 */
export const IDENTIFIER_MEMO_CHARS = 1024 * 1024;
export const DESCRIPTION_MEMO_CHARS = 4 * 1024 * 1024;

const identifierMemo = new TextMemo<readonly string[]>(IDENTIFIER_MEMO_CHARS, identifierTerms);
const descriptionMemo = new TextMemo<readonly string[]>(DESCRIPTION_MEMO_CHARS, textTerms);
