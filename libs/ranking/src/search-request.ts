/**
 * SearchRequest and SearchHit, the public shapes of a search, and the checks
 * that turn a request into a valid, clamped one.
 */
import type { SchemaSymbol } from '@discovery/schema-symbols';
import { DEFAULT_SEARCH_LIMIT, MAX_QUERY_CHARS, MAX_SEARCH_LIMIT } from '@discovery/proto/limits';
import { RankingError, RankingErrorCode } from './ranking.errors.js';

/** Hits returned when a request gives no limit (or 0, the wire's "default"): the API's limit. */
export const DEFAULT_LIMIT = DEFAULT_SEARCH_LIMIT;
/** Most hits one search returns; larger limits are clamped to it (the API's limit). */
export const MAX_LIMIT = MAX_SEARCH_LIMIT;
/** Longest query used, in characters; longer queries are cut (a prompt pasted as a query). */
export const MAX_QUERY_LENGTH = MAX_QUERY_CHARS;

export interface SearchRequest {
  query: string;
  /** Unit-length embedding of the query (same model as the index's vectors). */
  queryVector?: Float32Array;
  /** Default DEFAULT_LIMIT, clamped to MAX_LIMIT; 0 means the default. */
  limit?: number;
  /** Keep only these kinds; unknown kinds match nothing. Empty or absent: every kind. */
  kinds?: string[];
  /** Keep only members of this coordinate (`object:Query`, `input:X`, or a bare type name). */
  parent?: string;
  /** true: only Relay connection fields; false: none of them; absent: both. */
  paginated?: boolean;
  /** Keep symbols reachable from these roots: `query`/`mutation`/`subscription` or root type names. */
  roots?: string[];
}

export interface SearchHit {
  symbol: SchemaSymbol;
  score: number;
}

/** Validates a request; returns the effective limit. */
export function effectiveLimit(request: SearchRequest): number {
  if (typeof request.query !== 'string' || request.query.trim().length === 0) {
    throw new RankingError(RankingErrorCode.InvalidRequest, 'The query must contain a non-space character.');
  }
  const limit = request.limit ?? 0;
  if (!Number.isInteger(limit) || limit < 0) {
    throw new RankingError(RankingErrorCode.InvalidRequest, `The limit must be a non-negative integer, got ${limit}.`);
  }
  return limit === 0 ? DEFAULT_LIMIT : Math.min(limit, MAX_LIMIT);
}
