/**
 * QueryGenerator: the model loop. It slices the schema for the prompt (hybrid
 * search plus what the hits need), then lets the model search, read and
 * validate through tools for a bounded number of turns until it calls
 * `submit_operations`; invalid operations go back for repair and are dropped if
 * still invalid. Turns, time and model failures end as `truncated` or a clear
 * error, never a hang.
 */
import type OpenAI from 'openai';
import type { ChatCompletionMessageParam } from 'openai/resources/chat/completions';
import type { RootOperation } from '@discovery/schema-symbols';
import type { GenerateJobProgress, GenerateJobResult, Resolution } from './contract/generate-job.js';
import type { GenerationHit, GenerationIndex } from './generation-index.js';
import { GenerationErrorCode } from './contract/generation.errors.js';
import { callModel, type ModelAttempt } from './model-caller.js';
import { NUDGE_TOOL_CALL, openingMessages, type ModelDraft } from './model-prompt.js';
import { MODEL_TOOLS } from './model-tools.js';
import { sliceFromHits, sliceHitCount } from '@discovery/schema-slice';
import { GenerationSession } from './tool-handlers.js';
import type { QueryComposer } from './compose/query-composer.js';
import type { ScalarJsonSchemas } from './variables-schema.js';

export interface QueryGeneratorOptions {
  model: string;
  /** Most model turns (GENERATE_MAX_TURNS). */
  maxTurns: number;
  /** Budget of one generation (GENERATE_TIMEOUT). */
  timeoutMs: number;
  /** Upper bound of one model call (LLM_TIMEOUT). */
  callTimeoutMs: number;
  /** GENERATE_ALLOW_MUTATIONS: from configuration only. */
  allowMutations: boolean;
  /** Token budget of the schema slice. Default 8000. */
  sliceTokens?: number;
  scalars?: ScalarJsonSchemas;
  /** Composes a first draft from the same hits, handed to the model as its starting candidate. */
  composer?: QueryComposer;
}

export interface GenerateContext {
  /** Aborted on shutdown or when the job's budget ends: the job is handed back. */
  signal?: AbortSignal;
  /** Epoch ms after which nobody waits for the answer. */
  deadlineAt?: number;
  progress?: (progress: GenerateJobProgress) => Promise<void> | void;
}

/** Observation hooks (metrics). */
export interface GenerationHooks {
  modelAttempt?: (attempt: ModelAttempt & { model: string }) => void;
}

/** Structured log sink (pino-compatible subset). Never given a prompt, SDL or token. */
export interface GenerationLog {
  info(obj: object, msg?: string): void;
  warn(obj: object, msg?: string): void;
}

/** Thrown when the job was aborted (worker shutting down): the queue hands it to another worker. */
export class GenerationAbortedError extends Error {
  override name = 'GenerationAbortedError';
}

/** Time kept back before the caller's deadline, so the answer still reaches it. */
const DEADLINE_MARGIN_MS = 500;

export class QueryGenerator {
  constructor(
    private readonly client: OpenAI,
    private readonly options: QueryGeneratorOptions,
    private readonly log: GenerationLog = { info: () => undefined, warn: () => undefined },
    private readonly hooks: GenerationHooks = {},
  ) {
    if (!Number.isSafeInteger(options.maxTurns) || options.maxTurns < 1) throw new RangeError('maxTurns must be an integer >= 1');
    if (!(options.timeoutMs > 0) || !(options.callTimeoutMs > 0)) throw new RangeError('timeouts must be positive');
  }

  async generate(index: GenerationIndex, prompt: string, context: GenerateContext = {}): Promise<GenerateJobResult> {
    const started = Date.now();
    const deadline = Math.min(started + this.options.timeoutMs, (context.deadlineAt ?? Infinity) - DEADLINE_MARGIN_MS);
    const { maxTurns, allowMutations } = this.options;
    const report = async (stage: GenerateJobProgress['stage'], turn: number, accepted: number): Promise<void> => {
      await context.progress?.({ stage, turn, maxTurns, accepted });
    };
    await report('retrieving', 0, 0);
    const roots: RootOperation[] = allowMutations ? ['query', 'mutation'] : ['query'];
    // One search feeds both the slice the model reads and the composer's draft.
    const sliceOptions = { roots, ...(this.options.sliceTokens !== undefined ? { maxTokens: this.options.sliceTokens } : {}) };
    const hits = await index.search({ query: prompt, limit: sliceHitCount(sliceOptions.maxTokens), roots });
    const slice = sliceFromHits(index.schema, prompt, hits, sliceOptions);
    const session = new GenerationSession(index, index.schema, { allowMutations, ...(this.options.scalars ? { scalars: this.options.scalars } : {}) });
    const draft = this.draft(index, prompt, hits);
    const messages: ChatCompletionMessageParam[] = openingMessages(prompt, slice.sdl, { allowMutations, maxTurns }, draft);
    this.log.info({ sliceTokens: slice.tokens, sliceTruncated: slice.truncated }, 'generation started');

    for (let turn = 1; turn <= maxTurns; turn += 1) {
      await report('model', turn, session.accepted.length);
      const outcome = await callModel(
        this.client,
        { model: this.options.model, messages, tools: MODEL_TOOLS, tool_choice: 'auto', temperature: 0 },
        {
          deadline,
          callTimeoutMs: this.options.callTimeoutMs,
          signal: context.signal,
          onRetry: (detail) => this.log.warn({ turn, detail }, 'model call failed, retrying'),
          onAttempt: (attempt) => this.hooks.modelAttempt?.({ ...attempt, model: this.options.model }),
        },
      );
      if (!outcome.ok) {
        if (outcome.reason === 'aborted') throw new GenerationAbortedError('generation aborted: the worker is stopping or the job ran out of time');
        this.log.warn({ turn, reason: outcome.reason, detail: outcome.detail }, 'generation stopped early');
        if (outcome.reason === 'budget' || session.accepted.length > 0) return this.resolved(session, true);
        return { status: 'failed', code: GenerationErrorCode.Unavailable, message: `Query generation failed: ${outcome.detail}.` };
      }
      const { message } = outcome;
      messages.push({ role: 'assistant', content: message.content ?? null, ...(message.tool_calls?.length ? { tool_calls: message.tool_calls } : {}) });
      const calls = message.tool_calls ?? [];
      if (calls.length === 0) {
        messages.push({ role: 'user', content: NUDGE_TOOL_CALL });
        continue;
      }
      await report('validating', turn, session.accepted.length);
      let finished = false;
      for (const call of calls) {
        const result = await session.run(call);
        messages.push({ role: 'tool', tool_call_id: call.id, content: result.content });
        finished ||= result.finished === true;
      }
      if (session.noDataReason !== undefined && session.accepted.length === 0) {
        return { status: 'no_data', reason: `The prompt asks for no data: ${session.noDataReason.replace(/\s+/g, ' ').slice(0, 200)}` };
      }
      if (finished) return this.resolved(session, false);
    }
    this.log.warn({ turns: maxTurns }, 'generation reached the turn limit');
    return this.resolved(session, true);
  }

  /** The composer's operation for the prompt, when it found one (a failure only costs the draft). */
  /** The composer's operation for the prompt from the same hits, the model's starting candidate (none without a composer). */
  private draft(index: GenerationIndex, prompt: string, hits: readonly GenerationHit[]): ModelDraft | undefined {
    if (!this.options.composer) return undefined;
    try {
      const composed = this.options.composer.composeFromHits(index.schema, prompt, hits);
      if (composed.status !== 'resolved') return undefined;
      const query = composed.resolution.queries[0];
      if (!query && composed.resolution.unsatisfied.length === 0) return undefined;
      return { document: query?.document ?? '', unsatisfied: composed.resolution.unsatisfied };
    } catch (error) {
      this.log.warn({ err: error }, 'composing the draft failed');
      return undefined;
    }
  }

  private resolved(session: GenerationSession, truncated: boolean): GenerateJobResult {
    const resolution: Resolution = { queries: session.accepted, unsatisfied: session.unsatisfied, truncated };
    this.log.info({ queries: resolution.queries.length, unsatisfied: resolution.unsatisfied.length, truncated }, 'generation finished');
    return { status: 'resolved', resolution };
  }
}
