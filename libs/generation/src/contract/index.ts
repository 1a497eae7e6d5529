/**
 * @discovery/generation/contract: what the discovery service (the producer) and the generator
 * worker (the consumer) share about a generation: the queue's name and settings, the job's data
 * and result, the error codes, and the prompt's normalization and keys. Loads neither the model
 * client (`openai`) nor graphql-js: the indexer imports only this (test/architecture checks it).
 */
export * from './generation.errors.js';
export * from './generate-job.js';
export * from './prompt-key.js';
export * from './clean-result.js';
