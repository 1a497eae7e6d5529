/**
 * The generation job handler, shared by the generator app and the all-in-one
 * `serve` mode: opens the index, runs the model loop, and turns domain
 * outcomes into job results. Aborts (worker shutdown) and unexpected errors
 * are thrown, so the queue hands the job to another worker or retries it.
 */
import type { JobContext, JobHandler } from '@discovery/storage';
import type { GenerateJobData, GenerateJobResult } from './contract/generate-job.js';
import type { GenerationIndexSource } from './generation-index.js';
import { GenerationError, GenerationErrorCode } from './contract/generation.errors.js';
import type { GenerationLog, QueryGenerator } from './query-generator.js';
import type { QueryComposer } from './compose/query-composer.js';

export interface GenerationWorkerDeps {
  indexes: GenerationIndexSource;
  /** Undefined when no model is configured: jobs are answered by the composer. */
  generator: QueryGenerator | undefined;
  /** Composes operations without a model; with neither, jobs answer `unimplemented`. */
  composer?: QueryComposer;
  log?: GenerationLog;
  /** Told how each job ended (metrics). */
  onFinished?: (outcome: GenerateJobResult['status'] | 'error', seconds: number) => void;
}

export const NO_MODEL_MESSAGE = 'Query generation is not configured: no language model is set (LLM_MODEL).';
export const PAST_DEADLINE_MESSAGE = 'The caller stopped waiting before the generation could run.';
/** How long a held lock outlasts the caller's deadline: the answer is still being written. */
const LOCK_MARGIN_MS = 2_000;

/**
 * Holds the job's lock until the caller's deadline before a stage that may block the event loop
 * (slicing, composing): a blocked loop renews no lock, and BullMQ would hand the job to another
 * worker as stalled while it still runs (issue 23 finding 3).
 */
export function holdLockUntil(context: JobContext, deadlineAt: number | undefined): Promise<void> {
  if (!context.holdLock || deadlineAt === undefined) return Promise.resolve();
  return context.holdLock(deadlineAt - Date.now() + LOCK_MARGIN_MS).catch(() => undefined);
}

const pastDeadline = (data: GenerateJobData): boolean => data.deadlineAt !== undefined && Date.now() >= data.deadlineAt;

function isJobData(data: unknown): data is GenerateJobData {
  const candidate = data as GenerateJobData | null;
  return typeof candidate === 'object' && candidate !== null && typeof candidate.indexId === 'string' && typeof candidate.prompt === 'string';
}

/** A composed answer says so (the indexer passes it on as a response header). */
function markComposed(result: GenerateJobResult): GenerateJobResult {
  return result.status === 'resolved' ? { status: 'resolved', resolution: { ...result.resolution, composed: true } } : result;
}

/** A JobHandler for GENERATE_QUEUE. */
export function generationJobHandler(deps: GenerationWorkerDeps): JobHandler<GenerateJobData, GenerateJobResult> {
  return async (data: GenerateJobData, context: JobContext): Promise<GenerateJobResult> => {
    const started = Date.now();
    const finish = (result: GenerateJobResult): GenerateJobResult => {
      deps.onFinished?.(result.status, (Date.now() - started) / 1000);
      return result;
    };
    if (!isJobData(data) || data.prompt.trim() === '') {
      return finish({ status: 'failed', code: GenerationErrorCode.InvalidArgument, message: 'The job carries no index id or prompt.' });
    }
    if (!deps.generator && !deps.composer) return finish({ status: 'failed', code: GenerationErrorCode.Unimplemented, message: NO_MODEL_MESSAGE });
    // Nobody waits any more (a job taken over after its caller's deadline): no work at all.
    if (pastDeadline(data)) return finish({ status: 'failed', code: GenerationErrorCode.DeadlineExceeded, message: PAST_DEADLINE_MESSAGE });
    deps.log?.info({ jobId: context.jobId, attempt: context.attempt, requestId: data.requestId }, 'generation job started');
    try {
      const index = await deps.indexes.open(data.indexId);
      if (!deps.generator) {
        if (pastDeadline(data)) return finish({ status: 'failed', code: GenerationErrorCode.DeadlineExceeded, message: PAST_DEADLINE_MESSAGE });
        await holdLockUntil(context, data.deadlineAt);
        return finish(markComposed(await (deps.composer as QueryComposer).compose(index, data.prompt)));
      }
      const result = await deps.generator.generate(index, data.prompt, {
        signal: context.signal,
        ...(data.deadlineAt !== undefined ? { deadlineAt: data.deadlineAt } : {}),
        progress: (progress) => context.progress({ ...progress }),
        holdLock: () => holdLockUntil(context, data.deadlineAt),
        releaseLock: () => context.releaseLock?.().catch(() => undefined) ?? Promise.resolve(),
      });
      return finish(result);
    } catch (error) {
      if (error instanceof GenerationError) return finish({ status: 'failed', code: error.code, message: error.message });
      deps.onFinished?.('error', (Date.now() - started) / 1000);
      throw error;
    }
  };
}
