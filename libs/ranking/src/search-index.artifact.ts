/**
 * The compact index artifact (docs/performance.md "The index format"): one binary buffer per index
 * that a replica serves where it lies. A fixed header lists the sections, each 8-byte aligned, so
 * typed arrays are views on the one buffer read from Redis: per-symbol columns (kind, parent,
 * returned type, depth, flags, roots, names), the precomputed structure the ranking uses
 * (importance, members, root reach, read entry points), the BM25F postings, sorted orders for
 * term and coordinate lookups, and every symbol's full JSON (the bytes `JSON.stringify` gives) in
 * raw-deflated blocks of BLOCK_SYMBOLS symbols, decoded one block at a time when a record is read.
 * Vectors are a second artifact: a replica that does not weigh meaning never reads them.
 */
import { deflateRawSync } from 'node:zlib';
import { SYMBOL_KINDS, type SchemaSymbol } from '@discovery/schema-symbols';
import { RankingError, RankingErrorCode } from './ranking.errors.js';
import type { SearchIndex } from './search-index.js';
import { SchemaNameLookup } from './name-lookup.js';
import { buildVocabulary } from './mutation-vocabulary.js';
import { abbreviationTables, abbreviationTypeNames } from './abbreviations.js';

/** Version of the artifact layout; bump on any change of it. */
export const ARTIFACT_FORMAT_VERSION = 3;
/** The earlier layout the reader still opens (its sections are the first SECTIONS_V2 of SECTIONS; lookups derived at first use). */
export const ARTIFACT_FORMAT_V2 = 2;
export const ARTIFACT_MAGIC = 0x58494453; // "SDIX" little-endian
/** Symbols per compressed block: 16 keeps a block's inflate near 25 µs at about 100 bytes per symbol (docs/performance.md). */
export const BLOCK_SYMBOLS = 16;
/** The artifact's part names in the index store. */
export const ARTIFACT_PART = 'index';
export const VECTORS_PART = 'vectors';

/** Section order of the artifact (the header lists offset and length of each, in this order). */
export const SECTIONS = [
  'meta',
  'names',
  'terms',
  'typeNames',
  'argNames',
  'argStart',
  'argName',
  'kind',
  'depth',
  'flags',
  'roots',
  'typeKind',
  'extra',
  'parent',
  'type',
  'typeName',
  'importance',
  'queryRootFields',
  'memberStart',
  'memberList',
  'reachFields',
  'openedKeys',
  'openedStart',
  'openedList',
  'termOrder',
  'coordOrder',
  'postingStart',
  'postingDoc',
  'postingImpact',
  'symStart',
  'blockStart',
  'blocks',
  // Format 3: the lookups the first search of a loaded index used to derive from every symbol
  // (name-lookup.ts, mutation-vocabulary.ts), as sorted keys with their positions.
  'nameExactKeys',
  'nameExactStart',
  'nameExactList',
  'nameFoldedKeys',
  'nameFoldedStart',
  'nameFoldedList',
  'nameInnerKeys',
  'nameInnerStart',
  'nameInnerList',
  'nameInnerFoldedKeys',
  'nameInnerFoldedStart',
  'nameInnerFoldedList',
  'mutationOnlyWords',
  'nameWords',
  // The name-term flags (name-term.cache.ts) and the abbreviation tables (abbreviations.ts).
  'labels',
  'listMembers',
  'abbrevWords',
  'abbrevWordCounts',
  'abbrevWhole',
  'abbrevRunInitials',
  'abbrevRunStart',
  'abbrevRunKeys',
  'abbrevRunCounts',
] as const;
export type SectionName = (typeof SECTIONS)[number];
/** Sections of a format 2 artifact. */
export const SECTIONS_V2 = SECTIONS.indexOf('blocks') + 1;
/** The name lookup's four maps, each stored as `<prefix>Keys`, `<prefix>Start`, `<prefix>List`. */
export const NAME_MAPS = [
  ['exact', 'nameExact'],
  ['folded', 'nameFolded'],
  ['inner', 'nameInner'],
  ['innerFolded', 'nameInnerFolded'],
] as const;

/** Bits of the `extra` column: what a symbol view answers from its columns and what it decodes. */
export const Extra = {
  /** The symbol has `args` (decoded from its JSON when read). */
  HasArgs: 1,
  /** The symbol has a `parent`, the coordinate of its structural parent. */
  HasParent: 2,
  /** The symbol's `parent`, `typeName` or coordinate is not what the columns say: every field comes from its JSON. */
  Decode: 4,
} as const;

export interface ArtifactMeta {
  format: number;
  count: number;
  terms: number;
  blockSymbols: number;
  /** Root type name to operation, in the index's order. */
  rootTypes: [string, string][];
}

/** The artifacts of an index: the compact index, and its vectors when it has any. */
export function writeIndexArtifact(index: SearchIndex): Record<string, Buffer> {
  const n = index.symbols.length;
  const names = index.symbols.map((s) => s.name);
  for (const name of names) if (name.includes('\n')) throw bad(`symbol name ${JSON.stringify(name)} holds a newline`);
  const typeNames = [...new Set(index.symbols.flatMap((s) => (s.typeName === undefined ? [] : [s.typeName])))];
  const typeNameIds = new Map(typeNames.map((t, i) => [t, i]));
  const { structure, lexical } = index;
  const typeKind = new Uint8Array(n).fill(255);
  const extra = new Uint8Array(n);
  const typeName = new Int32Array(n).fill(-1);
  index.symbols.forEach((s, i) => {
    if (s.typeKind !== undefined) typeKind[i] = SYMBOL_KINDS.indexOf(s.typeKind);
    if (s.typeName !== undefined) typeName[i] = typeNameIds.get(s.typeName)!;
    extra[i] = extraBits(index, s, i);
  });
  const argNames = [...new Set(index.symbols.flatMap((s) => (s.args ?? []).map((a) => a.name)))];
  for (const name of argNames) if (name.includes('\n')) throw bad(`argument name ${JSON.stringify(name)} holds a newline`);
  const argIds = new Map(argNames.map((a, i) => [a, i]));
  const args = csr(index.symbols.map((s) => Int32Array.from(s.args ?? [], (a) => argIds.get(a.name)!)));
  const members = csr(index.members);
  const opened = [...index.rootReach.openedBy];
  const openedLists = csr(opened.map(([, list]) => Int32Array.from(list)));
  const json = index.symbols.map((s) => Buffer.from(JSON.stringify(s)));
  const symStart = new Uint32Array(n + 1);
  json.forEach((bytes, i) => {
    symStart[i + 1] = symStart[i]! + bytes.byteLength;
  });
  const blocks: Buffer[] = [];
  const blockStart = new Uint32Array(Math.ceil(n / BLOCK_SYMBOLS) + 1);
  for (let b = 0; b * BLOCK_SYMBOLS < n; b++) {
    const block = deflateRawSync(Buffer.concat(json.slice(b * BLOCK_SYMBOLS, (b + 1) * BLOCK_SYMBOLS)), { level: 6 });
    blocks.push(block);
    blockStart[b + 1] = blockStart[b]! + block.byteLength;
  }
  const meta: ArtifactMeta = {
    format: ARTIFACT_FORMAT_VERSION,
    count: n,
    terms: lexical.terms.length,
    blockSymbols: BLOCK_SYMBOLS,
    rootTypes: [...index.rootTypes],
  };
  const lookup = new SchemaNameLookup(index);
  const vocabulary = buildVocabulary(index);
  const stored: Partial<Record<SectionName, Uint8Array>> = {};
  for (const [field, prefix] of NAME_MAPS) Object.assign(stored, positionMap(lookup[field], prefix));
  const sections: Record<SectionName, Uint8Array> = {
    ...(stored as Record<SectionName, Uint8Array>),
    mutationOnlyWords: stringList([...vocabulary.mutationOnly].sort(compare), 'a vocabulary word'),
    nameWords: stringList([...vocabulary.names].sort(compare), 'a vocabulary word'),
    labels: index.nameTerms.label,
    listMembers: index.nameTerms.listMember,
    ...abbreviationSections(index),
    meta: Buffer.from(JSON.stringify(meta)),
    names: Buffer.from(names.join('\n')),
    terms: Buffer.from(lexical.terms.join('\n')),
    typeNames: Buffer.from(typeNames.join('\n')),
    argNames: Buffer.from(argNames.join('\n')),
    argStart: bytes(args.start),
    argName: bytes(args.list),
    kind: structure.kind,
    depth: structure.depth,
    flags: structure.flags,
    roots: structure.roots,
    typeKind,
    extra,
    parent: bytes(structure.parent),
    type: bytes(structure.type),
    typeName: bytes(typeName),
    importance: bytes(index.importance),
    queryRootFields: bytes(index.queryRootFields),
    memberStart: bytes(members.start),
    memberList: bytes(members.list),
    reachFields: bytes(index.rootReach.fields),
    openedKeys: bytes(Int32Array.from(opened.map(([k]) => k))),
    openedStart: bytes(openedLists.start),
    openedList: bytes(openedLists.list),
    termOrder: bytes(sortedOrder(lexical.terms.length, (a, b) => compare(lexical.terms[a]!, lexical.terms[b]!))),
    coordOrder: bytes(sortedOrder(n, (a, b) => compare(names[a]!, names[b]!) || structure.kind[a]! - structure.kind[b]!)),
    postingStart: bytes(lexical.postingStart),
    postingDoc: bytes(lexical.postingDoc),
    postingImpact: bytes(lexical.postingImpact),
    symStart: bytes(symStart),
    blockStart: bytes(blockStart),
    blocks: Buffer.concat(blocks),
  };
  const parts: Record<string, Buffer> = { [ARTIFACT_PART]: container(sections) };
  if (index.vectors !== undefined) {
    const head = Buffer.alloc(8);
    head.writeUInt32LE(index.dimensions, 0);
    head.writeUInt32LE(n, 4);
    parts[VECTORS_PART] = Buffer.concat([head, bytes(index.vectors)]);
  }
  return parts;
}

/** What a view of symbol `i` can answer from columns; Decode when any column would say otherwise. */
function extraBits(index: SearchIndex, s: SchemaSymbol, i: number): number {
  let bits = 0;
  if (s.args !== undefined) bits |= Extra.HasArgs;
  if (s.parent !== undefined) {
    bits |= Extra.HasParent;
    const p = index.structure.parent[i]!;
    if (p < 0 || index.symbols[p]!.coordinate !== s.parent) bits |= Extra.Decode;
  }
  if (s.coordinate !== `${s.kind}:${s.name}`) bits |= Extra.Decode;
  return bits;
}

/** The abbreviation tables: words with their counts (sorted), one-word type names, and the runs by initials (sorted; each its keys in the order read). */
function abbreviationSections(index: SearchIndex): Record<string, Uint8Array> {
  const tables = abbreviationTables(abbreviationTypeNames(index));
  const words = [...tables.wordNames.keys()].sort(compare);
  const initials = [...tables.runs.keys()].sort(compare);
  const entries = initials.map((k) => [...tables.runs.get(k)!]);
  const start = new Uint32Array(initials.length + 1);
  entries.forEach((list, k) => {
    start[k + 1] = start[k]! + list.length;
  });
  return {
    abbrevWords: stringList(words, 'a type-name word'),
    abbrevWordCounts: bytes(Uint32Array.from(words, (w) => tables.wordNames.get(w)!)),
    abbrevWhole: stringList([...tables.wholeNames].sort(compare), 'a type-name word'),
    abbrevRunInitials: stringList(initials, 'initials'),
    abbrevRunStart: bytes(start),
    abbrevRunKeys: stringList(
      entries.flatMap((list) => list.map(([key]) => key)),
      'a run of words',
    ),
    abbrevRunCounts: bytes(Uint32Array.from(entries.flatMap((list) => list.map(([, count]) => count)))),
  };
}

/** A name -> positions map as its keys in sorted order (newline-separated) and their position lists (CSR). */
function positionMap(map: ReadonlyMap<string, readonly number[]>, prefix: string): Record<string, Uint8Array> {
  const keys = [...map.keys()].sort(compare);
  const lists = csr(keys.map((key) => Int32Array.from(map.get(key)!)));
  return { [`${prefix}Keys`]: stringList(keys, 'a name'), [`${prefix}Start`]: bytes(lists.start), [`${prefix}List`]: bytes(lists.list) };
}

function stringList(list: readonly string[], what: string): Buffer {
  for (const item of list) if (item.includes('\n') || item.length === 0) throw bad(`${what} ${JSON.stringify(item)} is empty or holds a newline`);
  return Buffer.from(list.join('\n'));
}

function csr(lists: readonly Int32Array[]): { start: Uint32Array; list: Int32Array } {
  const start = new Uint32Array(lists.length + 1);
  lists.forEach((l, i) => {
    start[i + 1] = start[i]! + l.length;
  });
  const list = new Int32Array(start[lists.length]!);
  lists.forEach((l, i) => {
    list.set(l, start[i]!);
  });
  return { start, list };
}

function sortedOrder(count: number, cmp: (a: number, b: number) => number): Int32Array {
  const order = Array.from({ length: count }, (_, i) => i).sort(cmp);
  return Int32Array.from(order);
}

/** The order the readers' binary searches use: UTF-16 code units, as `<` compares strings. */
export function compare(a: string, b: string): number {
  return a < b ? -1 : a > b ? 1 : 0;
}

function bytes(array: ArrayBufferView): Uint8Array {
  return new Uint8Array(array.buffer, array.byteOffset, array.byteLength);
}

/** magic, version, section count, then [offset, length] per section; sections 8-byte aligned. */
function container(sections: Record<SectionName, Uint8Array>): Buffer {
  const headerBytes = align(12 + SECTIONS.length * 8);
  let total = headerBytes;
  for (const name of SECTIONS) total = align(total + sections[name].byteLength);
  const out = Buffer.alloc(total);
  out.writeUInt32LE(ARTIFACT_MAGIC, 0);
  out.writeUInt32LE(ARTIFACT_FORMAT_VERSION, 4);
  out.writeUInt32LE(SECTIONS.length, 8);
  let at = headerBytes;
  SECTIONS.forEach((name, k) => {
    const section = sections[name];
    out.writeUInt32LE(at, 12 + k * 8);
    out.writeUInt32LE(section.byteLength, 16 + k * 8);
    out.set(section, at);
    at = align(at + section.byteLength);
  });
  return out;
}

function align(n: number): number {
  return (n + 7) & ~7;
}

export function bad(detail: string): RankingError {
  return new RankingError(RankingErrorCode.BadFormat, `Cannot load the index artifact: ${detail}.`);
}
