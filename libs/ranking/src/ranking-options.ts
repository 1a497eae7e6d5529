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
  /** Weight of the vector (meaning) score in the fusion; 0 ignores vectors. */
  vectorWeight: number;
  /** Cosine below which the vector signal adds nothing. */
  vectorFloor: number;
}

export const DEFAULT_RANKING_OPTIONS: Readonly<RankingOptions> = {
  deprecatedFactor: 0.5,
  unreachableFactor: 0.6,
  readMutationFieldFactor: 0.05,
  readWriteOnlyFactor: 0.3,
  writeMutationFieldFactor: 1.3,
  vectorWeight: 0,
  vectorFloor: 0.2,
};
