/**
 * @discovery/ranking: pure schema search. Build a SearchIndex from symbols
 * (and optional int8 vectors), serialize it to parts for storage, and search
 * it with words, meaning and structure. No Nest, no I/O.
 */
export { buildSearchIndex, type SearchIndex } from './search-index.js';
export { search, getSymbols } from './search.js';
export {
  DEFAULT_LIMIT,
  MAX_LIMIT,
  MAX_QUERY_LENGTH,
  type SearchHit,
  type SearchRequest,
} from './search-request.js';
export { DEFAULT_RANKING_OPTIONS, type RankingOptions } from './ranking-options.js';
export { RankingError, RankingErrorCode } from './ranking.errors.js';
export { quantizeVector, INT8_SCALE } from './vector-scores.js';
export { analyzeQuery, type QueryIntent } from './query-intent.js';
export { splitIdentifier, stem, textTerms, identifierTerms } from './tokenizer.js';
export {
  serializeSearchIndex,
  deserializeSearchIndex,
  RANKING_FORMAT_VERSION,
} from './search-index.serializer.js';
export { writeIndexArtifact, ARTIFACT_FORMAT_VERSION, ARTIFACT_PART, BLOCK_SYMBOLS, VECTORS_PART } from './search-index.artifact.js';
export { openIndexArtifact, DECODED_HEAP_FACTOR, type ArtifactSearchIndex, type DecodedSymbolCache } from './search-index.artifact-reader.js';
