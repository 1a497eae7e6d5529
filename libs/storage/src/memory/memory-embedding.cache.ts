/**
 * MemoryEmbeddingCache: EmbeddingCache bounded by bytes, least recently used
 * entries dropped first (a Map keeps insertion order; a read re-inserts).
 */
import { checkEmbeddingKeys, checkVectors, type EmbeddingCache } from '../embedding-cache.js';

export interface MemoryEmbeddingCacheOptions {
  /** Upper bound on stored vector bytes. Default 64 MiB. */
  maxBytes?: number;
}

export class MemoryEmbeddingCache implements EmbeddingCache {
  private readonly entries = new Map<string, Int8Array>();
  private readonly maxBytes: number;
  private bytes = 0;

  constructor(options: MemoryEmbeddingCacheOptions = {}) {
    this.maxBytes = options.maxBytes ?? 64 * 1024 * 1024;
  }

  /** Bytes currently held. */
  get size(): number {
    return this.bytes;
  }

  async getMany(model: string, keys: string[]): Promise<(Int8Array | undefined)[]> {
    checkEmbeddingKeys(model, keys);
    return keys.map((key) => {
      const id = `${model}\u0000${key}`;
      const vector = this.entries.get(id);
      if (!vector) return undefined;
      this.entries.delete(id);
      this.entries.set(id, vector);
      return vector.slice();
    });
  }

  async setMany(model: string, entries: { key: string; vector: Int8Array }[]): Promise<void> {
    checkEmbeddingKeys(
      model,
      entries.map((entry) => entry.key),
    );
    checkVectors(entries);
    for (const { key, vector } of entries) {
      if (vector.byteLength > this.maxBytes) continue;
      const id = `${model}\u0000${key}`;
      const previous = this.entries.get(id);
      if (previous) {
        this.bytes -= previous.byteLength;
        this.entries.delete(id);
      }
      this.entries.set(id, vector.slice());
      this.bytes += vector.byteLength;
    }
    this.evict();
  }

  private evict(): void {
    for (const [id, vector] of this.entries) {
      if (this.bytes <= this.maxBytes) return;
      this.entries.delete(id);
      this.bytes -= vector.byteLength;
    }
  }
}
