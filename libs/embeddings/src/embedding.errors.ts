/**
 * The one error class of the embeddings library. `code` says what went wrong
 * so the edge (Connect interceptor, BullMQ processor) can decide whether to
 * retry (`request_failed`, `timeout`, `rate_limited`) or give up.
 */
export const EmbeddingErrorCode = {
  /** Bad argument: empty text, wrong vector length, unknown provider settings. */
  InvalidInput: 'invalid_input',
  /** A dependency or model file is missing; the message says what to install or where to put it. */
  ProviderUnavailable: 'provider_unavailable',
  /** The model could not be loaded or run. */
  ModelFailed: 'model_failed',
  /** The remote endpoint answered with an error that retrying will not fix (4xx other than 429). */
  RequestRejected: 'request_rejected',
  /** The remote endpoint kept failing (429 / 5xx / network) until the retry budget ran out. */
  RequestFailed: 'request_failed',
  /** A call took longer than its budget. */
  Timeout: 'timeout',
  /** The caller's AbortSignal fired. */
  Aborted: 'aborted',
  /** embed() after close(). */
  Closed: 'closed',
} as const;
export type EmbeddingErrorCode = (typeof EmbeddingErrorCode)[keyof typeof EmbeddingErrorCode];

export class EmbeddingError extends Error {
  override readonly name = 'EmbeddingError';
  constructor(
    readonly code: EmbeddingErrorCode,
    message: string,
    options?: { cause?: unknown },
  ) {
    super(message, options);
  }
}

/** Throws `aborted` when the signal has fired. */
export function throwIfAborted(signal: AbortSignal | undefined): void {
  if (signal?.aborted) {
    throw new EmbeddingError(EmbeddingErrorCode.Aborted, 'embedding aborted by the caller', { cause: signal.reason });
  }
}

/** Rejects empty or whitespace-only texts with a clear message naming the position. */
export function assertTexts(texts: readonly string[]): void {
  if (!Array.isArray(texts)) throw new EmbeddingError(EmbeddingErrorCode.InvalidInput, 'texts must be an array of strings');
  texts.forEach((text, i) => {
    if (typeof text !== 'string') {
      throw new EmbeddingError(EmbeddingErrorCode.InvalidInput, `texts[${i}] is not a string`);
    }
    if (text.trim().length === 0) {
      throw new EmbeddingError(EmbeddingErrorCode.InvalidInput, `texts[${i}] is empty: there is nothing to embed`);
    }
  });
}
