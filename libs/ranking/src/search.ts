/**
 * search(): ranks the symbols of an index for a query. Words first (BM25F over
 * postings), then structural priors (read/write side, deprecation,
 * reachability), then the meaning signal when a query vector is given, then
 * filters and the top `limit`. Deterministic: ties break by symbol position.
 */
import type { SchemaSymbol } from '@discovery/schema-symbols';
import { DEFAULT_RANKING_OPTIONS, type RankingOptions } from './ranking-options.js';
import { analyzeQuery, type QueryIntent } from './query-intent.js';
import { compileFilter } from './search-filter.js';
import type { SearchIndex } from './search-index.js';
import { effectiveLimit, MAX_QUERY_LENGTH, type SearchHit, type SearchRequest } from './search-request.js';
import { addVectorScores } from './vector-scores.js';
import { priorFactors } from './prior-factors.js';
import { rerank } from './rerank.js';
import { expandMembers } from './member-expansion.js';
import { indexAbbreviations } from './abbreviations.js';
import { selectTop, topK } from './top-k.js';
import { resolveCoordinate } from './coordinate-resolver.js';
import { emptyPositionSet, positionBuffer, scoreBuffer } from './search-scratch.js';
import { findMentions } from './name-mentions.js';
import { mutationOnlyWords, namesMutation, schemaNameWords } from './mutation-vocabulary.js';
import { namedTiers, promoteNamed } from './named-elements.js';
import { classVerbStems } from './verb-classes.js';

/** Ranks the index's symbols for the request. Throws RankingError for an invalid request. */
export function search(index: SearchIndex, request: SearchRequest, options: Readonly<RankingOptions> = DEFAULT_RANKING_OPTIONS): SearchHit[] {
  const limit = effectiveLimit(request);
  const query = request.query.slice(0, MAX_QUERY_LENGTH);
  const intent = analyzeQuery(
    query,
    mutationOnlyWords(index),
    options.thesaurusWeight,
    { of: indexAbbreviations(index), weight: options.abbreviationWeight },
    schemaNameWords(index),
    options.namedMutationWrites ? namesMutation(index) : undefined,
  );
  const mentions = findMentions(query);
  const scores = scoreBuffer(index.symbols.length);
  const candidates = lexicalScores(index, intent, scores);
  applyPriors(index, intent, candidates, scores, options);
  const meaning =
    request.queryVector !== undefined && index.vectors !== undefined && options.vectorWeight > 0
      ? addVectorScores(index, request.queryVector, candidates, scores, options, intent.write)
      : undefined;
  const ranked = meaning?.candidates ?? candidates;
  const filter = compileFilter(index, request);
  const kept = filter === undefined ? ranked : ranked.filter(filter);
  // The second stage reads the best candidates; those tied with the last of them come too (up to
  // rerankTieDepth), since where a tie is cut would otherwise depend on schema order alone.
  const depth = Math.max(options.rerankDepth, limit);
  const head = selectTop(kept, scores, depth, Math.max(options.rerankTieDepth, depth));
  const inHead = emptyPositionSet(index.symbols.length);
  for (const i of head) inHead.add(i);
  const join = (i: number): void => {
    if (!inHead.has(i) && (filter === undefined || filter(i))) {
      inHead.add(i);
      head.push(i);
    }
  };
  // Every query root field among the candidates joins the head: entry points are chosen from all of them.
  for (const i of index.queryRootFields) if (scores[i]! > 0) join(i);
  // Names are also matched on what the query's abbreviations stand for, and a request to change data on the schema words its phrases stand for.
  const queryTermIds = index.nameTerms.queryTermIds(intent.nameTerms);
  // A mutation's verb counts as named when it is in the request's verb class (`add` names `createColumn`'s `create`).
  const verb =
    intent.verbClasses !== 0 && options.verbClassCoverage
      ? { classes: intent.verbClasses, terms: index.nameTerms.queryTermIds(classVerbStems(intent.verbClasses)) }
      : undefined;
  const entries = rerank(index, queryTermIds, intent.write, head, scores, options, verb);
  for (const i of entries) join(i);
  for (const i of expandMembers(index, head, scores, intent.write, filter, options)) join(i);
  if (mentions.mentions.length > 0 || mentions.folded !== undefined) {
    const tiers = namedTiers(index, mentions, candidates, scores);
    let best = 0;
    for (const i of head) if (scores[i]! > best) best = scores[i]!;
    promoteNamed(index, tiers, scores, best, (i) => {
      if (filter !== undefined && !filter(i)) return false;
      join(i);
      return true;
    });
  }
  const top = topK(head, scores, limit);
  if (meaning?.closestMutation !== undefined) keepClosestMutation(meaning.closestMutation, top, limit, scores, filter, options.writeMeaningSlot);
  const hits = top.map((i) => ({ symbol: index.symbols[i]!, score: scores[i]! }));
  if (hits.length < limit && request.parent !== undefined && filter !== undefined) {
    fillWithMembers(index, filter, hits, limit);
  }
  return hits;
}

/**
 * A request's words may share nothing with the mutation it needs ("Clear everything out of my
 * basket" -> `emptyCart`), and a weighted sum lets many word hits outrank it, so the mutation
 * closest in meaning keeps a place among the first `slots` hits (when the request's filters let it
 * in): when it is not there, it takes the last of them, at that hit's score (the order stays by score).
 */
function keepClosestMutation(
  closest: number,
  top: number[],
  limit: number,
  scores: Float64Array,
  filter: ((i: number) => boolean) | undefined,
  writeMeaningSlot: number,
): void {
  const slots = Math.min(writeMeaningSlot, limit);
  if (slots <= 0 || (filter !== undefined && !filter(closest))) return;
  const at = top.indexOf(closest);
  if (at >= 0 && at < slots) return;
  if (at >= 0) top.splice(at, 1);
  else if (top.length >= limit) top.pop();
  const place = Math.min(slots - 1, top.length);
  const beside = top[place] ?? top[top.length - 1];
  if (beside !== undefined) scores[closest] = scores[beside]!;
  top.splice(place, 0, closest);
}

/** Symbols by coordinate (bare `Type.field` too: coordinate-resolver.ts), in request order; unknown coordinates are left out. */
export function getSymbols(index: SearchIndex, coordinates: readonly string[]): SchemaSymbol[] {
  const found: SchemaSymbol[] = [];
  for (const c of coordinates) {
    const i = resolveCoordinate(index, c);
    if (i !== undefined) found.push(index.symbols[i]!);
  }
  return found;
}

/** Sums BM25F impacts of the query terms; returns the positions with a positive score (a scratch view). */
function lexicalScores(index: SearchIndex, intent: QueryIntent, scores: Float64Array): Int32Array {
  const { termIds, postingStart, postingDoc, postingImpact } = index.lexical;
  const candidates = positionBuffer(index.symbols.length);
  let count = 0;
  for (const { term, weight } of intent.weighted) {
    const t = termIds.get(term);
    if (t === undefined) continue;
    for (let p = postingStart[t]!, end = postingStart[t + 1]!; p < end; p++) {
      const doc = postingDoc[p]!;
      if (scores[doc] === 0) candidates[count++] = doc;
      scores[doc]! += weight * postingImpact[p]!;
    }
  }
  return candidates.subarray(0, count);
}

/** Multiplies each candidate's word score by its structural prior (prior-factors.ts). */
function applyPriors(index: SearchIndex, intent: QueryIntent, candidates: Int32Array, scores: Float64Array, o: Readonly<RankingOptions>): void {
  const factors = priorFactors(index, o, intent.write);
  for (const i of candidates) scores[i]! *= factors[i]!;
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
