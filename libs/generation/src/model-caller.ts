/**
 * One model turn with the failure policy of the loop: 429 waits for its
 * retry-after, 5xx / timeouts / connection errors / unparseable or empty
 * responses back off and retry, everything else ends the turn at once with its
 * kind (the loop decides: adapt, treat as a useless answer, or stop); all of it
 * within the generation's budget, so a call never outlives it.
 */
import { setTimeout as sleep } from 'node:timers/promises';
import type { ChatModel, ChatReply, ChatRequest } from './chat-model.js';
import { TRANSIENT, type ModelFailure } from './model-failure.js';

export type ModelCallOutcome =
  | { ok: true; reply: ChatReply; attempts: number }
  | { ok: false; reason: 'budget' | 'aborted' | 'failed'; failure?: ModelFailure; detail: string };

export interface ModelCallSettings {
  /** Epoch ms when the generation's budget ends. */
  deadline: number;
  /** Upper bound of one call (LLM_TIMEOUT). */
  callTimeoutMs: number;
  /** Aborts on shutdown or when the job's budget ends. */
  signal?: AbortSignal | undefined;
  /** Told about each failed attempt (kind and status only). */
  onRetry?: (detail: string) => void;
  /** Told about every attempt (metrics): duration, token usage, failure kind. */
  onAttempt?: (attempt: ModelAttempt) => void;
}

export interface ModelAttempt {
  seconds: number;
  promptTokens?: number;
  completionTokens?: number;
  /** The failure kind (model-failure.ts), `aborted` or `invalid_output`; absent on success. */
  failure?: string;
}

const MIN_CALL_MS = 100;
const BASE_BACKOFF_MS = 250;
const MAX_BACKOFF_MS = 4000;

/** Milliseconds the server asked to wait (`retry-after-ms`, `retry-after` seconds or HTTP date). */
export function retryAfterMs(headers: Headers | undefined, now = Date.now()): number | undefined {
  const ms = Number(headers?.get('retry-after-ms'));
  if (headers?.get('retry-after-ms') && Number.isFinite(ms) && ms >= 0) return ms;
  const value = headers?.get('retry-after');
  if (!value) return undefined;
  const seconds = Number(value);
  if (Number.isFinite(seconds) && seconds >= 0) return seconds * 1000;
  const date = Date.parse(value);
  return Number.isNaN(date) ? undefined : Math.max(0, date - now);
}

function describe(failure: ModelFailure): string {
  return `${failure.kind} (${failure.detail})`;
}

/** Calls the model once, retrying transient failures while the budget lasts. */
export async function callModel(model: ChatModel, request: ChatRequest, settings: ModelCallSettings): Promise<ModelCallOutcome> {
  let last: ModelFailure | undefined;
  const aborted = { ok: false, reason: 'aborted', detail: 'the job was aborted' } as const;
  const outOfTime = (): ModelCallOutcome => ({
    ok: false,
    reason: 'budget',
    ...(last ? { failure: last } : {}),
    detail: `time ran out (last: ${last ? describe(last) : 'no attempt'})`,
  });
  for (let attempt = 1; attempt <= model.maxAttempts; attempt += 1) {
    const remaining = settings.deadline - Date.now();
    if (settings.signal?.aborted) return aborted;
    if (remaining < MIN_CALL_MS) return outOfTime();
    const timeoutMs = Math.min(settings.callTimeoutMs, remaining);
    const signal = AbortSignal.any([AbortSignal.timeout(timeoutMs), ...(settings.signal ? [settings.signal] : [])]);
    const began = performance.now();
    const result = await model.attempt(request, { signal, timeoutMs });
    const seconds = (performance.now() - began) / 1000;
    if (settings.signal?.aborted) {
      settings.onAttempt?.({ seconds, failure: 'aborted' });
      return aborted;
    }
    if (result.ok) {
      const { promptTokens, completionTokens } = result.reply;
      settings.onAttempt?.({
        seconds,
        ...(promptTokens !== undefined ? { promptTokens } : {}),
        ...(completionTokens !== undefined ? { completionTokens } : {}),
      });
      return { ok: true, reply: result.reply, attempts: attempt };
    }
    last = result.failure;
    settings.onAttempt?.({ seconds, failure: last.kind });
    if (!TRANSIENT.has(last.kind)) return { ok: false, reason: 'failed', failure: last, detail: describe(last) };
    if (attempt === model.maxAttempts) break;
    settings.onRetry?.(describe(last));
    const backoff = last.waitMs ?? Math.min(MAX_BACKOFF_MS, BASE_BACKOFF_MS * 2 ** (attempt - 1));
    if (Date.now() + backoff + MIN_CALL_MS > settings.deadline) return outOfTime();
    try {
      await sleep(backoff, undefined, settings.signal ? { signal: settings.signal } : {});
    } catch {
      return aborted;
    }
  }
  const failure = last as ModelFailure;
  return { ok: false, reason: 'failed', failure, detail: `${model.maxAttempts} attempts failed (last: ${describe(failure)})` };
}
