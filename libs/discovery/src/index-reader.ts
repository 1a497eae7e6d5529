/**
 * Opens indexes for reading: checks existence, tenancy and readiness, marks
 * the use (idle eviction), loads the index into the bounded cache and serves
 * search and records from memory. Used by the indexer's API and by the
 * generator, so both rank and read the same way.
 *
 * Warm path: a cached index already verified for this tenant within the
 * verify interval is served without any Redis round trip.
 */
import type { GraphQLSchema } from 'graphql';
import { buildSchemaFromSdl, type SchemaSymbol } from '@discovery/schema-symbols';
import {
  DEFAULT_RANKING_OPTIONS,
  deserializeSearchIndex,
  getSymbols as lookupSymbols,
  search as rankSymbols,
  type SearchHit,
  type SearchIndex,
  type RankingOptions,
  type SearchRequest,
} from '@discovery/ranking';
import type { IndexEvent, IndexStore } from '@discovery/storage';
import { DiscoveryError, DiscoveryErrorCode } from './discovery.errors.js';
import { LoadedIndexCache } from './loaded-index-cache.js';
import { LruMap } from './lru-map.js';
import type { DiscoveryObserver, TextEmbedder } from './ports.js';

export interface LoadedIndex {
  readonly id: string;
  /** Version of the stored data (format, ranking, embedding model). */
  readonly version: string;
  readonly search: SearchIndex;
  readonly bytes: number;
  /** Tenants verified to own this index. */
  readonly tenants: Set<string>;
  verifiedAt: number;
  schema?: Promise<GraphQLSchema>;
}

export interface IndexReaderOptions {
  idleTtlMs: number;
  /** Version new builds get; an index of another version is served without query vectors. */
  currentVersion: string;
  cacheMaxBytes: number;
  /** Weight of vector similarity (0: queries are not embedded at all). Default: the ranking's default. */
  vectorWeight?: number;
  /** How long a verified cache entry is trusted before existence/tenancy is re-checked. Default: min(5 s, ttl/4). */
  verifyIntervalMs?: number;
  now?: () => number;
}

/** Loaded JS structures weigh more than their serialized parts. */
const HEAP_FACTOR = 3;

export class IndexReader {
  private readonly cache: LoadedIndexCache<LoadedIndex>;
  private readonly queryVectors = new LruMap<string, Float32Array>(2000);
  private readonly verifyIntervalMs: number;
  private readonly now: () => number;
  private readonly ranking: Readonly<RankingOptions>;

  constructor(
    private readonly store: IndexStore,
    private readonly embedder: TextEmbedder | undefined,
    private readonly options: IndexReaderOptions,
    private readonly observer: DiscoveryObserver = {},
  ) {
    this.cache = new LoadedIndexCache(options.cacheMaxBytes, () => observer.indexEvicted?.('memory'));
    this.verifyIntervalMs = options.verifyIntervalMs ?? Math.min(5000, Math.max(10, options.idleTtlMs / 4));
    this.now = options.now ?? Date.now;
    this.ranking =
      options.vectorWeight === undefined ? DEFAULT_RANKING_OPTIONS : { ...DEFAULT_RANKING_OPTIONS, vectorWeight: options.vectorWeight };
  }

  /** Drops a cached index (rebuilt, deleted, claim removed): the next use reloads it. */
  invalidate(indexId: string): void {
    this.cache.invalidate(indexId);
    this.observer.indexesHeld?.(this.cache.size, this.cache.bytes);
  }

  /**
   * A tenant dropped its claim while others keep theirs: the loaded data stays (no reload for the
   * others), but every tenant is checked against the store again on its next use.
   */
  reverify(indexId: string): void {
    const cached = this.cache.peek(indexId);
    if (!cached) return;
    cached.tenants.clear();
    cached.verifiedAt = 0;
  }

  /** Applies an index event from any replica. */
  onEvent(event: IndexEvent): void {
    if (event.type === 'index.unclaimed') this.reverify(event.indexId);
    else this.invalidate(event.indexId);
  }

  get cachedIndexes(): number {
    return this.cache.size;
  }

  /** Verifies that `tenant` may read a servable index and returns it loaded. */
  async open(indexId: string, tenant: string): Promise<LoadedIndex> {
    const now = this.now();
    const cached = this.cache.peek(indexId);
    if (cached && cached.tenants.has(tenant) && now - cached.verifiedAt < this.verifyIntervalMs) {
      this.observer.cacheLookup?.(true);
      return cached;
    }
    const meta = await this.store.getMeta(indexId);
    if (!meta || (await this.store.claimOf(indexId, tenant)) === undefined) {
      if (!meta) this.invalidate(indexId);
      throw DiscoveryError.notFound(indexId);
    }
    if (meta.state !== 'ready' || !meta.builtVersion) {
      throw new DiscoveryError(
        DiscoveryErrorCode.FailedPrecondition,
        meta.state === 'failed' ? `index build failed: ${meta.error ?? 'unknown error'}` : 'index is still being built',
      );
    }
    this.checkFits(meta.storedBytes);
    await this.store.touch(indexId, this.options.idleTtlMs);
    if (cached && cached.version !== meta.builtVersion) this.invalidate(indexId);
    this.observer.cacheLookup?.(Boolean(cached && cached.version === meta.builtVersion));
    const loaded = await this.cache.getOrLoad(indexId, () => this.load(indexId));
    if (!loaded) throw DiscoveryError.notFound(indexId);
    loaded.tenants.add(tenant);
    loaded.verifiedAt = now;
    this.observer.indexesHeld?.(this.cache.size, this.cache.bytes);
    return loaded;
  }

  /** An index that would not fit the cache whole is refused before it is loaded (it would evict everything). */
  private checkFits(storedBytes: number | undefined): void {
    if (storedBytes === undefined || storedBytes * HEAP_FACTOR <= this.options.cacheMaxBytes) return;
    const mib = (bytes: number) => Math.ceil(bytes / (1024 * 1024));
    throw new DiscoveryError(
      DiscoveryErrorCode.ResourceExhausted,
      `this index needs about ${mib(storedBytes * HEAP_FACTOR)} MiB of memory when loaded, more than this replica's whole index cache (${mib(this.options.cacheMaxBytes)} MiB, INDEX_CACHE_MAX_BYTES)`,
    );
  }

  async search(index: LoadedIndex, request: Omit<SearchRequest, 'queryVector'>): Promise<SearchHit[]> {
    const queryVector = this.ranking.vectorWeight > 0 ? await this.queryVector(index, request.query) : undefined;
    return rankSymbols(index.search, queryVector ? { ...request, queryVector } : request, this.ranking);
  }

  getSymbols(index: LoadedIndex, coordinates: string[]): SchemaSymbol[] {
    return lookupSymbols(index.search, coordinates);
  }

  /** The full schema the index was built from (validation of generated operations). */
  async getSchema(index: LoadedIndex): Promise<GraphQLSchema> {
    index.schema ??= this.store.getSdl(index.id).then((sdl) => {
      if (sdl === undefined) throw DiscoveryError.notFound(index.id);
      return buildSchemaFromSdl(sdl).schema;
    });
    return index.schema;
  }

  private async load(indexId: string): Promise<LoadedIndex | undefined> {
    const [meta, parts] = await Promise.all([this.store.getMeta(indexId), this.store.getArtifacts(indexId)]);
    if (!meta?.builtVersion || !parts) return undefined;
    let bytes = 0;
    for (const part of Object.values(parts)) bytes += part.byteLength;
    return {
      id: indexId,
      version: meta.builtVersion,
      search: deserializeSearchIndex(parts),
      bytes: bytes * HEAP_FACTOR,
      tenants: new Set(),
      verifiedAt: 0,
    };
  }

  /** Query vectors only where the index holds vectors of the current model. */
  private async queryVector(index: LoadedIndex, query: string): Promise<Float32Array | undefined> {
    if (!this.embedder || index.version !== this.options.currentVersion) return undefined;
    const key = query.trim().toLowerCase();
    const known = this.queryVectors.get(key);
    if (known) return known;
    const vector = await this.embedder.embedQuery(key);
    this.queryVectors.set(key, vector);
    return vector;
  }
}
