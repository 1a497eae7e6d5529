/**
 * @discovery/generation/contract: what the discovery service (the producer) and the generator
 * worker (the consumer) share about a generation: the queue's name and settings, the job's data
 * and result, the error codes, and the prompt's normalization and keys. Loads neither the model
 * client (`openai`) nor graphql-js: the indexer imports only this (test/architecture checks it).
 */
export { GenerationError, GenerationErrorCode } from './generation.errors.js';
export {
  GENERATE_QUEUE,
  GENERATE_QUEUE_OPTIONS,
  type GenerateJobData,
  type GenerateJobProgress,
  type GenerateJobResult,
  type JsonSchema,
  type OperationType,
  type Resolution,
  type ResolvedQuery,
} from './generate-job.js';
export { generationCacheKey, generationJobId, generationKey, normalizePrompt } from './prompt-key.js';
export { cleanJobResult, cleanResolution } from './clean-result.js';
