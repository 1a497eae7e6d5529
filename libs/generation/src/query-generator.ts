/**
 * QueryGenerator: the model loop, one loop for every model (an endpoint, or
 * the MCP client's model through sampling: chat-model.ts). It fits the
 * generation to the model's window (context-budget.ts), slices the schema once
 * for the prompt, hands the composer's draft over, then lets the model search,
 * read and validate through tools (or answer in JSON where tools are missing)
 * for a bounded number of turns until it submits; invalid operations go back
 * for repair. When the model gives nothing usable the composer's answer is
 * returned, marked; endpoint refusals end with their kind named.
 */
import type { RootOperation } from '@discovery/schema-symbols';
import { sliceFromHits, sliceHitCount } from '@discovery/schema-slice';
import type { GenerateJobProgress, GenerateJobResult, Resolution } from './contract/generate-job.js';
import type { GenerationIndex } from './generation-index.js';
import type { ChatModel, ChatReply } from './chat-model.js';
import { composeDraft, type ComposerDraft } from './compose-draft.js';
import { sliceFieldsOf } from './compose/slice-fields.js';
import type { QueryComposer } from './compose/query-composer.js';
import { fitConversation, messageTokens, planContext, toolTokens, type ContextPlan } from './context-budget.js';
import { callModel, type ModelAttempt, type ModelCallOutcome } from './model-caller.js';
import { modelFailureResult } from './model-failure-result.js';
import { ANSWER_SCHEMA, MODEL_TOOLS } from './model-tools.js';
import { GenerationRun } from './generation-run.js';
import type { ScalarJsonSchemas } from './variables-schema.js';

export interface QueryGeneratorOptions {
  /** Most model turns (GENERATE_MAX_TURNS). */
  maxTurns: number;
  /** Budget of one generation (GENERATE_TIMEOUT). */
  timeoutMs: number;
  /** Upper bound of one model call (LLM_TIMEOUT). */
  callTimeoutMs: number;
  /** GENERATE_ALLOW_MUTATIONS: from configuration only. */
  allowMutations: boolean;
  /** Most tokens of the schema slice. Default 8000; less when the window is small. */
  sliceTokens?: number;
  /** max_tokens of every request (LLM_MAX_OUTPUT_TOKENS). Default 1024. */
  maxOutputTokens?: number;
  /** The window assumed when neither configuration nor the endpoint gives one. Default 32768. */
  assumedContextTokens?: number;
  scalars?: ScalarJsonSchemas;
  /** Composes a draft from the same hits: the model's starting candidate and the fallback answer. */
  composer?: QueryComposer;
}

export interface GenerateContext {
  /** Aborted on shutdown or when the job's budget ends: the job is handed back. */
  signal?: AbortSignal;
  /** Epoch ms after which nobody waits for the answer. */
  deadlineAt?: number;
  progress?: (progress: GenerateJobProgress) => Promise<void> | void;
  /** Keeps the job's lock through the deadline before a stage that may block the event loop (slicing, composing). */
  holdLock?: () => Promise<void>;
  /** Ends the hold once those stages are over (a worker killed later is taken over as usual). */
  releaseLock?: () => Promise<void>;
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

/** converse() asks for a new opening fitted to a smaller window. */
const REFIT = Symbol('refit');

/** Time kept back before the caller's deadline, so the answer still reaches it. */
const DEADLINE_MARGIN_MS = 500;
export const DEFAULT_MAX_OUTPUT_TOKENS = 1024;
export const ASSUMED_CONTEXT_TOKENS = 32_768;
/** Room the draft may take in the first message, counted before it exists. */
const DRAFT_RESERVE = 250;
/** The request, counted before it is known exactly: its characters over 3, plus the tags. */
const requestTokens = (prompt: string): number => Math.ceil(prompt.length / 3) + 30;

export class QueryGenerator {
  /** The window learned from an endpoint's refusal (smaller than it said). */
  private learnedContext: number | undefined;
  /** The endpoint refused tools once: later generations answer in JSON from the start. */
  private toolsRefused = false;

  constructor(
    private readonly model: ChatModel,
    private readonly options: QueryGeneratorOptions,
    private readonly log: GenerationLog = { info: () => undefined, warn: () => undefined },
    private readonly hooks: GenerationHooks = {},
  ) {
    if (!Number.isSafeInteger(options.maxTurns) || options.maxTurns < 1) throw new RangeError('maxTurns must be an integer >= 1');
    if (!(options.timeoutMs > 0) || !(options.callTimeoutMs > 0)) throw new RangeError('timeouts must be positive');
  }

  async generate(index: GenerationIndex, prompt: string, context: GenerateContext = {}): Promise<GenerateJobResult> {
    const deadline = Math.min(Date.now() + this.options.timeoutMs, (context.deadlineAt ?? Infinity) - DEADLINE_MARGIN_MS);
    await context.progress?.({ stage: 'retrieving', turn: 0, maxTurns: this.options.maxTurns, accepted: 0 });
    // A refusal for context before any progress re-plans once with the window the endpoint named.
    for (let opening = 0; opening < 2; opening += 1) {
      const mode = this.model.nativeTools && !this.toolsRefused ? 'tools' : 'json';
      const plan = await this.plan(prompt, mode, context.signal);
      if (!plan) return modelFailureResult({ kind: 'context_too_long', detail: 'the window leaves no room for a slice' });
      const run = await this.open(index, prompt, mode, plan, deadline, context);
      run.refitted = opening > 0;
      this.log.info({ sliceTokens: run.sliceTokens, contextTokens: plan.contextTokens, mode }, 'generation started');
      const result = await this.converse(run, deadline, context);
      if (result !== REFIT) return result;
    }
    return modelFailureResult({ kind: 'context_too_long', detail: 'refused again after fitting to the window it named' });
  }

  /** The window, the answer's room and the slice budget for this generation. */
  private async plan(prompt: string, mode: 'tools' | 'json', signal?: AbortSignal): Promise<ContextPlan | undefined> {
    const reported = await this.model.contextTokens(signal).catch(() => undefined);
    const window = Math.min(reported ?? this.options.assumedContextTokens ?? ASSUMED_CONTEXT_TOKENS, this.learnedContext ?? Infinity);
    const maxOutput = Math.min(this.options.maxOutputTokens ?? DEFAULT_MAX_OUTPUT_TOKENS, Math.floor(window / 2));
    const system = GenerationRun.systemMessage(this.options, mode);
    const fixed = messageTokens(system) + requestTokens(prompt) + DRAFT_RESERVE + (mode === 'tools' ? toolTokens(MODEL_TOOLS) : 0);
    return planContext(window, maxOutput, fixed, this.options.sliceTokens);
  }

  /**
   * Searches once, slices once, drafts from the same hits and slice, and opens the conversation.
   * The synchronous stages run with the job's lock held through the deadline, and the draft is
   * skipped once the deadline has passed (issue 23 finding 3).
   */
  private async open(
    index: GenerationIndex,
    prompt: string,
    mode: 'tools' | 'json',
    plan: ContextPlan,
    deadline: number,
    context: GenerateContext,
  ): Promise<GenerationRun> {
    const roots: RootOperation[] = this.options.allowMutations ? ['query', 'mutation'] : ['query'];
    const hits = await index.search({ query: prompt, limit: sliceHitCount(plan.sliceTokens), roots });
    await context.holdLock?.();
    const slice = sliceFromHits(index.schema, prompt, hits, { roots, maxTokens: plan.sliceTokens });
    let composed: ComposerDraft | undefined;
    if (Date.now() >= deadline) {
      this.log.warn({ stage: 'compose' }, 'the deadline passed while slicing: no draft');
    } else if (this.options.composer) {
      try {
        composed = composeDraft(this.options.composer, index.schema, prompt, hits, sliceFieldsOf(slice.coordinates));
      } catch (error) {
        this.log.warn({ err: error }, 'composing the draft failed');
      }
    }
    await context.releaseLock?.();
    return new GenerationRun(index, prompt, slice, plan, mode, this.options, composed);
  }

  private async converse(run: GenerationRun, deadline: number, context: GenerateContext): Promise<GenerateJobResult | typeof REFIT> {
    const { maxTurns } = this.options;
    for (let turn = 1; turn <= maxTurns; turn += 1) {
      await context.progress?.({ stage: 'model', turn, maxTurns, accepted: run.session.accepted.length });
      const tools = run.mode === 'tools' ? MODEL_TOOLS : undefined;
      const messages = fitConversation(run.messages, tools, run.plan.contextTokens - run.plan.maxOutputTokens);
      if (!messages) {
        this.log.warn({ turn, contextTokens: run.plan.contextTokens }, 'the conversation no longer fits the context window');
        return this.finish(run, true);
      }
      const outcome = await callModel(
        this.model,
        { messages, maxTokens: run.plan.maxOutputTokens, ...(tools ? { tools } : { answerSchema: ANSWER_SCHEMA }) },
        {
          deadline,
          callTimeoutMs: this.options.callTimeoutMs,
          signal: context.signal,
          onRetry: (detail) => this.log.warn({ turn, detail }, 'model call failed, retrying'),
          onAttempt: (attempt) => this.hooks.modelAttempt?.({ ...attempt, model: this.model.name }),
        },
      );
      const ended = outcome.ok ? await this.onReply(run, outcome.reply, turn, context) : this.onFailure(run, outcome, turn);
      if (ended) return ended;
    }
    this.log.warn({ turns: maxTurns }, 'generation reached the turn limit');
    return this.finish(run, true);
  }

  /** What a failed call means: adapt and go on (undefined), or the answer to return. */
  private onFailure(run: GenerationRun, outcome: Exclude<ModelCallOutcome, { ok: true }>, turn: number): GenerateJobResult | typeof REFIT | undefined {
    if (outcome.reason === 'aborted') throw new GenerationAbortedError('generation aborted: the worker is stopping or the job ran out of time');
    const failure = outcome.failure;
    this.log.warn({ turn, reason: outcome.reason, kind: failure?.kind, detail: outcome.detail }, 'model call failed');
    if (outcome.reason === 'budget' || !failure || failure.kind === 'timeout') return this.finish(run, true);
    if ((failure.kind === 'no_tool_support' || failure.kind === 'tool_choice_unsupported') && run.mode === 'tools') {
      this.toolsRefused = true;
      this.log.warn({ model: this.model.name }, 'the endpoint takes no tool calls for this model: asking for JSON answers');
      return void run.switchToJson(false);
    }
    if (failure.kind === 'model_output') {
      // The server could not parse what the model wrote: a useless answer, not an outage.
      return void run.nonsense(turn, true);
    }
    if (failure.kind === 'context_too_long') {
      const window = failure.contextTokens !== undefined && failure.contextTokens < run.plan.contextTokens ? failure.contextTokens : undefined;
      this.learnedContext = Math.min(this.learnedContext ?? Infinity, window ?? Math.floor(run.plan.contextTokens * 0.75));
      if (run.replies === 0 && !run.refitted) return REFIT;
      if (run.shrink(failure.contextTokens)) return undefined;
    }
    if (run.session.accepted.length > 0) return this.finish(run, true);
    return modelFailureResult(failure);
  }

  /** Runs what the model said; the answer when it is done. */
  private async onReply(run: GenerationRun, reply: ChatReply, turn: number, context: GenerateContext): Promise<GenerateJobResult | undefined> {
    const calls = run.recordReply(reply, turn);
    if (calls.length === 0) return void run.nonsense(turn, false, reply.finishReason === 'length');
    await context.progress?.({ stage: 'validating', turn, maxTurns: this.options.maxTurns, accepted: run.session.accepted.length });
    const finished = await run.runCalls(calls, reply.toolCalls.length > 0);
    const { session } = run;
    if (session.noDataReason !== undefined && session.accepted.length === 0) {
      return { status: 'no_data', reason: `The prompt asks for no data: ${session.noDataReason.replace(/\s+/g, ' ').slice(0, 200)}` };
    }
    return finished ? this.finish(run, false) : undefined;
  }

  /** The model's answer; the composer's (marked) when the model gave nothing usable. */
  private finish(run: GenerationRun, truncated: boolean): GenerateJobResult {
    const { session } = run;
    const fallback = run.composed?.answer;
    // Nothing usable: no operation, and no reasons unless the model said them instead of trying one.
    const nothing = session.accepted.length === 0 && (session.unsatisfied.length === 0 || session.triedOperations);
    if (nothing && fallback && fallback.status !== 'failed') {
      this.log.info({ truncated, status: fallback.status }, "the model gave nothing usable: answering with the composer's draft");
      if (fallback.status !== 'resolved') return fallback;
      return { status: 'resolved', resolution: { ...fallback.resolution, truncated, fallback: true } };
    }
    const resolution: Resolution = { queries: session.accepted, unsatisfied: session.unsatisfied, truncated };
    this.log.info({ queries: resolution.queries.length, unsatisfied: resolution.unsatisfied.length, truncated }, 'generation finished');
    return { status: 'resolved', resolution };
  }
}
