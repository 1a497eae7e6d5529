/**
 * GenerationError: the one error class of the generation library. Its `code`
 * is translated once at the edge (Connect interceptor, MCP tool, processor).
 */

export const GenerationErrorCode = {
  /** Blank prompt, or a prompt that asks for no data at all. */
  InvalidArgument: 'invalid_argument',
  /** The index does not exist (never built, deleted, evicted). */
  NotFound: 'not_found',
  /** The index exists but cannot serve yet. */
  FailedPrecondition: 'failed_precondition',
  /** No language model is configured. */
  Unimplemented: 'unimplemented',
  /** The budget ran out before any answer (queue wait or model). */
  DeadlineExceeded: 'deadline_exceeded',
  /** The model endpoint failed (after retries) before anything useful came back, or cannot be reached. */
  Unavailable: 'unavailable',
  /** The model endpoint is rate limiting the service. */
  ResourceExhausted: 'resource_exhausted',
  /** Anything else: a bug or a broken dependency. */
  Internal: 'internal',
} as const;
export type GenerationErrorCode = (typeof GenerationErrorCode)[keyof typeof GenerationErrorCode];

export class GenerationError extends Error {
  override name = 'GenerationError';
  /** A stable machine-readable reason beside the code (e.g. `no-generator-worker`), passed to clients. */
  readonly reason: string | undefined;

  constructor(
    readonly code: GenerationErrorCode,
    message: string,
    options?: { cause?: unknown; reason?: string },
  ) {
    super(message, options?.cause !== undefined ? { cause: options.cause } : undefined);
    this.reason = options?.reason;
  }
}
