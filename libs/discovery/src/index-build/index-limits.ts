/**
 * Per-index build limits (MAX_INDEX_SYMBOLS, MAX_INDEX_BYTES): one schema must
 * not be able to take the store, the builder's memory or the cache from every
 * other tenant. Checked cheapest first: a linear scan of the SDL before
 * anything is parsed (`estimateSymbols` in @discovery/schema-symbols, run by
 * the build pipeline), the exact symbol count after extraction (before
 * embedding), and the stored bytes after assembly (before anything is
 * written). Each failure is final and names its limit. The per-element
 * limits (names, descriptions, default values: issue 23) are checked on the
 * parsed document before the schema is built (@discovery/schema-symbols
 * element-limits.ts).
 */
import type { ElementLimits } from '@discovery/schema-symbols';

export interface IndexLimits {
  /** Most symbols one index may have (MAX_INDEX_SYMBOLS). */
  maxSymbols: number;
  /** Most bytes one index may store: SDL plus serialized artifacts (MAX_INDEX_BYTES). */
  maxStoredBytes: number;
  /** Longest name, description and default value (MAX_NAME_LENGTH, MAX_DESCRIPTION_LENGTH, MAX_DEFAULT_VALUE_LENGTH); unset: none. */
  elements?: ElementLimits;
}

/** A build over a per-index limit: final (never retried), its message names the limit. */
export class IndexLimitError extends Error {
  override name = 'IndexLimitError';
  constructor(
    readonly limit: 'MAX_INDEX_SYMBOLS' | 'MAX_INDEX_BYTES',
    message: string,
  ) {
    super(message);
  }
}

export function checkSymbolCount(count: number, limits: IndexLimits): void {
  if (count > limits.maxSymbols) {
    throw new IndexLimitError('MAX_INDEX_SYMBOLS', `the schema has ${count} symbols; the limit is ${limits.maxSymbols} symbols per index (MAX_INDEX_SYMBOLS)`);
  }
}

/** Bytes an index stores: its SDL plus every artifact part. Throws IndexLimitError over the limit. */
export function checkStoredBytes(sdlBytes: number, parts: Record<string, Buffer>, limits: IndexLimits): number {
  let bytes = sdlBytes;
  for (const part of Object.values(parts)) bytes += part.byteLength;
  if (bytes > limits.maxStoredBytes) {
    throw new IndexLimitError(
      'MAX_INDEX_BYTES',
      `the index would store ${bytes} bytes; the limit is ${limits.maxStoredBytes} bytes per index (MAX_INDEX_BYTES)`,
    );
  }
  return bytes;
}
