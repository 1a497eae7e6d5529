/**
 * Headers our services and clients add to Connect calls and answers, beside the messages of the
 * protos (which stay Cosmo's for yoko.v1). Whoever does not know a header ignores it.
 */

/**
 * On an EnsureIndex request: the caller's readable name of the schema (its source file or
 * introspection URL), kept per tenant and shown by ListIndexDetails (discovery.v1). Percent-encoded
 * UTF-8 (`encodeURIComponent`), at most 300 characters once decoded.
 */
export const INDEX_LABEL_HEADER = 'discovery-index-label';

/** On a GenerateQuery answer composed without a language model (none is configured): value `no-model`. */
export const COMPOSED_HEADER = 'discovery-composed';
export const COMPOSED_HEADER_VALUE = 'no-model';

/** On an error: a stable reason beside the Connect code, for clients that phrase their own text. */
export const ERROR_REASON_HEADER = 'discovery-reason';
/** Reason of `unavailable` from GenerateQuery when no generator worker consumes the queue. */
export const NO_GENERATOR_WORKER = 'no-generator-worker';

/** Reason of `unavailable` when the service runs but its Redis (the index store) does not answer. */
export const STORE_UNAVAILABLE = 'store-unavailable';

/**
 * Reasons of a GenerateQuery that failed at the language model (docs/models.md): the CLI and the
 * bridge phrase their own text from them, so a model's refusal is never shown as "unreachable".
 */
export const MODEL_REASONS = Object.freeze({
  /** The request does not fit the model's context window. */
  contextTooLong: 'model-context-too-long',
  /** The endpoint does not serve the configured model. */
  unknownModel: 'model-unknown',
  /** The endpoint cannot take what the loop needs (tools, nor JSON answers). */
  noToolSupport: 'model-no-tool-support',
  rateLimited: 'model-rate-limited',
  /** The endpoint rejected the service's API key. */
  unauthorized: 'model-unauthorized',
  /** Nothing answered at the model endpoint's address (or nothing in time). */
  unreachable: 'model-unreachable',
  /** The endpoint answered with server errors. */
  failing: 'model-failing',
  /** Another refusal. */
  refused: 'model-refused',
} as const);
export type ModelReason = (typeof MODEL_REASONS)[keyof typeof MODEL_REASONS];

/** Whether a `discovery-reason` names a failure of the language model. */
export function isModelReason(reason: string | null | undefined): reason is ModelReason {
  return typeof reason === 'string' && (Object.values(MODEL_REASONS) as string[]).includes(reason);
}

/** Value of COMPOSED_HEADER when a model is configured but gave nothing usable: the composer's draft was returned instead. */
export const COMPOSED_FALLBACK_HEADER_VALUE = 'model-fallback';
