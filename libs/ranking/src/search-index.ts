/**
 * SearchIndex: everything a search needs, precomputed once per schema: the
 * symbols, BM25F postings, per-symbol structure (kind, parent, returned type,
 * depth, read/write side, deprecation) and optional int8 vectors.
 */
import { ROOT_OPERATIONS, SYMBOL_KINDS, type RootOperation, type SchemaSymbol } from '@discovery/schema-symbols';
import { buildLexicalIndex, type LexicalIndex } from './lexical-index.js';
import { RankingError, RankingErrorCode } from './ranking.errors.js';
import { symbolFields } from './symbol-fields.js';
import { NameTermCache } from './name-term.cache.js';
import { membersByType, SymbolFlag, type SymbolStructure } from './symbol-structure.js';
import { computeRootReach, type RootReach } from './entry-points.js';
import type { AbbreviationTables, NameLookup, Vocabulary } from './index-lookups.js';

/** Kept here for the files that read them next to SearchIndex; defined in symbol-structure.ts. */
export { SymbolFlag, type SymbolStructure } from './symbol-structure.js';

export interface SearchIndex {
  readonly symbols: readonly SchemaSymbol[];
  readonly byCoordinate: ReadonlyMap<string, number>;
  readonly lexical: LexicalIndex;
  readonly structure: SymbolStructure;
  /** Root type name (`Query`, `QueryRoot`, ...) to its operation. */
  readonly rootTypes: ReadonlyMap<string, RootOperation>;
  /** Centrality of each type symbol in [0, 1] (log of the fields that return it, scaled); 0 for others. */
  readonly importance: Float32Array;
  /** Positions of the members of each type symbol (empty for other symbols). */
  readonly members: Int32Array[];
  /** Positions of the fields at depth 0 that are not mutation fields (the read entry points). */
  readonly queryRootFields: Int32Array;
  /** The query root fields and the types each opens (entry-points.ts). */
  readonly rootReach: RootReach;
  /** Lazily computed name words, for the second stage. */
  readonly nameTerms: NameTermCache;
  /** Flat int8 vectors (symbols.length * dimensions), unit vectors scaled by 127; absent without vectors. */
  readonly vectors?: Int8Array;
  readonly dimensions: number;
  /** Lookups stored ready-made with the index (the compact artifact); absent, they are derived from the symbols on first use. */
  readonly precomputed?: PrecomputedLookups;
}

/** What an index may carry ready-made instead of deriving it from its symbols at its first search. */
export interface PrecomputedLookups {
  names(): NameLookup;
  vocabulary(): Vocabulary;
  abbreviations(): AbbreviationTables;
}

/** Builds the search index of one schema. `vectors`, when given, must be aligned with `symbols`. */
export function buildSearchIndex(symbols: SchemaSymbol[], vectors?: Int8Array[]): SearchIndex {
  const flat = flattenVectors(symbols.length, vectors);
  return assembleSearchIndex(symbols, buildLexicalIndex(symbols.map(symbolFields)), flat.vectors, flat.dimensions);
}

/** Puts an index together from its stored parts (lookups and structure are derived from the symbols). */
export function assembleSearchIndex(symbols: SchemaSymbol[], lexical: LexicalIndex, vectors: Int8Array | undefined, dimensions: number): SearchIndex {
  const byCoordinate = new Map<string, number>();
  symbols.forEach((s, i) => {
    if (byCoordinate.has(s.coordinate)) {
      throw new RankingError(RankingErrorCode.InvalidInput, `Duplicate coordinate ${s.coordinate}.`);
    }
    byCoordinate.set(s.coordinate, i);
  });
  const rootTypes = findRootTypes(symbols);
  const structure = buildStructure(symbols, byCoordinate, rootTypes);
  const importance = typeImportance(structure);
  const members = membersByType(structure.parent);
  const memberName = (i: number): string => symbols[i]!.name.slice(symbols[i]!.name.lastIndexOf('.') + 1);
  const rootReach = computeRootReach(structure, members, memberName);
  const queryRootFields = readEntryFields(structure);
  const base = {
    symbols,
    byCoordinate,
    lexical,
    structure,
    rootTypes,
    importance,
    members,
    queryRootFields,
    rootReach,
    nameTerms: new NameTermCache(symbols, lexical.termIds),
  };
  return vectors === undefined ? { ...base, dimensions: 0 } : { ...base, vectors, dimensions };
}

function flattenVectors(count: number, vectors?: Int8Array[]): { vectors?: Int8Array; dimensions: number } {
  if (vectors === undefined || vectors.length === 0) return { dimensions: 0 };
  if (vectors.length !== count) {
    throw new RankingError(RankingErrorCode.InvalidInput, `Got ${vectors.length} vectors for ${count} symbols; they must be aligned.`);
  }
  const dimensions = vectors[0]!.length;
  const flat = new Int8Array(count * dimensions);
  vectors.forEach((v, i) => {
    if (v.length !== dimensions) {
      throw new RankingError(RankingErrorCode.InvalidInput, `Vector ${i} has ${v.length} dimensions, expected ${dimensions}.`);
    }
    flat.set(v, i * dimensions);
  });
  return dimensions === 0 ? { dimensions: 0 } : { vectors: flat, dimensions };
}

/** Root operation types: object symbols at depth 0 that are reachable from exactly one root. */
function findRootTypes(symbols: readonly SchemaSymbol[]): Map<string, RootOperation> {
  const roots = new Map<string, RootOperation>();
  for (const s of symbols) {
    if (s.kind === 'object' && s.depth === 0 && s.roots.length >= 1) {
      const own = s.roots.length === 1 ? s.roots[0]! : guessOperation(s.name, s.roots);
      if (own !== undefined) roots.set(s.name, own);
    }
  }
  return roots;
}

function guessOperation(name: string, roots: readonly RootOperation[]): RootOperation | undefined {
  const lower = name.toLowerCase();
  return roots.find((r) => lower.startsWith(r));
}

function buildStructure(
  symbols: readonly SchemaSymbol[],
  byCoordinate: ReadonlyMap<string, number>,
  rootTypes: ReadonlyMap<string, RootOperation>,
): SymbolStructure {
  const n = symbols.length;
  const s: SymbolStructure = {
    kind: new Uint8Array(n),
    parent: new Int32Array(n).fill(-1),
    type: new Int32Array(n).fill(-1),
    depth: new Uint8Array(n),
    flags: new Uint8Array(n),
    roots: new Uint8Array(n),
  };
  symbols.forEach((sym, i) => {
    s.kind[i] = SYMBOL_KINDS.indexOf(sym.kind);
    if (sym.parent !== undefined) s.parent[i] = byCoordinate.get(sym.parent) ?? -1;
    if (sym.typeName !== undefined && sym.typeKind !== undefined && sym.kind !== 'path') {
      s.type[i] = byCoordinate.get(`${sym.typeKind}:${sym.typeName}`) ?? -1;
    }
    s.depth[i] = sym.depth === undefined ? 255 : Math.min(sym.depth, 254);
    let roots = 0;
    for (const r of sym.roots) roots |= 1 << ROOT_OPERATIONS.indexOf(r);
    s.roots[i] = roots;
    s.flags[i] = flagsOf(sym, roots, rootTypes);
  });
  return s;
}

const FIELD_KIND = SYMBOL_KINDS.indexOf('field');
const QUERY_BIT = 1 << ROOT_OPERATIONS.indexOf('query');
const MUTATION_BIT = 1 << ROOT_OPERATIONS.indexOf('mutation');

function flagsOf(sym: SchemaSymbol, roots: number, rootTypes: ReadonlyMap<string, RootOperation>): number {
  let flags = 0;
  if (sym.deprecated !== undefined) flags |= SymbolFlag.Deprecated;
  if (sym.paginated) flags |= SymbolFlag.Paginated;
  if (sym.depth === undefined) flags |= SymbolFlag.Unreachable;
  if ((roots & MUTATION_BIT) !== 0 && (roots & QUERY_BIT) === 0) flags |= SymbolFlag.WriteOnly;
  if (sym.kind === 'object' && rootTypes.has(sym.name)) flags |= SymbolFlag.RootType;
  if (sym.kind === 'field' && sym.parent !== undefined) {
    const owner = sym.parent.slice(sym.parent.indexOf(':') + 1);
    if (rootTypes.get(owner) === 'mutation') flags |= SymbolFlag.MutationField;
  }
  return flags;
}

function readEntryFields(s: SymbolStructure): Int32Array {
  const fields: number[] = [];
  for (let i = 0; i < s.kind.length; i++) {
    if (s.kind[i] === FIELD_KIND && s.depth[i] === 0 && (s.flags[i]! & SymbolFlag.MutationField) === 0) fields.push(i);
  }
  return Int32Array.from(fields);
}

/** log(1 + fields returning the type), scaled to [0, 1] over the schema. */
function typeImportance(structure: SymbolStructure): Float32Array {
  const n = structure.type.length;
  const inDegree = new Float32Array(n);
  for (let i = 0; i < n; i++) {
    const t = structure.type[i]!;
    if (t >= 0 && (structure.flags[i]! & SymbolFlag.MutationField) === 0) inDegree[t]!++;
  }
  let max = 0;
  for (let i = 0; i < n; i++) max = Math.max(max, Math.log1p(inDegree[i]!));
  for (let i = 0; i < n; i++) inDegree[i] = max === 0 ? 0 : Math.log1p(inDegree[i]!) / max;
  return inDegree;
}
