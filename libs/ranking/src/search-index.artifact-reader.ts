/**
 * Serving from the compact index artifact (search-index.artifact.ts) where it lies: typed arrays
 * are views on the artifact's buffer, names and terms are two string lists, and the symbols the
 * ranking walks are small views whose hot fields (kind, name, parent, type name) come from the
 * columns; everything else, and the whole symbol a caller receives, is decoded from its block on
 * demand (a few recent blocks and symbols kept). No second object graph of the symbols is built.
 */
import { inflateRawSync } from 'node:zlib';
import { SYMBOL_KINDS, type RootOperation, type SchemaSymbol, type SymbolArgument, type SymbolKind } from '@discovery/schema-symbols';
import type { RootReach } from './entry-points.js';
import type { LexicalIndex } from './lexical-index.js';
import { NameTermCache } from './name-term.cache.js';
import {
  ARTIFACT_FORMAT_V2,
  ARTIFACT_FORMAT_VERSION,
  ARTIFACT_MAGIC,
  bad,
  compare,
  Extra,
  NAME_MAPS,
  SECTIONS,
  SECTIONS_V2,
  type ArtifactMeta,
  type SectionName,
} from './search-index.artifact.js';
import type { PrecomputedLookups, SearchIndex, SymbolStructure } from './search-index.js';
import type { AbbreviationTables, NameLookup, PositionLookup, Vocabulary, WordSet } from './index-lookups.js';
import { lowerBound } from './sorted-strings.js';
import { clippable } from './abbreviations.js';

/** Decoded symbols kept per index without a shared cache (hot hits keep their identity, so their serialized records are reused). */
const SYMBOLS_KEPT = 128;
/**
 * Heap of a decoded symbol per byte of its JSON, with what serving it keeps beside it (its hit view
 * and serialized payload): measured 1.9 over the bench schemas' hits (docs/performance.md, "What the
 * cache counts, measured"; the record alone is about 1.45).
 */
export const DECODED_HEAP_FACTOR = 2;
/**
 * Heap per symbol of what the ranking derives for an index on its first searches and keeps with it:
 * the read and write priors (16 bytes), the name-term arrays (about 27) and the stored lookups'
 * openings and memos beyond their key strings (measured 76-92 in all over GitHub and Shopify).
 */
export const DERIVED_BYTES_PER_SYMBOL = 80;
/** Fixed heap of an opened index: the section views, the table, its lookups' objects (measured about 10 KiB). */
const OPENED_INDEX_BYTES = 16 * 1024;

/** Where decoded symbols are kept: by position within one loaded index; `bytes` is their heap estimate. */
export interface DecodedSymbolCache {
  get(position: number): SchemaSymbol | undefined;
  set(position: number, symbol: SchemaSymbol, bytes: number): void;
  /** Inflated symbol block `b` when this cache keeps blocks (absent: each index keeps its last few). */
  block?(b: number): Buffer | undefined;
  keepBlock?(b: number, block: Buffer): void;
}

export interface OpenArtifactOptions {
  /** A cache shared by the loaded indexes (the reader's, bounded and counted); default a small one per index. */
  decoded?: DecodedSymbolCache;
}
/** Inflated blocks kept per index. */
const BLOCKS_KEPT = 4;
const EMPTY = new Int32Array(0);

/** A SearchIndex served from an artifact, with the decoded symbols its views stand for. */
export interface ArtifactSearchIndex extends SearchIndex {
  /** Symbol `i` as stored (a plain object, the same as the previous format's). */
  symbolAt(i: number): SchemaSymbol;
  /** The decoded symbol a search hit's or lookup's symbol stands for. */
  materialize(symbol: SchemaSymbol): SchemaSymbol;
  /** Approximate heap bytes of the loaded index beyond its artifact buffer (lists, views, caches at their bounds). */
  readonly heapBytes: number;
  /**
   * The bytes it serves from, as opened (its typed arrays are views on them): opened again elsewhere
   * (a worker thread) they give the same index, with nothing read from the store again.
   */
  readonly stored: { artifact: Uint8Array; vectors?: Uint8Array };
}

/** Opens an artifact (and its vectors part when given). Throws RankingError(BadFormat) for a foreign or corrupt one. */
export function openIndexArtifact(artifact: Uint8Array, vectorsPart?: Uint8Array, options: OpenArtifactOptions = {}): ArtifactSearchIndex {
  const buffer = alignedCopy(artifact);
  const view = new DataView(buffer.buffer, buffer.byteOffset, buffer.byteLength);
  if (buffer.byteLength < 12 || view.getUint32(0, true) !== ARTIFACT_MAGIC) throw bad('it is not an index artifact');
  const format = view.getUint32(4, true);
  if (format !== ARTIFACT_FORMAT_VERSION && format !== ARTIFACT_FORMAT_V2) throw bad(`format ${format} is not the supported ${ARTIFACT_FORMAT_VERSION}`);
  const count = format === ARTIFACT_FORMAT_V2 ? SECTIONS_V2 : SECTIONS.length;
  if (view.getUint32(8, true) !== count || buffer.byteLength < 12 + count * 8) throw bad('the section table does not match');
  const raw = {} as Record<SectionName, Uint8Array>;
  SECTIONS.slice(0, count).forEach((name, k) => {
    const offset = view.getUint32(12 + k * 8, true);
    const length = view.getUint32(16 + k * 8, true);
    if (offset + length > buffer.byteLength || offset % 8 !== 0) throw bad(`section ${name} lies outside the artifact`);
    raw[name] = buffer.subarray(offset, offset + length);
  });
  const index = new ArtifactTable(raw, vectorsPart, options.decoded, format === ARTIFACT_FORMAT_V2 ? undefined : storedLookups(raw)).index;
  return Object.assign(index, { stored: vectorsPart === undefined ? { artifact: buffer } : { artifact: buffer, vectors: vectorsPart } });
}

class ArtifactTable {
  readonly index: Omit<ArtifactSearchIndex, 'stored'>;
  readonly names: string[];
  readonly typeNames: string[];
  readonly kind: Uint8Array;
  readonly extra: Uint8Array;
  readonly parent: Int32Array;
  readonly typeName: Int32Array;
  readonly typeKind: Uint8Array;
  private readonly symStart: Uint32Array;
  private readonly blockStart: Uint32Array;
  private readonly blocks: Uint8Array;
  private readonly blockSymbols: number;
  readonly argNames: string[];
  readonly argStart: Uint32Array;
  readonly argName: Int32Array;
  private readonly decodedBlocks = new Map<number, Buffer>();
  private readonly decoded: DecodedSymbolCache;

  constructor(
    raw: Record<SectionName, Uint8Array>,
    vectorsPart: Uint8Array | undefined,
    shared: DecodedSymbolCache | undefined,
    precomputed: (PrecomputedLookups & { heapBytes: number }) | undefined,
  ) {
    const meta = json<ArtifactMeta>(raw.meta);
    const n = meta.count;
    this.blockSymbols = meta.blockSymbols;
    this.names = lines(raw.names, n);
    this.typeNames = lines(raw.typeNames);
    this.argNames = lines(raw.argNames);
    this.argStart = u32(raw.argStart, n + 1);
    this.argName = i32(raw.argName, this.argStart[n]);
    for (const id of this.argName) if (id < 0 || id >= this.argNames.length) throw bad('an argument name is out of range');
    this.decoded = shared ?? ownCache();
    const terms = lines(raw.terms, meta.terms);
    this.kind = raw.kind;
    this.extra = raw.extra;
    this.typeKind = raw.typeKind;
    this.parent = i32(raw.parent, n);
    this.typeName = i32(raw.typeName, n);
    this.symStart = u32(raw.symStart, n + 1);
    this.blockStart = u32(raw.blockStart, Math.ceil(n / this.blockSymbols) + 1);
    this.blocks = raw.blocks;
    if (this.blocks.byteLength !== this.blockStart[this.blockStart.length - 1]) throw bad('the symbol blocks are truncated');
    const structure: SymbolStructure = {
      kind: this.kind,
      parent: this.parent,
      type: i32(raw.type, n),
      depth: u8(raw.depth, n),
      flags: u8(raw.flags, n),
      roots: u8(raw.roots, n),
    };
    for (const column of [this.kind, this.extra, this.typeKind]) if (column.length !== n) throw bad('a column is truncated');
    const postingStart = u32(raw.postingStart, meta.terms + 1);
    const total = postingStart[meta.terms] ?? 0;
    const postingDoc = u32(raw.postingDoc, total);
    for (let p = 0; p < total; p++) if (postingDoc[p]! >= n) throw bad('a posting points past the symbols');
    const termIds = new SortedLookup(terms, i32(raw.termOrder, meta.terms)) as unknown as Map<string, number>;
    const lexical: LexicalIndex = { terms, termIds, postingStart, postingDoc, postingImpact: f32(raw.postingImpact, total) };
    const symbols = Array.from({ length: n }, (_, i) => new SymbolView(this, i) as unknown as SchemaSymbol);
    const memberStart = u32(raw.memberStart, n + 1);
    const memberList = i32(raw.memberList);
    const members = Array.from({ length: n }, (_, i) =>
      memberStart[i] === memberStart[i + 1] ? EMPTY : memberList.subarray(memberStart[i]!, memberStart[i + 1]!),
    );
    const vectors = vectorsPart === undefined ? undefined : openVectors(vectorsPart, n);
    const base = {
      symbols,
      byCoordinate: new CoordinateLookup(this, i32(raw.coordOrder, n)) as unknown as ReadonlyMap<string, number>,
      lexical,
      structure,
      rootTypes: new Map(meta.rootTypes as [string, RootOperation][]),
      importance: f32(raw.importance, n),
      members,
      queryRootFields: i32(raw.queryRootFields),
      rootReach: rootReach(raw),
      nameTerms: new NameTermCache(symbols, termIds, precomputed === undefined ? undefined : { label: u8(raw.labels, n), listMember: u8(raw.listMembers, n) }),
      heapBytes:
        heapEstimate(n, terms, this.names, this.argName.length, shared === undefined ? this.symStart[n]! : 0, shared?.keepBlock === undefined) +
        (precomputed?.heapBytes ?? 0),
      ...(precomputed === undefined
        ? {}
        : { precomputed: { names: precomputed.names, vocabulary: precomputed.vocabulary, abbreviations: precomputed.abbreviations } }),
      symbolAt: (i: number) => this.symbolAt(i),
      materialize: (symbol: SchemaSymbol) => (symbol instanceof SymbolView ? this.symbolAt(symbol.position) : symbol),
    };
    this.index = vectors === undefined ? { ...base, dimensions: 0 } : { ...base, vectors: vectors.vectors, dimensions: vectors.dimensions };
  }

  symbolAt(i: number): SchemaSymbol {
    const known = this.decoded.get(i);
    if (known !== undefined) return known;
    const b = Math.floor(i / this.blockSymbols);
    const block = this.block(b);
    const base = this.symStart[b * this.blockSymbols]!;
    const symbol = JSON.parse(block.toString('utf8', this.symStart[i]! - base, this.symStart[i + 1]! - base)) as SchemaSymbol;
    this.decoded.set(i, symbol, (this.symStart[i + 1]! - this.symStart[i]!) * DECODED_HEAP_FACTOR);
    return symbol;
  }

  coordinate(i: number): string {
    return `${SYMBOL_KINDS[this.kind[i]!]}:${this.names[i]}`;
  }

  private block(b: number): Buffer {
    const shared = this.decoded;
    let block = shared.block ? shared.block(b) : this.decodedBlocks.get(b);
    if (block === undefined) {
      block = inflateRawSync(this.blocks.subarray(this.blockStart[b]!, this.blockStart[b + 1]!));
      if (shared.keepBlock) shared.keepBlock(b, block);
      else keep(this.decodedBlocks, b, block, BLOCKS_KEPT);
    }
    return block;
  }
}

/**
 * What the ranking reads of a symbol: hot fields from the columns; the rest from the decoded symbol.
 * Only the ranking sees views; callers get decoded symbols (`materialize`).
 */
class SymbolView {
  constructor(
    private readonly table: ArtifactTable,
    readonly position: number,
  ) {}
  private get full(): SchemaSymbol {
    return this.table.symbolAt(this.position);
  }
  private get decode(): boolean {
    return (this.table.extra[this.position]! & Extra.Decode) !== 0;
  }
  get coordinate(): string {
    return this.decode ? this.full.coordinate : this.table.coordinate(this.position);
  }
  get kind(): SymbolKind {
    return SYMBOL_KINDS[this.table.kind[this.position]!]!;
  }
  get name(): string {
    return this.table.names[this.position]!;
  }
  get parent(): string | undefined {
    if (this.decode) return this.full.parent;
    return (this.table.extra[this.position]! & Extra.HasParent) === 0 ? undefined : this.table.coordinate(this.table.parent[this.position]!);
  }
  get typeName(): string | undefined {
    const id = this.table.typeName[this.position]!;
    return id < 0 ? undefined : this.table.typeNames[id];
  }
  get typeKind(): SymbolKind | undefined {
    const k = this.table.typeKind[this.position]!;
    return k === 255 ? undefined : SYMBOL_KINDS[k];
  }
  get args(): SchemaSymbol['args'] {
    const t = this.table;
    const i = this.position;
    if ((t.extra[i]! & Extra.HasArgs) === 0) return undefined;
    const args: SchemaSymbol['args'] = [];
    for (let k = t.argStart[i]!; k < t.argStart[i + 1]!; k++)
      args.push(new ArgumentView(t, i, k - t.argStart[i]!, t.argNames[t.argName[k]!]!) as unknown as SymbolArgument);
    return args;
  }
  get typeRef(): string | undefined {
    return this.full.typeRef;
  }
  get description(): string | undefined {
    return this.full.description;
  }
  get deprecated(): string | undefined {
    return this.full.deprecated;
  }
  get paginated(): boolean {
    return this.full.paginated;
  }
  get depth(): number | undefined {
    return this.full.depth;
  }
  get roots(): RootOperation[] {
    return this.full.roots;
  }
  get embeddingText(): string {
    return this.full.embeddingText;
  }
  get record(): SchemaSymbol['record'] {
    return this.full.record;
  }
  toJSON(): SchemaSymbol {
    return this.full;
  }
}

/** An argument as the ranking reads it: its name from the columns, the rest from the decoded symbol. */
class ArgumentView {
  constructor(
    private readonly table: ArtifactTable,
    private readonly position: number,
    private readonly k: number,
    readonly name: string,
  ) {}
  private get full(): SymbolArgument {
    return this.table.symbolAt(this.position).args![this.k]!;
  }
  get type(): string {
    return this.full.type;
  }
  get description(): string | undefined {
    return this.full.description;
  }
  get defaultValue(): string | undefined {
    return this.full.defaultValue;
  }
  get deprecated(): string | undefined {
    return this.full.deprecated;
  }
  toJSON(): SymbolArgument {
    return this.full;
  }
}

/** `termIds` by binary search over the terms in sorted order (`get` and `has`, as the ranking uses them). */
class SortedLookup {
  constructor(
    private readonly keys: readonly string[],
    private readonly order: Int32Array,
  ) {}
  get size(): number {
    return this.order.length;
  }
  get(key: string): number | undefined {
    let lo = 0;
    let hi = this.order.length - 1;
    while (lo <= hi) {
      const mid = (lo + hi) >>> 1;
      const at = this.order[mid]!;
      const c = compare(this.keys[at]!, key);
      if (c === 0) return at;
      if (c < 0) lo = mid + 1;
      else hi = mid - 1;
    }
    return undefined;
  }
  has(key: string): boolean {
    return this.get(key) !== undefined;
  }
}

/** `byCoordinate`: `kind:name` by binary search over (name, kind) order. */
class CoordinateLookup {
  constructor(
    private readonly table: ArtifactTable,
    private readonly order: Int32Array,
  ) {}
  get size(): number {
    return this.order.length;
  }
  get(coordinate: string): number | undefined {
    const colon = coordinate.indexOf(':');
    const kind = SYMBOL_KINDS.indexOf(coordinate.slice(0, colon) as SymbolKind);
    if (colon < 0 || kind < 0) return undefined;
    const name = coordinate.slice(colon + 1);
    let lo = 0;
    let hi = this.order.length - 1;
    while (lo <= hi) {
      const mid = (lo + hi) >>> 1;
      const at = this.order[mid]!;
      const c = compare(this.table.names[at]!, name) || this.table.kind[at]! - kind;
      if (c === 0) return (this.table.extra[at]! & Extra.Decode) === 0 || this.table.symbolAt(at).coordinate === coordinate ? at : undefined;
      if (c < 0) lo = mid + 1;
      else hi = mid - 1;
    }
    return undefined;
  }
  has(coordinate: string): boolean {
    return this.get(coordinate) !== undefined;
  }
}

/**
 * The name lookup and the vocabulary of a format 3 artifact, each opened on first use (their key
 * lists split, nothing else built): binary searches over the stored sorted keys. `heapBytes`: the
 * key strings once split.
 */
function storedLookups(raw: Record<SectionName, Uint8Array>): PrecomputedLookups & { heapBytes: number } {
  let names: NameLookup | undefined;
  let vocabulary: Vocabulary | undefined;
  let abbreviations: AbbreviationTables | undefined;
  let heapBytes = 0;
  for (const [, prefix] of NAME_MAPS) heapBytes += listHeapBytes(raw[`${prefix}Keys`], raw[`${prefix}Start`].byteLength / 4 - 1);
  heapBytes += listHeapBytes(raw.mutationOnlyWords) + listHeapBytes(raw.nameWords);
  // The abbreviation words twice (all, and the clippable ones), the one-word names, the initials and their runs.
  heapBytes += 2 * listHeapBytes(raw.abbrevWords) + listHeapBytes(raw.abbrevWhole) + listHeapBytes(raw.abbrevRunInitials) + listHeapBytes(raw.abbrevRunKeys);
  const open = (prefix: (typeof NAME_MAPS)[number][1]): SortedPositions => {
    const keys = lines(raw[`${prefix}Keys`]);
    const start = u32(raw[`${prefix}Start`], keys.length + 1);
    return new SortedPositions(keys, start, i32(raw[`${prefix}List`], start[keys.length]));
  };
  return {
    heapBytes,
    names: () => {
      names ??= new StoredNameLookup(open('nameExact'), open('nameFolded'), open('nameInner'), open('nameInnerFolded'));
      return names;
    },
    vocabulary: () => {
      vocabulary ??= { mutationOnly: new SortedWords(lines(raw.mutationOnlyWords)), names: new SortedWords(lines(raw.nameWords)) };
      return vocabulary;
    },
    abbreviations: () => {
      abbreviations ??= storedAbbreviations(raw);
      return abbreviations;
    },
  };
}

/** The abbreviation tables as stored: binary searches over the sorted words and initials. */
function storedAbbreviations(raw: Record<SectionName, Uint8Array>): AbbreviationTables {
  const words = lines(raw.abbrevWords);
  const counts = u32(raw.abbrevWordCounts, words.length);
  const initials = lines(raw.abbrevRunInitials);
  const start = u32(raw.abbrevRunStart, initials.length + 1);
  const keys = lines(raw.abbrevRunKeys, start[initials.length]);
  const runCounts = u32(raw.abbrevRunCounts, keys.length);
  return {
    wordNames: {
      get: (word) => {
        const k = lowerBound(words, word);
        return k < words.length && words[k] === word ? counts[k] : undefined;
      },
    },
    runs: {
      get: (run) => {
        const k = lowerBound(initials, run);
        if (k >= initials.length || initials[k] !== run) return undefined;
        const entries: [string, number][] = [];
        for (let e = start[k]!; e < start[k + 1]!; e++) entries.push([keys[e]!, runCounts[e]!]);
        return entries;
      },
    },
    wholeNames: new SortedWords(lines(raw.abbrevWhole)),
    sortedWords: clippable(words),
  };
}

/** Heap of a newline-separated list once split: its characters and a string header each. */
function listHeapBytes(bytes: Uint8Array, count?: number): number {
  let items = count ?? 0;
  if (count === undefined) for (const b of bytes) if (b === 10) items += 1;
  return bytes.byteLength * 2 + (items + 1) * 24;
}

/** Sorted keys with their position lists (CSR), looked up by binary search. */
class SortedPositions implements PositionLookup {
  constructor(
    readonly keys: readonly string[],
    private readonly start: Uint32Array,
    private readonly list: Int32Array,
  ) {}
  get(key: string): number[] | undefined {
    const k = this.find(key);
    return k < 0 ? undefined : this.at(k);
  }
  at(k: number): number[] {
    return Array.from(this.list.subarray(this.start[k]!, this.start[k + 1]!));
  }
  private find(key: string): number {
    let lo = 0;
    let hi = this.keys.length - 1;
    while (lo <= hi) {
      const mid = (lo + hi) >>> 1;
      const c = compare(this.keys[mid]!, key);
      if (c === 0) return mid;
      if (c < 0) lo = mid + 1;
      else hi = mid - 1;
    }
    return -1;
  }
}

/** The stored name lookup: its folded keys are the sorted names of prefix matches. */
class StoredNameLookup implements NameLookup {
  constructor(
    readonly exact: SortedPositions,
    readonly folded: SortedPositions,
    readonly inner: SortedPositions,
    readonly innerFolded: SortedPositions,
  ) {}
  withPrefix(prefix: string, max: number): number[] {
    const names = this.folded.keys;
    const lo = lowerBound(names, prefix);
    const out: number[] = [];
    for (let k = lo; k < names.length && k - lo < max && names[k]!.startsWith(prefix); k++) out.push(...this.folded.at(k));
    return out;
  }
}

class SortedWords implements WordSet {
  constructor(private readonly words: readonly string[]) {}
  has(word: string): boolean {
    const k = lowerBound(this.words, word);
    return k < this.words.length && this.words[k] === word;
  }
}

function rootReach(raw: Record<SectionName, Uint8Array>): RootReach {
  const keys = i32(raw.openedKeys);
  const start = u32(raw.openedStart, keys.length + 1);
  const list = i32(raw.openedList);
  const openedBy = new Map<number, number[]>();
  keys.forEach((key, k) => {
    openedBy.set(key, Array.from(list.subarray(start[k]!, start[k + 1]!)));
  });
  return { fields: i32(raw.reachFields), openedBy };
}

function openVectors(part: Uint8Array, n: number): { vectors: Int8Array; dimensions: number } {
  const copy = alignedCopy(part);
  const view = new DataView(copy.buffer, copy.byteOffset, copy.byteLength);
  const dimensions = view.getUint32(0, true);
  if (view.getUint32(4, true) !== n || copy.byteLength !== 8 + n * dimensions) throw bad('vectors are truncated');
  return { vectors: new Int8Array(copy.buffer, copy.byteOffset + 8, n * dimensions), dimensions };
}

/**
 * Names, terms and type-name lists, the views, the members array, the name-term cache's arrays, what
 * the first searches derive (DERIVED_BYTES_PER_SYMBOL), the inflated blocks (unless a shared cache keeps them, and counts them) and (without a shared cache)
 * the decoded symbols at their bounds.
 */
function heapEstimate(n: number, terms: readonly string[], names: readonly string[], args: number, ownJsonBytes: number, ownBlocks: boolean): number {
  let chars = 0;
  for (const t of terms) chars += t.length;
  for (const s of names) chars += s.length;
  const kept = n === 0 ? 0 : (Math.min(n, SYMBOLS_KEPT) * ownJsonBytes * DECODED_HEAP_FACTOR) / n;
  return (
    OPENED_INDEX_BYTES +
    chars +
    (terms.length + n) * 24 +
    n * (48 + 8 + 8 + 24 + DERIVED_BYTES_PER_SYMBOL) +
    args * 4 +
    kept +
    (ownBlocks ? BLOCKS_KEPT * 32 * 1024 : 0)
  );
}

function ownCache(): DecodedSymbolCache {
  const map = new Map<number, SchemaSymbol>();
  return {
    get(position) {
      const known = map.get(position);
      if (known !== undefined) {
        map.delete(position);
        map.set(position, known);
      }
      return known;
    },
    set: (position, symbol) => keep(map, position, symbol, SYMBOLS_KEPT),
  };
}

function keep<K, V>(map: Map<K, V>, key: K, value: V, max: number): void {
  map.set(key, value);
  if (map.size > max) map.delete(map.keys().next().value as K);
}

function lines(bytes: Uint8Array, count?: number): string[] {
  const text = Buffer.from(bytes.buffer, bytes.byteOffset, bytes.byteLength).toString('utf8');
  const list = text.length === 0 ? [] : text.split('\n');
  if (count !== undefined && list.length !== count) throw bad('a string list does not match its count');
  return list;
}

function json<T>(bytes: Uint8Array): T {
  try {
    return JSON.parse(Buffer.from(bytes.buffer, bytes.byteOffset, bytes.byteLength).toString('utf8')) as T;
  } catch (error) {
    throw bad(`its meta is not JSON (${(error as Error).message})`);
  }
}

/** The artifact in a buffer of its own at an 8-byte aligned offset (Redis clients return slices of pooled memory). */
function alignedCopy(bytes: Uint8Array): Uint8Array {
  if (bytes.byteOffset % 8 === 0 && bytes.byteLength === bytes.buffer.byteLength) return bytes;
  const copy = new Uint8Array(new ArrayBuffer(bytes.byteLength));
  copy.set(bytes);
  return copy;
}

function typed<T>(make: (buffer: ArrayBufferLike, offset: number, length: number) => T, bytes: Uint8Array, unit: number, count?: number): T {
  if (bytes.byteLength % unit !== 0 || (count !== undefined && bytes.byteLength !== count * unit)) throw bad('a section has the wrong length');
  return make(bytes.buffer, bytes.byteOffset, bytes.byteLength / unit);
}
const i32 = (b: Uint8Array, count?: number) => typed((x, o, l) => new Int32Array(x, o, l), b, 4, count);
const u32 = (b: Uint8Array, count?: number) => typed((x, o, l) => new Uint32Array(x, o, l), b, 4, count);
const f32 = (b: Uint8Array, count?: number) => typed((x, o, l) => new Float32Array(x, o, l), b, 4, count);
const u8 = (b: Uint8Array, count?: number) => typed((x, o, l) => new Uint8Array(x, o, l), b, 1, count);
