/**
 * DecodedSymbols: the symbols a reader decoded from its loaded artifacts (hits and lookups), kept
 * in one least-recently-used set bounded by their estimated heap bytes, shared by every loaded
 * index. A hot symbol keeps its identity, so what is derived from its record once (the hit view,
 * the serialized payload) is reused. Beside them, with a budget of their own, the inflated symbol
 * blocks (16 symbols' JSON in a buffer outside the JS heap, counted at their length): a symbol
 * whose decoded form was dropped, or a neighbour of a hot one, is parsed from its kept block
 * instead of inflating the block again (under 200 graphs most hits used to inflate a block for
 * one symbol). Each load gets a scope of its own, so a rebuilt index never sees its predecessor's
 * symbols or blocks (those age out). Keys are numbers (scope × 2^24 + position: no string per
 * lookup; an index holds at most 10 million symbols, MAX_INDEX_SYMBOLS).
 */
import type { DecodedSymbolCache } from '@discovery/ranking';
import type { SchemaSymbol } from '@discovery/schema-symbols';

const SCOPE_STRIDE = 2 ** 24;

class ByteBoundedLru<V> {
  private readonly entries = new Map<number, { value: V; bytes: number }>();
  total = 0;

  constructor(private readonly maxBytes: number) {}

  get size(): number {
    return this.entries.size;
  }

  get(key: number): V | undefined {
    const entry = this.entries.get(key);
    if (entry === undefined) return undefined;
    this.entries.delete(key);
    this.entries.set(key, entry);
    return entry.value;
  }

  put(key: number, value: V, bytes: number): void {
    if (bytes > this.maxBytes) return;
    const old = this.entries.get(key);
    if (old !== undefined) {
      this.entries.delete(key);
      this.total -= old.bytes;
    }
    this.entries.set(key, { value, bytes });
    this.total += bytes;
    for (const [oldKey, entry] of this.entries) {
      if (this.total <= this.maxBytes) break;
      this.entries.delete(oldKey);
      this.total -= entry.bytes;
    }
  }
}

/**
 * The block in memory of its own, exactly its length. zlib's synchronous inflate returns a slice of
 * a larger output buffer (16 KiB regions of a 64 KiB ArrayBuffer on Node 24): kept as it is, a
 * block of 3 KB held 16 KiB and its neighbours' buffers, about twice the bytes counted for it.
 */
export function ownedBlock(block: Buffer): Buffer {
  if (block.byteOffset === 0 && block.buffer.byteLength === block.byteLength) return block;
  const own = Buffer.allocUnsafeSlow(block.byteLength);
  block.copy(own);
  return own;
}

export class DecodedSymbols {
  private readonly symbols: ByteBoundedLru<SchemaSymbol>;
  private readonly blocks: ByteBoundedLru<Buffer>;
  private scopes = 0;

  /** `maxBytes` for decoded symbols (their heap estimate), `blockMaxBytes` for inflated blocks (0: none kept here). */
  constructor(maxBytes: number, blockMaxBytes = 0) {
    this.symbols = new ByteBoundedLru(maxBytes);
    this.blocks = new ByteBoundedLru(blockMaxBytes);
  }

  /** Bytes held: decoded symbols and inflated blocks. */
  get bytes(): number {
    return this.symbols.total + this.blocks.total;
  }

  /** Decoded symbols held. */
  get size(): number {
    return this.symbols.size;
  }

  /** Inflated blocks held, and their bytes. */
  get blocksHeld(): { count: number; bytes: number } {
    return { count: this.blocks.size, bytes: this.blocks.total };
  }

  /** A scope for one loaded index. */
  scope(): DecodedSymbolCache {
    const base = (this.scopes++ % SCOPE_STRIDE) * SCOPE_STRIDE;
    return {
      get: (position) => this.symbols.get(base + position),
      set: (position, symbol, bytes) => this.symbols.put(base + position, symbol, bytes),
      block: (b) => this.blocks.get(base + b),
      keepBlock: (b, block) => this.blocks.put(base + b, ownedBlock(block), block.byteLength),
    };
  }
}
