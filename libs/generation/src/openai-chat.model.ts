/**
 * The ChatModel of an OpenAI-compatible endpoint (vLLM, Ollama, llama.cpp's
 * server, LM Studio, OpenAI, Azure OpenAI) through the `openai` client. One
 * attempt per call; within it the adapter learns, once per process, what the
 * server lacks and asks again without it: `max_completion_tokens` for
 * `max_tokens`, no `response_format`, streamed answers for a server that only
 * streams. Error bodies of every shape are read (vLLM's `{message}`, LM
 * Studio's `{error: "..."}`); reasoning never reaches the loop.
 */
import OpenAI from 'openai';
import type { ChatCompletion, ChatCompletionCreateParamsNonStreaming, ChatCompletionMessage } from 'openai/resources/chat/completions';
import type { AttemptOptions, AttemptResult, ChatModel, ChatReply, ChatRequest, ChatToolCall } from './chat-model.js';
import { probeContextTokens } from './context-probe.js';
import { classifyHttpFailure, errorText, type ModelFailure } from './model-failure.js';
import { retryAfterMs } from './model-caller.js';
import { argumentsText, withoutReasoning } from './text-answer.js';

export interface OpenAiChatModelOptions {
  model: string;
  /** LLM_CONTEXT_TOKENS; when absent the endpoint is asked (`probeBaseUrl`). */
  contextTokens?: number;
  /** Base URL to ask for the context window (not for api.openai.com or Azure). */
  probeBaseUrl?: string;
  apiKey?: string;
  /** Sampling temperature (0: the most likely answer). */
  temperature?: number;
}

/** A `fetch` that rewrites error bodies without an `error` key into `{error: {...}}`, so the client keeps their message. */
export const normalizingFetch: typeof fetch = async (input, init) => {
  const response = await fetch(input, init);
  if (response.ok) return response;
  const text = await response.text();
  let body: unknown;
  try {
    body = JSON.parse(text);
  } catch {
    body = undefined;
  }
  const normalized = body && typeof body === 'object' && 'error' in body ? body : { error: { message: errorText(body, text.slice(0, 500)) } };
  const headers = new Headers(response.headers);
  headers.delete('content-length');
  headers.delete('content-encoding');
  headers.set('content-type', 'application/json');
  return new Response(JSON.stringify(normalized), { status: response.status, statusText: response.statusText, headers });
};

function failureOf(error: unknown): ModelFailure {
  if (error instanceof OpenAI.APIUserAbortError || error instanceof OpenAI.APIConnectionTimeoutError) return { kind: 'timeout', detail: 'timeout' };
  if (error instanceof OpenAI.APIConnectionError) return { kind: 'unreachable', detail: 'connection error' };
  if (error instanceof OpenAI.APIError && typeof error.status === 'number') {
    const waitMs = error.status === 429 ? retryAfterMs(error.headers) : undefined;
    return classifyHttpFailure(error.status, error.message, { error: error.error }, waitMs);
  }
  if (error instanceof Error && error.name === 'AbortError') return { kind: 'timeout', detail: 'timeout' };
  return { kind: 'malformed_response', detail: error instanceof Error ? error.constructor.name : typeof error };
}

function textOf(content: unknown): string {
  if (typeof content === 'string') return content;
  if (Array.isArray(content)) return content.map((part) => (typeof part === 'string' ? part : ((part as { text?: string }).text ?? ''))).join('');
  return '';
}

/** The reply of a completion, or undefined when it carries no message. */
export function replyOf(completion: ChatCompletion | undefined): ChatReply | undefined {
  const choice = completion?.choices?.[0];
  const message = choice?.message as (ChatCompletionMessage & { tool_calls?: unknown[] }) | undefined;
  if (!message) return undefined;
  const toolCalls: ChatToolCall[] = (message.tool_calls ?? []).flatMap((raw, index) => {
    const call = raw as { id?: string; function?: { name?: unknown; arguments?: unknown } };
    if (typeof call.function?.name !== 'string') return [];
    return [{ id: call.id || `call_${index}`, name: call.function.name, arguments: argumentsText(call.function.arguments) }];
  });
  const usage = completion?.usage;
  return {
    content: withoutReasoning(textOf(message.content)),
    toolCalls,
    ...(choice?.finish_reason ? { finishReason: choice.finish_reason } : {}),
    ...(usage ? { promptTokens: usage.prompt_tokens, completionTokens: usage.completion_tokens } : {}),
  };
}

/** What this endpoint was found to lack; learned once per process. */
interface Quirks {
  completionTokensParam: boolean;
  noResponseFormat: boolean;
  streamOnly: boolean;
}

export class OpenAiChatModel implements ChatModel {
  readonly nativeTools = true;
  readonly maxAttempts = 5;
  private readonly quirks: Quirks = { completionTokensParam: false, noResponseFormat: false, streamOnly: false };
  private context: Promise<number | undefined> | undefined;

  constructor(
    private readonly client: OpenAI,
    private readonly options: OpenAiChatModelOptions,
  ) {}

  get name(): string {
    return this.options.model;
  }

  contextTokens(signal?: AbortSignal): Promise<number | undefined> {
    if (this.options.contextTokens !== undefined) return Promise.resolve(this.options.contextTokens);
    const { probeBaseUrl } = this.options;
    if (probeBaseUrl === undefined) return Promise.resolve(undefined);
    this.context ??= probeContextTokens({
      baseUrl: probeBaseUrl,
      model: this.options.model,
      ...(this.options.apiKey ? { apiKey: this.options.apiKey } : {}),
      ...(signal ? { signal } : {}),
    }).then((tokens) => {
      if (tokens !== 'unreachable') return tokens;
      this.context = undefined; // nothing answered: asked again next time
      return undefined;
    });
    return this.context;
  }

  async attempt(request: ChatRequest, options: AttemptOptions): Promise<AttemptResult> {
    for (let adaptations = 0; ; adaptations += 1) {
      try {
        const completion = await this.complete(this.params(request), options);
        if (typeof completion === 'string') {
          // A 200 that is not JSON: a server that streams whatever was asked.
          if (/^\s*(data|event):/m.test(completion) && !this.quirks.streamOnly && adaptations < 3) {
            this.quirks.streamOnly = true;
            continue;
          }
          return { ok: false, failure: { kind: 'malformed_response', detail: 'a body that is not JSON' } };
        }
        const reply = replyOf(completion);
        if (!reply || (reply.content === '' && reply.toolCalls.length === 0 && reply.finishReason !== 'length')) {
          return { ok: false, failure: { kind: 'malformed_response', detail: 'empty response' } };
        }
        return { ok: true, reply };
      } catch (error) {
        const failure = failureOf(error);
        if (adaptations < 3 && this.adapt(failure, request)) continue;
        return { ok: false, failure };
      }
    }
  }

  /** Learns from a refusal what to leave out; true when asking again may work. */
  private adapt(failure: ModelFailure, request: ChatRequest): boolean {
    if (failure.kind === 'max_tokens_unsupported' && !this.quirks.completionTokensParam) {
      this.quirks.completionTokensParam = true;
      return true;
    }
    if (failure.kind === 'response_format_unsupported' && request.answerSchema && !this.quirks.noResponseFormat) {
      this.quirks.noResponseFormat = true;
      return true;
    }
    if (failure.kind === 'stream_required' && !this.quirks.streamOnly) {
      this.quirks.streamOnly = true;
      return true;
    }
    return false;
  }

  private params(request: ChatRequest): ChatCompletionCreateParamsNonStreaming {
    const schema = request.answerSchema && !this.quirks.noResponseFormat ? request.answerSchema : undefined;
    return {
      model: this.options.model,
      messages: request.messages,
      temperature: this.options.temperature ?? 0,
      ...(this.quirks.completionTokensParam ? { max_completion_tokens: request.maxTokens } : { max_tokens: request.maxTokens }),
      ...(request.tools && request.tools.length > 0 ? { tools: request.tools } : {}),
      ...(schema ? { response_format: { type: 'json_schema', json_schema: { name: schema.name, schema: schema.schema, strict: true } } } : {}),
    };
  }

  private async complete(params: ChatCompletionCreateParamsNonStreaming, options: AttemptOptions): Promise<ChatCompletion | string> {
    const requestOptions = { signal: options.signal, timeout: options.timeoutMs, maxRetries: 0 };
    if (this.quirks.streamOnly) {
      const stream = this.client.chat.completions.stream({ ...params, stream: true }, requestOptions);
      return stream.finalChatCompletion();
    }
    return (await this.client.chat.completions.create(params, requestOptions)) as ChatCompletion | string;
  }
}
