/**
 * Response headers our services add to Connect answers, beside the messages of the protos (which
 * stay Cosmo's for yoko.v1). Clients that do not know a header ignore it.
 */

/** On a GenerateQuery answer composed without a language model (none is configured): value `no-model`. */
export const COMPOSED_HEADER = 'discovery-composed';
export const COMPOSED_HEADER_VALUE = 'no-model';

/** On an error: a stable reason beside the Connect code, for clients that phrase their own text. */
export const ERROR_REASON_HEADER = 'discovery-reason';
/** Reason of `unavailable` from GenerateQuery when no generator worker consumes the queue. */
export const NO_GENERATOR_WORKER = 'no-generator-worker';
