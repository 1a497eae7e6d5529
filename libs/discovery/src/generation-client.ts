/**
 * GenerationClient: what the indexer's GenerateQuery calls. It normalizes the
 * prompt, answers from the ResultCache when it can, else enqueues (or joins)
 * the job for (index, prompt) and waits for it within GENERATE_TIMEOUT, then
 * caches a complete answer. Domain outcomes come back as GenerationError.
 */
import {
  cleanJobResult,
  cleanResolution,
  GenerationError,
  GenerationErrorCode,
  generationCacheKey,
  generationJobId,
  normalizePrompt,
  type GenerateJobData,
  type GenerateJobResult,
  type Resolution,
} from '@discovery/generation/contract';
import { NO_GENERATOR_WORKER } from '@discovery/proto';
import { MAX_PROMPT_CHARS } from '@discovery/proto/limits';
import { JobFailedError, JobTimeoutError, type JobQueue, type ResultCache } from '@discovery/storage';
import type { GenerationPort } from './ports.js';

export interface GenerationClientOptions {
  queue: JobQueue<GenerateJobData, GenerateJobResult>;
  /** Where complete answers are kept; absent: no caching. */
  cache?: ResultCache;
  /** How long a caller waits (GENERATE_TIMEOUT). */
  timeoutMs: number;
  /** How long a complete answer is cached (GENERATE_CACHE_TTL); 0 disables caching. */
  cacheTtlMs: number;
  /** Attempts per job (a crashed worker's stalled job is taken over regardless). Default 2. */
  attempts?: number;
  /** How long a seen worker is trusted before the queue is asked again. Default 5 s. */
  workerCheckMs?: number;
}

/** Said when no generator consumes the queue: nobody would ever run the job. */
export const NO_WORKER_MESSAGE = 'No generator worker consumes the generation queue: start the generator service (apps/generator) next to the indexer.';

function isResolution(value: unknown): value is Resolution {
  const candidate = value as Resolution | null;
  return (
    typeof candidate === 'object' &&
    candidate !== null &&
    Array.isArray(candidate.queries) &&
    Array.isArray(candidate.unsatisfied) &&
    typeof candidate.truncated === 'boolean'
  );
}

export class GenerationClient implements GenerationPort {
  /** Epoch ms until which a seen worker is trusted. */
  private workerSeenUntil = 0;

  constructor(private readonly options: GenerationClientOptions) {
    if (!Number.isSafeInteger(options.timeoutMs) || options.timeoutMs < 1) {
      throw new RangeError(`GenerationClient: timeoutMs must be a positive integer (got ${options.timeoutMs})`);
    }
    if (!Number.isSafeInteger(options.cacheTtlMs) || options.cacheTtlMs < 0) {
      throw new RangeError(`GenerationClient: cacheTtlMs must be an integer >= 0 (got ${options.cacheTtlMs})`);
    }
  }

  /**
   * Operations for `prompt` against the index `indexId` (which the caller has
   * checked exists and is servable). Throws GenerationError.
   */
  async generate(indexId: string, prompt: string, options: { requestId?: string } = {}): Promise<Resolution> {
    const normalized = normalizePrompt(typeof prompt === 'string' ? prompt : '');
    if (normalized === '') throw new GenerationError(GenerationErrorCode.InvalidArgument, 'The prompt must contain a non-space character.');
    if (normalized.length > MAX_PROMPT_CHARS) {
      throw new GenerationError(GenerationErrorCode.InvalidArgument, `The prompt is longer than ${MAX_PROMPT_CHARS} characters.`);
    }
    const cacheKey = generationCacheKey(indexId, normalized);
    const cached = await this.readCache(indexId, cacheKey);
    if (cached) return cleanResolution(cached);
    await this.requireWorker();
    const data: GenerateJobData = { indexId, prompt: normalized, deadlineAt: Date.now() + this.options.timeoutMs };
    if (options.requestId !== undefined) data.requestId = options.requestId;
    // Model text is untrusted: cleaned before it is cached, counted or answered (issue 23 finding 6).
    const result = cleanJobResult(await this.wait(data));
    switch (result.status) {
      case 'resolved':
        // A fallback (the model gave nothing usable) is not kept: the next call asks the model again.
        if (!result.resolution.truncated && !result.resolution.fallback) await this.writeCache(indexId, cacheKey, result.resolution);
        return result.resolution;
      case 'no_data':
        throw new GenerationError(GenerationErrorCode.InvalidArgument, result.reason);
      case 'failed':
        throw new GenerationError(result.code, result.message, result.reason ? { reason: result.reason } : undefined);
    }
  }

  /** Fails at once (unavailable) when no worker consumes the queue, rather than waiting out the budget. */
  private async requireWorker(): Promise<void> {
    if (Date.now() < this.workerSeenUntil) return;
    const workers = await this.options.queue.workerCount();
    if (workers === 0) throw new GenerationError(GenerationErrorCode.Unavailable, NO_WORKER_MESSAGE, { reason: NO_GENERATOR_WORKER });
    this.workerSeenUntil = Date.now() + (this.options.workerCheckMs ?? 5_000);
  }

  private async wait(data: GenerateJobData): Promise<GenerateJobResult> {
    try {
      return await this.options.queue.enqueueAndWait(data, {
        jobId: generationJobId(data.indexId, data.prompt),
        timeoutMs: this.options.timeoutMs,
        budgetMs: this.options.timeoutMs,
        attempts: this.options.attempts ?? 2,
      });
    } catch (error) {
      if (error instanceof JobTimeoutError) {
        throw new GenerationError(
          GenerationErrorCode.DeadlineExceeded,
          `Query generation did not finish within ${Math.round(this.options.timeoutMs / 1000)} s.`,
          { cause: error },
        );
      }
      if (error instanceof JobFailedError) {
        // The job's own error text (a stack overflow, a library's message) is for the log, never the caller (issue 23).
        throw new GenerationError(GenerationErrorCode.Internal, 'Query generation failed unexpectedly.', { cause: error });
      }
      throw error;
    }
  }

  private async readCache(indexId: string, key: string): Promise<Resolution | undefined> {
    if (!this.options.cache || this.options.cacheTtlMs === 0) return undefined;
    const text = await this.options.cache.get(indexId, key);
    if (text === undefined) return undefined;
    try {
      const value: unknown = JSON.parse(text);
      return isResolution(value) ? value : undefined;
    } catch {
      return undefined; // a corrupt entry is a miss; the fresh answer overwrites it
    }
  }

  private async writeCache(indexId: string, key: string, resolution: Resolution): Promise<void> {
    if (!this.options.cache || this.options.cacheTtlMs === 0) return;
    await this.options.cache.set(indexId, key, JSON.stringify(resolution), this.options.cacheTtlMs);
  }
}
