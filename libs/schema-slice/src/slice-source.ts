/**
 * SliceSource: what the slicer needs of an index to slice it for a query, the
 * schema and its search. The generator's GenerationIndex and the indexer's
 * loaded index both provide it.
 */
import type { GraphQLSchema } from 'graphql';
import type { RootOperation } from '@discovery/schema-symbols';
import type { SliceHit } from './slice-relevance.js';

export interface SliceSearchRequest {
  query: string;
  limit: number;
  roots: RootOperation[];
}

export interface SliceSource {
  readonly schema: GraphQLSchema;
  /** Hybrid search, best first. */
  search(request: SliceSearchRequest): Promise<readonly SliceHit[]>;
}
