/**
 * CachingEmbedder: embeds texts through a provider, once per (model, text)
 * across indexes and replicas. Keys are the hex SHA-256 of the text, stored in
 * the shared EmbeddingCache under the provider's id; duplicates within a call
 * are embedded once; results are int8 (quantizeInt8) and aligned with the input.
 */
import { createHash } from 'node:crypto';
import type { EmbeddingCache } from '@discovery/storage';
import type { EmbeddingProvider } from './embedding-provider.js';
import { assertTexts, throwIfAborted } from './embedding.errors.js';
import { quantizeInt8 } from './vector-math.js';

/** Keys per cache round trip. */
const CACHE_CHUNK = 1000;

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

  constructor(
    private readonly provider: EmbeddingProvider,
    private readonly cache: EmbeddingCache,
  ) {}

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

  /** One int8 vector per text, in input order; only texts missing from the cache reach the provider. */
  async embed(texts: string[], signal?: AbortSignal): Promise<Int8Array[]> {
    assertTexts(texts);
    await this.provider.init();
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
      const fresh = await this.provider.embed(missing.map((k) => textOf.get(k) as string), signal);
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
