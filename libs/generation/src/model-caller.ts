/**
 * One model turn with the failure policy of the loop: 429 waits for its
 * retry-after, 5xx / timeouts / connection errors / unparseable or empty
 * responses back off and retry, other 4xx end at once; all of it within the
 * generation's budget, so a call never outlives it.
 */
import { setTimeout as sleep } from 'node:timers/promises';
import OpenAI from 'openai';
import type { ChatCompletionCreateParamsNonStreaming, ChatCompletionMessage } from 'openai/resources/chat/completions';

export type ModelCallOutcome =
  | { ok: true; message: ChatCompletionMessage; attempts: number }
  | { ok: false; reason: 'budget' | 'aborted' | 'refused' | 'failing'; detail: string };

export interface ModelCallSettings {
  /** Epoch ms when the generation's budget ends. */
  deadline: number;
  /** Upper bound of one call (LLM_TIMEOUT). */
  callTimeoutMs: number;
  /** Aborts on shutdown or when the job's budget ends. */
  signal?: AbortSignal | undefined;
  /** Consecutive failed attempts before giving up. Default 5. */
  maxAttempts?: number;
  /** Told about each failed attempt (status and kind only). */
  onRetry?: (detail: string) => void;
  /** Told about every attempt (metrics): duration, token usage, failure kind. */
  onAttempt?: (attempt: ModelAttempt) => void;
}

export interface ModelAttempt {
  seconds: number;
  promptTokens?: number;
  completionTokens?: number;
  /** `rate_limited`, `timeout`, `server_error`, `refused`, `invalid_output`; absent on success. */
  failure?: string;
}

function failureKind(error: unknown): string {
  if (error instanceof OpenAI.RateLimitError) return 'rate_limited';
  if (error instanceof OpenAI.APIUserAbortError || error instanceof OpenAI.APIConnectionTimeoutError) return 'timeout';
  if (error instanceof OpenAI.APIConnectionError) return 'connection_error';
  if (error instanceof OpenAI.APIError && typeof error.status === 'number') return error.status >= 500 ? 'server_error' : 'refused';
  return 'invalid_output';
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

function classify(error: unknown): { retry: boolean; detail: string; waitMs?: number } {
  if (error instanceof OpenAI.RateLimitError) {
    const waitMs = retryAfterMs(error.headers);
    return { retry: true, detail: 'HTTP 429 (rate limited)', ...(waitMs !== undefined ? { waitMs } : {}) };
  }
  // Our per-call timeout aborts the request through its signal: the client reports a user abort.
  if (error instanceof OpenAI.APIUserAbortError || error instanceof OpenAI.APIConnectionTimeoutError) return { retry: true, detail: 'timeout' };
  if (error instanceof OpenAI.APIConnectionError) return { retry: true, detail: 'connection error' };
  if (error instanceof OpenAI.APIError && typeof error.status === 'number') {
    const retry = error.status >= 500 || error.status === 408 || error.status === 409;
    return { retry, detail: `HTTP ${error.status}` };
  }
  return { retry: true, detail: `malformed response (${error instanceof Error ? error.constructor.name : typeof error})` };
}

/** Calls the model once, retrying transient failures while the budget lasts. */
export async function callModel(
  client: OpenAI,
  request: ChatCompletionCreateParamsNonStreaming,
  settings: ModelCallSettings,
): Promise<ModelCallOutcome> {
  const maxAttempts = settings.maxAttempts ?? 5;
  let lastDetail = 'no attempt';
  for (let attempt = 1; attempt <= maxAttempts; attempt += 1) {
    const remaining = settings.deadline - Date.now();
    if (settings.signal?.aborted) return { ok: false, reason: 'aborted', detail: 'the job was aborted' };
    if (remaining < MIN_CALL_MS) return { ok: false, reason: 'budget', detail: `time ran out (last: ${lastDetail})` };
    const timeout = Math.min(settings.callTimeoutMs, remaining);
    const signals = [AbortSignal.timeout(timeout), ...(settings.signal ? [settings.signal] : [])];
    let waitMs: number | undefined;
    const began = performance.now();
    const seconds = (): number => (performance.now() - began) / 1000;
    try {
      const completion = await client.chat.completions.create(request, { signal: AbortSignal.any(signals), timeout, maxRetries: 0 });
      const message = completion?.choices?.[0]?.message;
      const usage = completion?.usage;
      const tokens = usage ? { promptTokens: usage.prompt_tokens, completionTokens: usage.completion_tokens } : {};
      if (message && (message.content || message.tool_calls?.length)) {
        settings.onAttempt?.({ seconds: seconds(), ...tokens });
        return { ok: true, message, attempts: attempt };
      }
      settings.onAttempt?.({ seconds: seconds(), ...tokens, failure: 'invalid_output' });
      lastDetail = 'empty response';
    } catch (error) {
      settings.onAttempt?.({ seconds: seconds(), failure: settings.signal?.aborted ? 'aborted' : failureKind(error) });
      if (settings.signal?.aborted) return { ok: false, reason: 'aborted', detail: 'the job was aborted' };
      const verdict = classify(error);
      lastDetail = verdict.detail;
      if (!verdict.retry) return { ok: false, reason: 'refused', detail: `the model endpoint refused the request (${verdict.detail})` };
      waitMs = verdict.waitMs;
    }
    settings.onRetry?.(lastDetail);
    const backoff = waitMs ?? Math.min(MAX_BACKOFF_MS, BASE_BACKOFF_MS * 2 ** (attempt - 1));
    if (Date.now() + backoff + MIN_CALL_MS > settings.deadline) {
      return { ok: false, reason: 'budget', detail: `time ran out (last: ${lastDetail})` };
    }
    try {
      await sleep(backoff, undefined, settings.signal ? { signal: settings.signal } : {});
    } catch {
      return { ok: false, reason: 'aborted', detail: 'the job was aborted' };
    }
  }
  return { ok: false, reason: 'failing', detail: `the model endpoint failed ${maxAttempts} times (last: ${lastDetail})` };
}
