/**
 * A GenerationIndex over an SDL built in process with the real symbol
 * extraction and ranking (words and structure; no vectors). For tests and the
 * benchmark: production reads indexes through the indexer's IndexReader.
 */
import type { GraphQLSchema } from 'graphql';
import { buildSchemaFromSdl, extractSymbols } from '@discovery/schema-symbols';
import { buildSearchIndex, getSymbols, search, type SearchIndex } from '@discovery/ranking';
import type { GenerationIndex, GenerationSearchRequest, GenerationHit } from '../generation-index.js';
import type { SchemaSymbol } from '@discovery/schema-symbols';
import { readFixture } from './fixtures.js';

export class LexicalGenerationIndex implements GenerationIndex {
  readonly schema: GraphQLSchema;
  private readonly index: SearchIndex;

  constructor(sdl: string) {
    this.schema = buildSchemaFromSdl(sdl).schema;
    this.index = buildSearchIndex(extractSymbols(this.schema));
  }

  async search(request: GenerationSearchRequest): Promise<GenerationHit[]> {
    return search(this.index, { ...request, ...(request.roots ? { roots: [...request.roots] } : {}) });
  }

  async getSymbols(coordinates: string[]): Promise<SchemaSymbol[]> {
    return getSymbols(this.index, coordinates);
  }
}

const byPath = new Map<string, LexicalGenerationIndex>();

/** The index of a fixture schema (memoized per test file). */
export function fixtureIndex(path: string): LexicalGenerationIndex {
  let index = byPath.get(path);
  if (!index) {
    index = new LexicalGenerationIndex(readFixture(path));
    byPath.set(path, index);
  }
  return index;
}
