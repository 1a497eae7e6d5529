/**
 * The tunable constants of the ranking, in one place. The defaults are the
 * measured best on the development benchmark (docs/search-quality.md); the
 * benchmark passes variants to measure each signal's contribution.
 */

export interface RankingOptions {
  /** Multiplier for symbols of deprecated elements. */
  deprecatedFactor: number;
  /** Multiplier for symbols not reachable from any root. */
  unreachableFactor: number;
  /** Multiplier for mutation root fields when the query only reads. */
  readMutationFieldFactor: number;
  /** Multiplier for symbols reachable from the mutation root only, when the query only reads. */
  readWriteOnlyFactor: number;
  /** Multiplier for mutation root fields when the query asks to change data. */
  writeMutationFieldFactor: number;
  /** How many query root fields are kept near the top as entry points (see rerank.ts). */
  rootFieldSlots: number;
  /** Ranks (0-based, among the other hits) at which the chosen root fields are placed. */
  rootFieldPositions: readonly number[];
  /** Weight of the best hits' votes for the root fields that open their types (entry-points.ts). */
  entryVoteWeight: number;
  /** How many of the best hits vote. */
  entryVoters: number;
  /** Bonus for a root field by how fully the query names the entity it returns (times that entity's centrality). */
  rootEntityWeight: number;
  /** Bonus for the share of a symbol's own name words the query contains. */
  nameCoverageWeight: number;
  /** Bonus for the share of the owning type's name words the query contains. */
  parentCoverageWeight: number;
  /** Bonus for central owning types (importance in [0, 1]: how many fields lead to the type). */
  importanceWeight: number;
  /** For requests to change data: bonus for the share of a mutation field's name words the request contains. */
  writeNameCoverageWeight: number;
  /** For requests to change data: a mutation's name word in the request's verb class counts as named by the request (verb-classes.ts). */
  verbClassCoverage: boolean;
  /** A statement (no question) that holds every word of a mutation's name of two words or more asks to change data (mutation-vocabulary.ts). */
  namedMutationWrites: boolean;
  /** Multiplier for identifying fields (`name`, `title`, ...) of a type the query names in full. */
  labelFactor: number;
  /** Share of a field hit's score lent to the identifying members of the type it returns (member-expansion.ts). */
  expansionWeight: number;
  /** How many of the best field hits lend. */
  expansionSources: number;
  /** Factor for the second hop (a connection's `nodes`, then the entity's identifying members). */
  expansionDecay: number;
  /** Candidates rescored by the second stage. */
  rerankDepth: number;
  /** Candidates tied with the rerankDepth-th best join the second stage up to this many in all, so that schema order does not cut a tie (search.ts). */
  rerankTieDepth: number;
  /** Multiplier for type symbols (object, interface, ...), against fields. */
  typeFactor: number;
  /** Multiplier for path symbols. */
  pathFactor: number;
  /** Weight of the vector (meaning) score in the fusion; 0 ignores vectors. */
  vectorWeight: number;
  /** Cosine below which the vector signal adds nothing (it depends on the model: SEARCH_VECTOR_FLOOR). */
  vectorFloor: number;
  /** Compare the query vector with every symbol's (the previous release), not only the word candidates and, for requests, the mutation fields. */
  vectorScanAll: boolean;
  /**
   * A request to change data keeps the mutation closest to it in meaning (cosine at least
   * `vectorFloor`) among its first `writeMeaningSlot` hits, when vectors are weighed; 0 disables
   * (docs/search-quality.md, "A place for the closest mutation").
   */
  writeMeaningSlot: number;
  /** Weight of the schema words a query's abbreviations stand for (`org` -> organization; abbreviations.ts); 0 disables. */
  abbreviationWeight: number;
  /** Weight of the schema words a request's everyday phrases stand for (action-lexicon.ts); 0 disables. */
  thesaurusWeight: number;
}

export const DEFAULT_RANKING_OPTIONS: Readonly<RankingOptions> = {
  deprecatedFactor: 0.5,
  unreachableFactor: 0.6,
  readMutationFieldFactor: 0.05,
  readWriteOnlyFactor: 0.3,
  writeMutationFieldFactor: 3,
  rootFieldSlots: 4,
  rootFieldPositions: [2, 5, 8, 12],
  entryVoteWeight: 1,
  entryVoters: 20,
  rootEntityWeight: 2,
  nameCoverageWeight: 0,
  parentCoverageWeight: 1.5,
  importanceWeight: 1,
  writeNameCoverageWeight: 3,
  verbClassCoverage: true,
  namedMutationWrites: true,
  labelFactor: 2,
  expansionWeight: 0.5,
  expansionSources: 10,
  expansionDecay: 0.8,
  rerankDepth: 300,
  rerankTieDepth: 600,
  typeFactor: 0.3,
  pathFactor: 1,
  vectorWeight: 0,
  vectorFloor: 0.2,
  vectorScanAll: false,
  writeMeaningSlot: 10,
  abbreviationWeight: 0.6,
  thesaurusWeight: 1,
};
