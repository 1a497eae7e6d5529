/**
 * The one reader of stored indexes, for the discovery API and the generator alike: checks
 * existence, tenancy (when a tenant is given) and readiness, marks the use (idle eviction),
 * loads the index into a bounded cache (least recently used out first) and serves search (query
 * vectors included when they are weighted and the index holds the current model's), records and
 * the full schema from memory. Both callers therefore rank and read an index the same way.
 *
 * Warm path: a cached index verified (for this tenant) within the verify interval is served
 * without any store round trip. A rebuilt index (another build version or build time) is loaded
 * afresh; `invalidate` drops one at once (index events).
 */
import type { GraphQLSchema } from 'graphql';
import { buildSchemaFromSdl, type SchemaSymbol } from '@discovery/schema-symbols';
import {
  ARTIFACT_PART,
  DEFAULT_RANKING_OPTIONS,
  deserializeSearchIndex,
  openIndexArtifact,
  VECTORS_PART,
  type ArtifactSearchIndex,
  getSymbols as lookupSymbols,
  search as rankSymbols,
  type RankingOptions,
  type SearchHit,
  type SearchIndex,
  type SearchRequest,
} from '@discovery/ranking';
import type { IndexEvent, IndexStore } from '@discovery/storage';
import { IndexReadError, IndexReadErrorCode } from './index-reader.errors.js';
import { LoadedIndexCache } from './loaded-index-cache.js';
import { LruMap } from './lru-map.js';
import { DecodedSymbols } from './decoded-symbols.js';

export interface LoadedIndex {
  readonly id: string;
  /** Version of the stored data (format, ranking, embedding model). */
  readonly version: string;
  /** When the stored data was built (a rebuild of the same version changes it). */
  readonly indexedAt: number;
  readonly search: SearchIndex;
  /** Heap bytes the cache counts for it: the loaded index, and its schema once built. */
  bytes: number;
  /** Tenants verified to own this index. */
  readonly tenants: Set<string>;
  verifiedAt: number;
  schema?: Promise<GraphQLSchema>;
}

/** How `IndexReader.search` ranks an index: its options, and the query's vector when it weighs one. */
export interface SearchPlan {
  ranking: Readonly<RankingOptions>;
  queryVector?: Float32Array;
}

/** An index's stored parts for `openIndexArtifact` (the vectors part only where searches weigh it). */
export interface SearchParts {
  artifact: Uint8Array;
  vectors?: Uint8Array;
}

/** Embeds a query with the model the index's vectors came from. */
export interface QueryEmbedder {
  embedQuery(text: string): Promise<Float32Array>;
}

/** Hooks for metrics; every member optional. */
export interface IndexReaderObserver {
  cacheLookup?(hit: boolean): void;
  indexesHeld?(count: number, bytes: number): void;
  indexEvicted?(reason: 'memory'): void;
}

export interface IndexReaderOptions {
  idleTtlMs: number;
  /** Version new builds get; an index of another version is served without query vectors. */
  currentVersion: string;
  cacheMaxBytes: number;
  /**
   * Of `cacheMaxBytes`, what the symbols decoded from loaded indexes (hits, lookups) may hold, shared
   * by all of them. Default a sixteenth (32 MiB of the default 512 MiB).
   */
  decodedSymbolBytes?: number;
  /**
   * Of `cacheMaxBytes`, what inflated symbol blocks (outside the JS heap) may hold, shared by all loaded
   * indexes. Default a sixteenth (32 MiB of the default 512 MiB).
   */
  inflatedBlockBytes?: number;
  /** Weight of vector similarity (0: queries are not embedded at all). Default: the ranking's default. */
  vectorWeight?: number;
  /** Cosine below which vector similarity adds nothing (it depends on the model). Default: the ranking's default. */
  vectorFloor?: number;
  /** How long a verified cache entry is trusted before existence/tenancy is re-checked. Default: min(5 s, ttl/4). */
  verifyIntervalMs?: number;
  now?: () => number;
}

/** Loaded JS structures of the previous format weigh more than their serialized parts (docs/performance.md). */
const HEAP_FACTOR = 3;
/**
 * A graphql-js schema built from an SDL holds about this many times the SDL's bytes (measured on
 * GitHub 7.8 and Shopify Admin 5.9: docs/performance.md "The index format").
 */
export const SCHEMA_HEAP_FACTOR = 8;
/** The parts a reader that never weighs meaning reads: the compact artifact (a previous format's parts are read whole). */
const WITHOUT_VECTORS = [ARTIFACT_PART];

function artifactOf(index: LoadedIndex): ArtifactSearchIndex | undefined {
  const search = index.search as Partial<ArtifactSearchIndex>;
  return typeof search.materialize === 'function' ? (search as ArtifactSearchIndex) : undefined;
}

/** The tenant of trusted opens (the generator: its job was accepted after the tenancy check). */
const TRUSTED = '\u0000trusted';

export class IndexReader {
  private readonly cache: LoadedIndexCache<LoadedIndex>;
  private readonly decoded: DecodedSymbols;
  private readonly queryVectors = new LruMap<string, Float32Array>(2000);
  private readonly verifyIntervalMs: number;
  private readonly now: () => number;
  private readonly ranking: Readonly<RankingOptions>;

  constructor(
    private readonly store: IndexStore,
    private readonly embedder: QueryEmbedder | undefined,
    private readonly options: IndexReaderOptions,
    private readonly observer: IndexReaderObserver = {},
  ) {
    const decodedBytes = Math.min(options.decodedSymbolBytes ?? Math.floor(options.cacheMaxBytes / 16), options.cacheMaxBytes);
    const blockBytes = Math.min(options.inflatedBlockBytes ?? Math.floor(options.cacheMaxBytes / 16), options.cacheMaxBytes - decodedBytes);
    this.decoded = new DecodedSymbols(decodedBytes, blockBytes);
    this.cache = new LoadedIndexCache(options.cacheMaxBytes - decodedBytes - blockBytes, () => observer.indexEvicted?.('memory'));
    this.verifyIntervalMs = options.verifyIntervalMs ?? Math.min(5000, Math.max(10, options.idleTtlMs / 4));
    this.now = options.now ?? Date.now;
    this.ranking =
      options.vectorWeight === undefined && options.vectorFloor === undefined
        ? DEFAULT_RANKING_OPTIONS
        : {
            ...DEFAULT_RANKING_OPTIONS,
            ...(options.vectorWeight !== undefined ? { vectorWeight: options.vectorWeight } : {}),
            ...(options.vectorFloor !== undefined ? { vectorFloor: options.vectorFloor } : {}),
          };
  }

  /** Drops a cached index (rebuilt, deleted, claim removed): the next use reloads it. */
  invalidate(indexId: string): void {
    this.cache.invalidate(indexId);
    this.observer.indexesHeld?.(this.cache.size, this.cache.bytes + this.decoded.bytes);
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

  /** Bytes counted against `cacheMaxBytes`: the loaded indexes, their decoded symbols and inflated blocks. */
  get heldBytes(): number {
    return this.cache.bytes + this.decoded.bytes;
  }

  /**
   * Returns a servable index loaded. With a `tenant`, verifies that it may read the index and
   * marks the use (idle deadline); without one (the generator, whose job the API accepted after
   * that check) neither. Throws IndexReadError `not_found`, `not_ready` or `too_large`.
   */
  async open(indexId: string, tenant?: string): Promise<LoadedIndex> {
    const who = tenant ?? TRUSTED;
    const now = this.now();
    const cached = this.cache.peek(indexId);
    if (cached?.tenants.has(who) && now - cached.verifiedAt < this.verifyIntervalMs) {
      this.observer.cacheLookup?.(true);
      return cached;
    }
    const meta = await this.store.getMeta(indexId);
    if (!meta || (tenant !== undefined && (await this.store.claimOf(indexId, tenant)) === undefined)) {
      if (!meta) this.invalidate(indexId);
      throw new IndexReadError(IndexReadErrorCode.NotFound, `index ${indexId} not found`);
    }
    if (meta.state !== 'ready' || !meta.builtVersion) {
      throw new IndexReadError(
        IndexReadErrorCode.NotReady,
        meta.state === 'failed' ? `index build failed: ${meta.error ?? 'unknown error'}` : 'index is still being built',
      );
    }
    this.checkFits(meta.storedBytes);
    if (tenant !== undefined) await this.store.touch(indexId, this.options.idleTtlMs);
    const current = cached && cached.version === meta.builtVersion && cached.indexedAt === (meta.indexedAt ?? 0);
    if (cached && !current) this.invalidate(indexId);
    this.observer.cacheLookup?.(Boolean(current));
    const loaded = await this.cache.getOrLoad(indexId, () => this.load(indexId));
    if (!loaded) throw new IndexReadError(IndexReadErrorCode.NotFound, `index ${indexId} not found`);
    loaded.tenants.add(who);
    loaded.verifiedAt = now;
    this.observer.indexesHeld?.(this.cache.size, this.cache.bytes + this.decoded.bytes);
    return loaded;
  }

  /** An index that would not fit the cache whole is refused before it is loaded (it would evict everything). */
  private checkFits(storedBytes: number | undefined): void {
    if (storedBytes === undefined || storedBytes * HEAP_FACTOR <= this.options.cacheMaxBytes) return;
    const mib = (bytes: number) => Math.ceil(bytes / (1024 * 1024));
    throw new IndexReadError(
      IndexReadErrorCode.TooLarge,
      `this index needs about ${mib(storedBytes * HEAP_FACTOR)} MiB of memory when loaded, more than this replica's whole index cache (${mib(this.options.cacheMaxBytes)} MiB, INDEX_CACHE_MAX_BYTES)`,
    );
  }

  async search(index: LoadedIndex, request: Omit<SearchRequest, 'queryVector'>): Promise<SearchHit[]> {
    const queryVector = this.ranking.vectorWeight > 0 ? await this.queryVector(index, request.query) : undefined;
    const hits = rankSymbols(index.search, queryVector ? { ...request, queryVector } : request, this.ranking);
    const artifact = artifactOf(index);
    return artifact === undefined ? hits : hits.map((hit) => ({ symbol: artifact.materialize(hit.symbol), score: hit.score }));
  }

  /**
   * What a search of this index needs to rank elsewhere (the slice worker thread) exactly as
   * `search` ranks here: the ranking options, and the query vector when this search would use one.
   */
  async searchPlan(index: LoadedIndex, query: string): Promise<SearchPlan> {
    const queryVector = this.ranking.vectorWeight > 0 ? await this.queryVector(index, query) : undefined;
    return queryVector ? { ranking: this.ranking, queryVector } : { ranking: this.ranking };
  }

  /**
   * The stored parts the index was loaded from (the artifact, and its vectors part where `search`
   * weighs them), for a search elsewhere: the bytes the loaded index serves from, nothing read from
   * the store again. Undefined for an index of a previous format (search it here then).
   */
  searchParts(index: LoadedIndex): SearchParts | undefined {
    return artifactOf(index)?.stored;
  }

  getSymbols(index: LoadedIndex, coordinates: string[]): SchemaSymbol[] {
    const symbols = lookupSymbols(index.search, coordinates);
    const artifact = artifactOf(index);
    return artifact === undefined ? symbols : symbols.map((symbol) => artifact.materialize(symbol));
  }

  /**
   * The full schema the index was built from (slices, validation of generated operations), built on
   * first use and kept with the loaded index; its memory then counts in the cache's bytes.
   */
  async schema(index: LoadedIndex): Promise<GraphQLSchema> {
    if (index.schema === undefined) {
      const building = this.store.getSdl(index.id).then((sdl) => {
        if (sdl === undefined) throw new IndexReadError(IndexReadErrorCode.NotFound, `index ${index.id} not found`);
        const schema = buildSchemaFromSdl(sdl).schema;
        if (index.schema === building) {
          this.cache.resize(index.id, index, index.bytes + Buffer.byteLength(sdl) * SCHEMA_HEAP_FACTOR);
          this.observer.indexesHeld?.(this.cache.size, this.cache.bytes + this.decoded.bytes);
        }
        return schema;
      });
      index.schema = building;
      building.catch(() => {
        if (index.schema === building) index.schema = undefined;
      });
    }
    return index.schema;
  }

  private async load(indexId: string): Promise<LoadedIndex | undefined> {
    const vectors = this.ranking.vectorWeight > 0 && this.embedder !== undefined;
    const [meta, parts] = await Promise.all([this.store.getMeta(indexId), this.store.getArtifacts(indexId, vectors ? undefined : WITHOUT_VECTORS)]);
    if (!meta?.builtVersion || !parts) return undefined;
    const loaded = { id: indexId, version: meta.builtVersion, indexedAt: meta.indexedAt ?? 0, tenants: new Set<string>(), verifiedAt: 0 };
    const artifact = parts[ARTIFACT_PART];
    if (artifact !== undefined) {
      const vectorPart = vectors && meta.builtVersion === this.options.currentVersion ? parts[VECTORS_PART] : undefined;
      const search = openIndexArtifact(artifact, vectorPart, { decoded: this.decoded.scope() });
      return { ...loaded, search, bytes: artifact.byteLength + (vectorPart?.byteLength ?? 0) + search.heapBytes };
    }
    // An index built by an earlier version (stale: it serves until its rebuild in place).
    const legacy = vectors ? parts : await this.store.getArtifacts(indexId);
    if (!legacy) return undefined;
    let bytes = 0;
    for (const part of Object.values(legacy)) bytes += part.byteLength;
    return { ...loaded, search: deserializeSearchIndex(legacy), bytes: bytes * HEAP_FACTOR };
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
