/**
 * DecodedSymbols: the symbols a reader decoded from its loaded artifacts (hits and lookups), kept
 * in one least-recently-used set bounded by their estimated heap bytes, shared by every loaded
 * index. A hot symbol keeps its identity, so what is derived from its record once (the hit view,
 * the serialized payload) is reused. Each load gets a scope of its own, so a rebuilt index never
 * sees its predecessor's symbols (those age out).
 */
import type { DecodedSymbolCache } from '@discovery/ranking';
import type { SchemaSymbol } from '@discovery/schema-symbols';

interface Entry {
  symbol: SchemaSymbol;
  bytes: number;
}

export class DecodedSymbols {
  private readonly entries = new Map<string, Entry>();
  private totalBytes = 0;
  private scopes = 0;

  constructor(private readonly maxBytes: number) {}

  get bytes(): number {
    return this.totalBytes;
  }

  get size(): number {
    return this.entries.size;
  }

  /** A scope for one loaded index. */
  scope(): DecodedSymbolCache {
    const prefix = `${(this.scopes++).toString(36)}:`;
    return {
      get: (position) => {
        const key = prefix + position;
        const entry = this.entries.get(key);
        if (entry === undefined) return undefined;
        this.entries.delete(key);
        this.entries.set(key, entry);
        return entry.symbol;
      },
      set: (position, symbol, bytes) => this.put(prefix + position, symbol, bytes),
    };
  }

  private put(key: string, symbol: SchemaSymbol, bytes: number): void {
    if (bytes > this.maxBytes) return;
    const old = this.entries.get(key);
    if (old !== undefined) {
      this.entries.delete(key);
      this.totalBytes -= old.bytes;
    }
    this.entries.set(key, { symbol, bytes });
    this.totalBytes += bytes;
    for (const [oldKey, entry] of this.entries) {
      if (this.totalBytes <= this.maxBytes) break;
      this.entries.delete(oldKey);
      this.totalBytes -= entry.bytes;
    }
  }
}
