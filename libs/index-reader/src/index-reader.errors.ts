/**
 * IndexReadError: the one error class of the index reader. Its `code` is translated once, by
 * its callers' edges (the discovery API into Connect codes, the generator into job results).
 */
export const IndexReadErrorCode = {
  /** No such index (never built, deleted, evicted), or the tenant does not own it. */
  NotFound: 'not_found',
  /** The index exists but cannot serve yet (building) or its first build failed. */
  NotReady: 'not_ready',
  /** Loaded, the index would need more memory than the whole index cache. */
  TooLarge: 'too_large',
} as const;
export type IndexReadErrorCode = (typeof IndexReadErrorCode)[keyof typeof IndexReadErrorCode];

export class IndexReadError extends Error {
  override name = 'IndexReadError';

  constructor(
    readonly code: IndexReadErrorCode,
    message: string,
  ) {
    super(message);
  }
}
