/**
 * @discovery/schema-symbols/text: the cleaning of untrusted text alone (no graphql-js), for the
 * exits that load nothing else of this library: the generation contract, the demand report.
 */
export { stripHidden } from '../symbol-text.js';
