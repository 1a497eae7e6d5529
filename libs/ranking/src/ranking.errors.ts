/**
 * RankingError: the one error class of the ranking library, with a string code
 * the edges (Connect interceptor, MCP tool, processor) translate once.
 */

export const RankingErrorCode = {
  /** A search request that cannot be served (blank query, bad limit, ...). */
  InvalidRequest: 'invalid_request',
  /** Index input that is inconsistent (vectors not aligned with symbols, ...). */
  InvalidInput: 'invalid_input',
  /** Serialized parts that are missing, corrupt or of another format version. */
  BadFormat: 'bad_format',
} as const;
export type RankingErrorCode = (typeof RankingErrorCode)[keyof typeof RankingErrorCode];

export class RankingError extends Error {
  override readonly name = 'RankingError';

  constructor(
    readonly code: RankingErrorCode,
    message: string,
  ) {
    super(message);
  }
}
