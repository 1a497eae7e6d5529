/**
 * Serialized form of a SearchIndex: named binary parts the indexer stores as
 * they are (Redis values). Symbols and metadata are JSON; terms are one
 * newline-separated string; postings and vectors are raw little-endian typed
 * arrays, so loading costs a JSON parse and a few views. Structure is derived
 * again from the symbols at load (cheap, and never out of step with them).
 */
import type { SchemaSymbol } from '@discovery/schema-symbols';
import type { LexicalIndex } from './lexical-index.js';
import { RankingError, RankingErrorCode } from './ranking.errors.js';
import { assembleSearchIndex, type SearchIndex } from './search-index.js';

/** Version of the serialized parts and of the ranking they encode; bump on any change of either. */
export const RANKING_FORMAT_VERSION = 1;

const PART_NAMES = ['meta', 'symbols', 'terms', 'postingStart', 'postingDoc', 'postingImpact'] as const;

interface Meta {
  format: number;
  count: number;
  terms: number;
  dimensions: number;
}

/** Parts of an index: `meta`, `symbols`, `terms`, `postingStart`, `postingDoc`, `postingImpact`, and `vectors` when present. */
export function serializeSearchIndex(index: SearchIndex): Record<string, Buffer> {
  const { lexical } = index;
  const meta: Meta = {
    format: RANKING_FORMAT_VERSION,
    count: index.symbols.length,
    terms: lexical.terms.length,
    dimensions: index.dimensions,
  };
  const parts: Record<string, Buffer> = {
    meta: Buffer.from(JSON.stringify(meta)),
    symbols: symbolsJson(index.symbols),
    terms: Buffer.from(lexical.terms.join('\n')),
    postingStart: bytesOf(lexical.postingStart),
    postingDoc: bytesOf(lexical.postingDoc),
    postingImpact: bytesOf(lexical.postingImpact),
  };
  if (index.vectors !== undefined) parts['vectors'] = bytesOf(index.vectors);
  return parts;
}

/** Loads an index from its parts. Throws RankingError(BadFormat) for missing, corrupt or foreign parts. */
export function deserializeSearchIndex(parts: Record<string, Buffer | Uint8Array>): SearchIndex {
  for (const name of PART_NAMES) {
    if (parts[name] === undefined) throw bad(`part "${name}" is missing`);
  }
  const meta = parseJson<Meta>(parts['meta']!, 'meta');
  if (meta.format !== RANKING_FORMAT_VERSION) {
    throw bad(`format ${String(meta.format)} is not the supported ${RANKING_FORMAT_VERSION}`);
  }
  const symbols = parseJson<SchemaSymbol[]>(parts['symbols']!, 'symbols');
  const termText = Buffer.from(parts['terms']!.buffer, parts['terms']!.byteOffset, parts['terms']!.byteLength).toString();
  const terms = termText.length === 0 ? [] : termText.split('\n');
  const lexical: LexicalIndex = {
    terms,
    termIds: new Map(terms.map((t, i) => [t, i])),
    postingStart: new Uint32Array(aligned(parts['postingStart']!, 4)),
    postingDoc: new Uint32Array(aligned(parts['postingDoc']!, 4)),
    postingImpact: new Float32Array(aligned(parts['postingImpact']!, 4)),
  };
  const vectorPart = parts['vectors'];
  const vectors = vectorPart === undefined ? undefined : new Int8Array(aligned(vectorPart, 1));
  checkShapes(meta, symbols, lexical, vectors);
  return assembleSearchIndex(symbols, lexical, vectors, vectors === undefined ? 0 : meta.dimensions);
}

function checkShapes(meta: Meta, symbols: unknown, lexical: LexicalIndex, vectors: Int8Array | undefined): void {
  if (!Array.isArray(symbols) || symbols.length !== meta.count) throw bad('symbol count does not match');
  if (lexical.terms.length !== meta.terms || lexical.postingStart.length !== meta.terms + 1) {
    throw bad('term count does not match');
  }
  const total = lexical.postingStart[meta.terms] ?? 0;
  if (lexical.postingDoc.length !== total || lexical.postingImpact.length !== total) {
    throw bad('postings are truncated');
  }
  for (const doc of lexical.postingDoc) if (doc >= meta.count) throw bad('a posting points past the symbols');
  if (vectors !== undefined && vectors.length !== meta.count * meta.dimensions) throw bad('vectors are truncated');
}

/**
 * The symbols as one JSON array: the same bytes as `JSON.stringify(symbols)`, put together from
 * each symbol's JSON. A frozen symbol cannot change, so its JSON is kept with it (a build worker's
 * SymbolMemo hands the same frozen symbols to build after build, and most of them are serialized
 * once).
 */
function symbolsJson(symbols: readonly SchemaSymbol[]): Buffer {
  const jsons = symbols.map(symbolJson);
  let length = 2 + Math.max(0, jsons.length - 1);
  for (const json of jsons) length += json.byteLength;
  const out = Buffer.allocUnsafe(length);
  let at = 0;
  out[at++] = 0x5b; // [
  jsons.forEach((json, i) => {
    if (i > 0) out[at++] = 0x2c; // ,
    at += json.copy(out, at);
  });
  out[at++] = 0x5d; // ]
  return out;
}

const frozenJson = new WeakMap<SchemaSymbol, Buffer>();

function symbolJson(symbol: SchemaSymbol): Buffer {
  if (!Object.isFrozen(symbol)) return Buffer.from(JSON.stringify(symbol));
  let json = frozenJson.get(symbol);
  if (json === undefined) {
    json = Buffer.from(JSON.stringify(symbol));
    frozenJson.set(symbol, json);
  }
  return json;
}

function bytesOf(array: Uint32Array | Float32Array | Int8Array): Buffer {
  return Buffer.from(array.buffer, array.byteOffset, array.byteLength);
}

/** A standalone ArrayBuffer holding the bytes (copied when the view is shared or misaligned). */
function aligned(bytes: Uint8Array, unit: number): ArrayBuffer {
  if (bytes.byteLength % unit !== 0) throw bad('a binary part has a partial element');
  const copy = new Uint8Array(bytes.byteLength);
  copy.set(bytes);
  return copy.buffer;
}

function parseJson<T>(bytes: Uint8Array, name: string): T {
  try {
    return JSON.parse(Buffer.from(bytes.buffer, bytes.byteOffset, bytes.byteLength).toString()) as T;
  } catch (error) {
    throw bad(`part "${name}" is not valid JSON (${(error as Error).message})`);
  }
}

function bad(detail: string): RankingError {
  return new RankingError(RankingErrorCode.BadFormat, `Cannot load the search index: ${detail}.`);
}
