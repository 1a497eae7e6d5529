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
