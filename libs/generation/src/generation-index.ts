/**
 * GenerationIndex: what the generator needs from an index (the indexer's
 * IndexReader provides it through ReaderIndexSource; tests build one over a fixture schema).
 */
import type { GraphQLSchema } from 'graphql';
import type { RootOperation, SchemaSymbol, SymbolKind } from '@discovery/schema-symbols';

export interface GenerationSearchRequest {
  /** A topic in words. */
  query: string;
  /** Maximum number of hits (the index's default when absent). */
  limit?: number;
  kinds?: SymbolKind[];
  roots?: RootOperation[];
  /** A coordinate such as `object:Query`: only members of that type. */
  parent?: string;
  /** true keeps only Relay connection fields, false removes them. */
  paginated?: boolean;
}

export interface GenerationHit {
  symbol: SchemaSymbol;
  score: number;
}

export interface GenerationIndex {
  /** The full schema, for validation and slicing. */
  readonly schema: GraphQLSchema;
  /** Hybrid search, best first. */
  search(request: GenerationSearchRequest): Promise<GenerationHit[]>;
  /** Symbols by coordinate, in request order, unknown coordinates left out. */
  getSymbols(coordinates: string[]): Promise<SchemaSymbol[]>;
}

/**
 * Opens an index by id. Throws GenerationError `not_found` (no such index) or
 * `failed_precondition` (exists, not servable yet).
 */
export interface GenerationIndexSource {
  open(indexId: string): Promise<GenerationIndex>;
}
