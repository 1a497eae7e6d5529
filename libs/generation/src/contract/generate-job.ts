/**
 * The generator's job contract, shared by the indexer (producer, through
 * @discovery/discovery's GenerationClient) and the generator worker (consumer). Changing these shapes
 * changes what is stored on the queue: keep them additive.
 */
import type { QueueOptions } from '@discovery/storage';
import type { GenerationErrorCode } from './generation.errors.js';

/** BullMQ queue name of query generation (the hash-tagged prefix is the queue adapter's). */
export const GENERATE_QUEUE = 'generate-query';

/**
 * Queue settings for generation workers (the generator app and `serve`): jobs are short, so
 * a dead worker's lock lapses after 10 s and its job is taken over within about 15 s.
 */
export const GENERATE_QUEUE_OPTIONS: Readonly<QueueOptions> = { lockDurationMs: 10_000, stalledIntervalMs: 5_000, maxStalledCount: 2, attempts: 2 };

/** Input of one generation job. */
export interface GenerateJobData {
  /** `sha256:<hex>` address of the index to generate against. */
  indexId: string;
  /** The prompt, whitespace-normalized (see normalizePrompt). Never logged. */
  prompt: string;
  /** Correlates logs of the requesting RPC and the worker. */
  requestId?: string;
  /** Epoch ms after which nobody waits for the answer: the worker ends (truncated) before it. */
  deadlineAt?: number;
}

export type OperationType = 'query' | 'mutation' | 'subscription';

/** A JSON Schema object (draft 2020-12 subset). */
export type JsonSchema = { [key: string]: unknown };

/** One validated, parameterized operation (docs/wire.md ResolvedQuery). */
export interface ResolvedQuery {
  /** One line saying what the operation returns or does. */
  description: string;
  /** The printed document: one operation with description strings, validated against the full schema. */
  document: string;
  /** Unique within the resolution, PascalCase. */
  operationName: string;
  operationType: OperationType;
  /** JSON Schema of the variables (docs/architecture.md, "Variables schema"). */
  variablesSchema: JsonSchema;
}

/** The answer to a prompt (docs/wire.md Resolution). */
export interface Resolution {
  queries: ResolvedQuery[];
  /** What the prompt asks for that the schema cannot provide, each with the reason. */
  unsatisfied: string[];
  /** True when turns or time ran out; the valid operations found by then are kept. */
  truncated: boolean;
  /** True when composed without a language model (none is configured). Not on the wire: a response header says it. */
  composed?: boolean;
  /** True when a model is configured but gave nothing usable, so this is the composer's answer (docs/models.md). Not cached. */
  fallback?: boolean;
}

/**
 * What a job returns. Domain outcomes are results, not job failures, so they
 * are neither retried nor lost: `no_data` (the prompt asks for no data: the
 * indexer answers `invalid_argument`) and `failed` with a GenerationError code.
 */
export type GenerateJobResult =
  | { status: 'resolved'; resolution: Resolution }
  | { status: 'no_data'; reason: string }
  | { status: 'failed'; code: GenerationErrorCode; message: string; reason?: string };

/** Progress the worker reports on the job (visible to operators and waiters). */
export interface GenerateJobProgress {
  stage: 'retrieving' | 'model' | 'validating' | 'done';
  turn: number;
  maxTurns: number;
  /** Operations accepted so far. */
  accepted: number;
}
