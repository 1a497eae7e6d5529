/**
 * An index over an SDL built in process with the real symbol extraction and
 * ranking (words and structure; no vectors): a SliceSource, and a
 * GenerationIndex for generation's tests. For tests and the benchmark:
 * production reads indexes through the indexer's IndexReader.
 */
import type { GraphQLSchema } from 'graphql';
import { buildSchemaFromSdl, extractSymbols } from '@discovery/schema-symbols';
import { buildSearchIndex, getSymbols, search, type SearchHit, type SearchIndex, type SearchRequest } from '@discovery/ranking';
import type { RootOperation, SchemaSymbol, SymbolKind } from '@discovery/schema-symbols';
import type { SliceSource } from '../slice-source.js';
import { readFixture } from './fixtures.js';

/** A search request with the generator's typed kinds and roots. */
type LexicalSearchRequest = Omit<SearchRequest, 'kinds' | 'roots' | 'queryVector'> & { kinds?: SymbolKind[]; roots?: readonly RootOperation[] };

export class LexicalSchemaIndex implements SliceSource {
  readonly schema: GraphQLSchema;
  private readonly index: SearchIndex;

  constructor(sdl: string) {
    this.schema = buildSchemaFromSdl(sdl).schema;
    this.index = buildSearchIndex(extractSymbols(this.schema));
  }

  async search(request: LexicalSearchRequest): Promise<SearchHit[]> {
    const { roots, ...rest } = request;
    return search(this.index, { ...rest, ...(roots ? { roots: [...roots] } : {}) });
  }

  async getSymbols(coordinates: string[]): Promise<SchemaSymbol[]> {
    return getSymbols(this.index, coordinates);
  }
}

const byPath = new Map<string, LexicalSchemaIndex>();

/** The index of a fixture schema (memoized per test file). */
export function fixtureIndex(path: string): LexicalSchemaIndex {
  let index = byPath.get(path);
  if (!index) {
    index = new LexicalSchemaIndex(readFixture(path));
    byPath.set(path, index);
  }
  return index;
}
