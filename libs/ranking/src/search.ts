/**
 * search(): ranks the symbols of an index for a query. Words first (BM25F over
 * postings), then structural priors (read/write side, deprecation,
 * reachability), then the meaning signal when a query vector is given, then
 * filters and the top `limit`. Deterministic: ties break by symbol position.
 */
import type { SchemaSymbol } from '@discovery/schema-symbols';
import { DEFAULT_RANKING_OPTIONS, type RankingOptions } from './ranking-options.js';
import { analyzeQuery, type QueryIntent } from './query-intent.js';
import { compileFilter, type SymbolFilter } from './search-filter.js';
import type { SearchIndex } from './search-index.js';
import { effectiveLimit, MAX_QUERY_LENGTH, type SearchHit, type SearchRequest } from './search-request.js';
import { addVectorScores } from './vector-scores.js';
import { priorFactors } from './prior-factors.js';
import { rerank } from './rerank.js';
import { expandMembers } from './member-expansion.js';
import { selectTop, topK } from './top-k.js';

/** Ranks the index's symbols for the request. Throws RankingError for an invalid request. */
export function search(
  index: SearchIndex,
  request: SearchRequest,
  options: Readonly<RankingOptions> = DEFAULT_RANKING_OPTIONS,
): SearchHit[] {
  const limit = effectiveLimit(request);
  const intent = analyzeQuery(request.query.slice(0, MAX_QUERY_LENGTH));
  const scores = scoreBuffer(index.symbols.length);
  const candidates = lexicalScores(index, intent, scores);
  applyPriors(index, intent, candidates, scores, options);
  const ranked =
    request.queryVector !== undefined && index.vectors !== undefined && options.vectorWeight > 0
      ? addVectorScores(index, request.queryVector, candidates, scores, options)
      : candidates;
  const filter = compileFilter(index, request);
  const kept = filter === undefined ? ranked : ranked.filter(filter);
  const head = withRootFields(index, scores, filter, selectTop(kept, scores, Math.max(options.rerankDepth, limit)));
  const entries = rerank(index, index.nameTerms.queryTermIds(intent.terms), intent.write, head, scores, options);
  const inHead = new Set(head);
  for (const i of entries) if (!inHead.has(i) && (filter === undefined || filter(i))) head.push(i);
  const gained = expandMembers(index, head, scores, intent.write, filter, options);
  const top = topK(gained.length === 0 ? head : [...new Set([...head, ...gained])], scores, limit);
  const hits = top.map((i) => ({ symbol: index.symbols[i]!, score: scores[i]! }));
  if (hits.length < limit && request.parent !== undefined && filter !== undefined) {
    fillWithMembers(index, filter, hits, limit);
  }
  return hits;
}

let buffer = new Float64Array(0);

/**
 * The per-search score array, reused: a search runs synchronously from start to end, so one
 * buffer serves every search of the thread (cleared here, never read after the search returns).
 */
function scoreBuffer(size: number): Float64Array {
  if (buffer.length < size) buffer = new Float64Array(size);
  const scores = buffer.subarray(0, size);
  scores.fill(0);
  return scores;
}

/** Symbols by coordinate, in request order; unknown coordinates are left out. */
export function getSymbols(index: SearchIndex, coordinates: readonly string[]): SchemaSymbol[] {
  const found: SchemaSymbol[] = [];
  for (const c of coordinates) {
    const i = index.byCoordinate.get(c);
    if (i !== undefined) found.push(index.symbols[i]!);
  }
  return found;
}

/** Sums BM25F impacts of the query terms; returns the positions with a positive score. */
function lexicalScores(index: SearchIndex, intent: QueryIntent, scores: Float64Array): number[] {
  const { termIds, postingStart, postingDoc, postingImpact } = index.lexical;
  const candidates: number[] = [];
  for (const { term, weight } of intent.weighted) {
    const t = termIds.get(term);
    if (t === undefined) continue;
    for (let p = postingStart[t]!, end = postingStart[t + 1]!; p < end; p++) {
      const doc = postingDoc[p]!;
      if (scores[doc] === 0) candidates.push(doc);
      scores[doc]! += weight * postingImpact[p]!;
    }
  }
  return candidates;
}

/** Multiplies each candidate's word score by its structural prior (prior-factors.ts). */
function applyPriors(
  index: SearchIndex,
  intent: QueryIntent,
  candidates: readonly number[],
  scores: Float64Array,
  o: Readonly<RankingOptions>,
): void {
  const factors = priorFactors(index, o, intent.write);
  for (const i of candidates) scores[i]! *= factors[i]!;
}

/**
 * Adds the query root fields among the candidates (positive score, passing the filter) to the head:
 * entry points are chosen from all of them.
 */
function withRootFields(index: SearchIndex, scores: Float64Array, filter: SymbolFilter | undefined, head: number[]): number[] {
  const inHead = new Set(head);
  for (const i of index.queryRootFields) {
    if (scores[i]! > 0 && !inHead.has(i) && (filter === undefined || filter(i))) head.push(i);
  }
  return head;
}

/** With a `parent` filter, lists the remaining members in schema order below the ranked ones. */
function fillWithMembers(index: SearchIndex, filter: (i: number) => boolean, hits: SearchHit[], limit: number): void {
  const seen = new Set(hits.map((h) => h.symbol.coordinate));
  let score = hits.length > 0 ? Math.min(hits[hits.length - 1]!.score, 1) : 1;
  for (let i = 0; i < index.symbols.length && hits.length < limit; i++) {
    const symbol = index.symbols[i]!;
    if (!filter(i) || seen.has(symbol.coordinate)) continue;
    score /= 2;
    hits.push({ symbol, score });
  }
}
