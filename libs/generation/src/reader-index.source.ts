/**
 * ReaderIndexSource: the generator's indexes, opened through the one IndexReader
 * (@discovery/index-reader) that the discovery API uses too, so the model is given the schema
 * ranked exactly as search_schema shows it (query vectors included when embeddings are on). The
 * job was accepted by the API after its tenancy check, so no tenant is checked here. The
 * reader's errors become GenerationError codes.
 */
import { IndexReadError, IndexReadErrorCode, type IndexReader, type LoadedIndex } from '@discovery/index-reader';
import type { SchemaSymbol } from '@discovery/schema-symbols';
import type { GraphQLSchema } from 'graphql';
import { GenerationError, GenerationErrorCode } from './contract/generation.errors.js';
import type { GenerationHit, GenerationIndex, GenerationIndexSource, GenerationSearchRequest } from './generation-index.js';

class ReaderIndex implements GenerationIndex {
  constructor(
    private readonly reader: IndexReader,
    private readonly index: LoadedIndex,
    readonly schema: GraphQLSchema,
  ) {}

  search(request: GenerationSearchRequest): Promise<GenerationHit[]> {
    return this.reader.search(this.index, { ...request, ...(request.roots ? { roots: [...request.roots] } : {}) });
  }

  async getSymbols(coordinates: string[]): Promise<SchemaSymbol[]> {
    return this.reader.getSymbols(this.index, coordinates);
  }
}

export class ReaderIndexSource implements GenerationIndexSource {
  constructor(private readonly reader: IndexReader) {}

  async open(indexId: string): Promise<GenerationIndex> {
    try {
      const index = await this.reader.open(indexId);
      return new ReaderIndex(this.reader, index, await this.reader.schema(index));
    } catch (error) {
      if (!(error instanceof IndexReadError)) throw error;
      if (error.code === IndexReadErrorCode.NotFound) {
        throw new GenerationError(GenerationErrorCode.NotFound, 'The index does not exist (never built, deleted or evicted).');
      }
      if (error.code === IndexReadErrorCode.NotReady) throw new GenerationError(GenerationErrorCode.FailedPrecondition, 'The index cannot serve yet.');
      throw new GenerationError(GenerationErrorCode.FailedPrecondition, error.message);
    }
  }
}
