/**
 * StoredIndexSource: opens indexes the indexer built, straight from the
 * IndexStore (Redis in production), for the generator worker. The job was
 * accepted by the indexer after its tenancy check, so no tenant is checked
 * here. Loaded indexes (search structures and the schema) are kept in a small
 * LRU keyed by build, so a rebuilt index is loaded afresh. Search here is by
 * words and structure (no query vectors).
 */
import type { GraphQLSchema } from 'graphql';
import { deserializeSearchIndex, getSymbols, search, type SearchIndex } from '@discovery/ranking';
import { buildSchemaFromSdl, type SchemaSymbol } from '@discovery/schema-symbols';
import type { IndexStore } from '@discovery/storage';
import type { GenerationHit, GenerationIndex, GenerationIndexSource, GenerationSearchRequest } from './generation-index.js';
import { GenerationError, GenerationErrorCode } from './contract/generation.errors.js';

class StoredIndex implements GenerationIndex {
  constructor(
    readonly schema: GraphQLSchema,
    private readonly index: SearchIndex,
  ) {}

  async search(request: GenerationSearchRequest): Promise<GenerationHit[]> {
    return search(this.index, { ...request, ...(request.roots ? { roots: [...request.roots] } : {}) });
  }

  async getSymbols(coordinates: string[]): Promise<SchemaSymbol[]> {
    return getSymbols(this.index, coordinates);
  }
}

export class StoredIndexSource implements GenerationIndexSource {
  private readonly loaded = new Map<string, Promise<GenerationIndex>>();
  private readonly maxIndexes: number;

  constructor(
    private readonly store: IndexStore,
    options: { maxIndexes?: number } = {},
  ) {
    this.maxIndexes = options.maxIndexes ?? 4;
    if (!Number.isSafeInteger(this.maxIndexes) || this.maxIndexes < 1) throw new RangeError('maxIndexes must be an integer >= 1');
  }

  async open(indexId: string): Promise<GenerationIndex> {
    const meta = await this.store.getMeta(indexId);
    if (!meta) throw new GenerationError(GenerationErrorCode.NotFound, 'The index does not exist (never built, deleted or evicted).');
    if (meta.state !== 'ready' || meta.builtVersion === undefined) {
      throw new GenerationError(GenerationErrorCode.FailedPrecondition, 'The index cannot serve yet.');
    }
    const key = `${indexId}|${meta.builtVersion}|${meta.indexedAt ?? 0}`;
    let pending = this.loaded.get(key);
    if (pending) {
      this.loaded.delete(key);
      this.loaded.set(key, pending);
      return pending;
    }
    pending = this.load(indexId);
    this.loaded.set(key, pending);
    pending.catch(() => this.loaded.delete(key));
    while (this.loaded.size > this.maxIndexes) {
      const oldest = this.loaded.keys().next().value;
      if (oldest === undefined) break;
      this.loaded.delete(oldest);
    }
    return pending;
  }

  private async load(indexId: string): Promise<GenerationIndex> {
    const [sdl, parts] = await Promise.all([this.store.getSdl(indexId), this.store.getArtifacts(indexId)]);
    if (sdl === undefined || parts === undefined) {
      throw new GenerationError(GenerationErrorCode.NotFound, 'The index does not exist (deleted or evicted while loading).');
    }
    return new StoredIndex(buildSchemaFromSdl(sdl).schema, deserializeSearchIndex(parts));
  }
}
