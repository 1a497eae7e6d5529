/**
 * CachingEmbedder: embeds texts through a provider, once per (model, text)
 * across indexes and replicas. Keys are the hex SHA-256 of the text, stored in
 * the shared EmbeddingCache under the provider's id; duplicates within a call
 * are embedded once; results are int8 (quantizeInt8) and aligned with the input.
 * In front of the shared cache, a bounded in-process memo (text -> vector)
 * answers the texts this process saw lately without hashing or a round trip:
 * a rebuild after a small schema change asks for 99 % of the same texts.
 * Vectors are immutable for a (model, text), so the memo is never stale.
 */
import { createHash } from 'node:crypto';
import { GenerationalCache } from '@discovery/generational-cache';
import type { EmbeddingCache } from '@discovery/storage';
import type { EmbeddingProvider } from './embedding-provider.js';
import { assertTexts, throwIfAborted } from './embedding.errors.js';
import { quantizeInt8 } from './vector-math.js';

/** Keys per cache round trip. */
const CACHE_CHUNK = 1000;

/**
 * Bytes of vectors (and their texts) the in-process memo holds at most: about
 * 80,000 vectors of 512 dimensions, five large schemas (GitHub's 11,000
 * symbols take about 8 MiB).
 */
export const MEMORY_CACHE_BYTES = 64 * 1024 * 1024;
/** Bytes counted per entry besides the vector and the text (Map entry, typed array header). */
const ENTRY_OVERHEAD = 160;

export interface CachingEmbedderStats {
  /** Texts asked for, duplicates included. */
  requested: number;
  /** Distinct texts among them. */
  distinct: number;
  /** Distinct texts found in the cache. */
  cached: number;
  /** Distinct texts sent to the provider. */
  embedded: number;
}

/** Hex SHA-256 of a text: its key in the embedding cache. */
export function textKey(text: string): string {
  return createHash('sha256').update(text, 'utf8').digest('hex');
}

export class CachingEmbedder {
  /** Totals since construction. */
  readonly stats: CachingEmbedderStats = { requested: 0, distinct: 0, cached: 0, embedded: 0 };

  /** Text -> vector, bounded by bytes (the vector, the text and the entry). */
  private readonly memory: GenerationalCache<string, Int8Array>;

  constructor(
    private readonly provider: EmbeddingProvider,
    private readonly cache: EmbeddingCache,
    /** Bytes the in-process memo may hold (0: none). */
    memoryBytes = MEMORY_CACHE_BYTES,
  ) {
    this.memory = new GenerationalCache({
      maxCost: memoryBytes,
      costOf: (text, vector) => vector.byteLength + 2 * text.length + ENTRY_OVERHEAD,
    });
  }

  /** The provider's id: the cache namespace and the index's model identity. */
  get id(): string {
    return this.provider.id;
  }

  get dimensions(): number {
    return this.provider.dimensions;
  }

  init(): Promise<void> {
    return this.provider.init();
  }

  /**
   * One int8 vector per text, in input order (shared with the memo: read only); only texts
   * missing from both caches reach the provider.
   */
  async embed(texts: string[], signal?: AbortSignal): Promise<Int8Array[]> {
    assertTexts(texts);
    await this.provider.init();
    const dimensions = this.provider.dimensions;
    const remembered = texts.map((text) => {
      const vector = this.memory.get(text, undefined);
      return vector !== undefined && vector.length === dimensions ? vector : undefined;
    });
    const unknown = texts.filter((_, i) => remembered[i] === undefined);
    const fetched = unknown.length === 0 ? [] : await this.embedThroughCache(unknown, signal);
    let next = 0;
    const vectors = remembered.map((vector) => vector ?? (fetched[next++] as Int8Array));
    this.stats.requested += texts.length - unknown.length;
    const memoHits = new Set<string>();
    texts.forEach((text, i) => {
      if (remembered[i] !== undefined) memoHits.add(text);
      else this.memory.set(text, vectors[i] as Int8Array);
    });
    this.stats.distinct += memoHits.size;
    this.stats.cached += memoHits.size;
    return vectors;
  }

  /** The texts the memo did not have: through the shared cache, then the provider. */
  private async embedThroughCache(texts: string[], signal?: AbortSignal): Promise<Int8Array[]> {
    const model = this.provider.id;
    const keys = texts.map(textKey);
    const distinct = [...new Set(keys)];
    const textOf = new Map(keys.map((k, i) => [k, texts[i] as string]));
    const found = new Map<string, Int8Array>();
    for (let i = 0; i < distinct.length; i += CACHE_CHUNK) {
      throwIfAborted(signal);
      const chunk = distinct.slice(i, i + CACHE_CHUNK);
      const vectors = await this.cache.getMany(model, chunk);
      chunk.forEach((key, j) => {
        const v = vectors[j];
        if (v && v.length === this.provider.dimensions) found.set(key, v);
      });
    }
    const missing = distinct.filter((k) => !found.has(k));
    if (missing.length > 0) {
      const fresh = await this.provider.embed(
        missing.map((k) => textOf.get(k) as string),
        signal,
      );
      const entries = missing.map((key, i) => ({ key, vector: quantizeInt8(fresh[i] as Float32Array) }));
      for (const { key, vector } of entries) found.set(key, vector);
      for (let i = 0; i < entries.length; i += CACHE_CHUNK) await this.cache.setMany(model, entries.slice(i, i + CACHE_CHUNK));
    }
    this.stats.requested += texts.length;
    this.stats.distinct += distinct.length;
    this.stats.cached += distinct.length - missing.length;
    this.stats.embedded += missing.length;
    return keys.map((k) => found.get(k) as Int8Array);
  }

  close(): Promise<void> {
    return this.provider.close();
  }
}
