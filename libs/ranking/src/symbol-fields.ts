/**
 * The searchable fields of a symbol for BM25F: its own name, its parent type,
 * the type it returns or takes, its argument names and its description. Each
 * field has a weight and a length normalization (see BM25F_FIELDS).
 */
import type { SchemaSymbol } from '@discovery/schema-symbols';
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

export type SymbolFields = Record<FieldName, string[]>;

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

/** Extracts the term lists of every BM25F field of a symbol. */
export function symbolFields(symbol: SchemaSymbol): SymbolFields {
  const parent = parentName(symbol);
  const args = symbol.args ?? [];
  const type =
    symbol.kind === 'field' || symbol.kind === 'input_field' ? symbol.typeName : undefined;
  return {
    name: identifierTerms(localName(symbol)),
    parent: parent === undefined ? [] : identifierTerms(parent),
    type: type === undefined ? [] : identifierTerms(type),
    args: args.flatMap((a) => identifierTerms(a.name)),
    description: symbol.description === undefined ? [] : textTerms(symbol.description),
  };
}
