/**
 * What went wrong with one model call, named in plain words. An endpoint's
 * answer (HTTP status and error body) or a transport failure becomes one kind:
 * the loop decides from the kind whether to retry, adapt (drop a parameter the
 * server lacks, switch to JSON answers), treat it as a useless model answer, or
 * stop and say why. The phrases the servers use are in docs/models.md.
 */
import { MODEL_REASONS, type ModelReason } from '@discovery/proto';

export type ModelFailureKind =
  /** The request (prompt + room for the answer) is larger than the model's context window. */
  | 'context_too_long'
  /** The endpoint does not serve the configured model (or Azure deployment). */
  | 'unknown_model'
  /** The model or server cannot take `tools` (Ollama without a tool template, vLLM without a tool parser). */
  | 'no_tool_support'
  /** The server refuses `tool_choice` itself. */
  | 'tool_choice_unsupported'
  /** The server refuses `response_format` (JSON schema answers). */
  | 'response_format_unsupported'
  /** The model wants `max_completion_tokens` instead of `max_tokens` (OpenAI's reasoning models). */
  | 'max_tokens_unsupported'
  /** The server answers only streamed responses. */
  | 'stream_required'
  | 'rate_limited'
  | 'unauthorized'
  /** Connection refused, DNS, reset: nothing answered. */
  | 'unreachable'
  | 'timeout'
  /** 5xx that is not the model's own output. */
  | 'server_error'
  /** The server could not parse what the model wrote (llama.cpp, Ollama: a tool call that half-parses); a model error. */
  | 'model_output'
  /** A 200 whose body is not a chat completion, or an empty message. */
  | 'malformed_response'
  /** Another 4xx. */
  | 'refused'
  /** The MCP client's user declined the sampling request. */
  | 'declined';

export interface ModelFailure {
  kind: ModelFailureKind;
  /** Short, safe detail for logs (status, the server's error type): never a prompt or a key. */
  detail: string;
  /** How long the server asked to wait (429). */
  waitMs?: number;
  /** The context window the server named in its refusal, when it did. */
  contextTokens?: number;
}

/** Kinds worth another attempt of the same request (after a wait). */
export const TRANSIENT: ReadonlySet<ModelFailureKind> = new Set(['rate_limited', 'timeout', 'server_error', 'unreachable', 'malformed_response']);

/** Plain words for each kind, for logs, the CLI and the job's error message. */
export const FAILURE_WORDS: Readonly<Record<ModelFailureKind, string>> = {
  context_too_long: "the request does not fit the model's context window (set LLM_CONTEXT_TOKENS to the window the server really has)",
  unknown_model: 'the model endpoint does not know the model named in LLM_MODEL',
  no_tool_support: 'the model endpoint does not support tool calls for this model',
  tool_choice_unsupported: 'the model endpoint does not support tool_choice',
  response_format_unsupported: 'the model endpoint does not support response_format',
  max_tokens_unsupported: 'the model wants max_completion_tokens instead of max_tokens',
  stream_required: 'the model endpoint answers only streamed responses',
  rate_limited: 'the model endpoint is rate limiting the service',
  unauthorized: 'the model endpoint rejected the API key (OPENAI_API_KEY)',
  unreachable: 'the model endpoint cannot be reached',
  timeout: 'the model did not answer within LLM_TIMEOUT',
  server_error: 'the model endpoint is failing (server error)',
  model_output: 'the model endpoint could not parse what the model wrote',
  malformed_response: 'the model endpoint sent a response that is not a chat completion',
  refused: 'the model endpoint refused the request',
  declined: "the client's user declined the request to its model",
};

/** The `discovery-reason` a failed generation carries for each kind that ends it. */
export function reasonFor(kind: ModelFailureKind): ModelReason {
  switch (kind) {
    case 'context_too_long':
      return MODEL_REASONS.contextTooLong;
    case 'unknown_model':
      return MODEL_REASONS.unknownModel;
    case 'no_tool_support':
    case 'tool_choice_unsupported':
    case 'response_format_unsupported':
    case 'max_tokens_unsupported':
    case 'stream_required':
      return MODEL_REASONS.noToolSupport;
    case 'rate_limited':
      return MODEL_REASONS.rateLimited;
    case 'unauthorized':
      return MODEL_REASONS.unauthorized;
    case 'unreachable':
    case 'timeout':
      return MODEL_REASONS.unreachable;
    case 'server_error':
    case 'malformed_response':
    case 'model_output':
      return MODEL_REASONS.failing;
    case 'refused':
    case 'declined':
      return MODEL_REASONS.refused;
  }
}

const CONTEXT =
  /context length|context window|context size|maximum context|context_length_exceeded|exceed_context_size|too many tokens|prompt is too long|tokens to keep|input is too long|reduce the length/i;
const TOOLS = /does not support tools|tool choice requires|tool-call-parser|tools? (?:are|is) not supported|not support(?:ed)? (?:function|tool)/i;
const TOOL_CHOICE = /tool_choice/i;
const RESPONSE_FORMAT = /response_format|json_schema|json schema|grammar/i;
const MAX_TOKENS = /max_completion_tokens/i;
const STREAM = /\bstream(?:ing)?\b.*\b(?:required|must be|only)\b|\bonly\b.*\bstream/i;
const UNKNOWN_MODEL =
  /model[^.]*(?:not found|does not exist|not exist)|deploymentnotfound|deployment[^.]*does not exist|unknown model|no such model|model_not_found|try pulling it/i;
const PARSE_OUTPUT = /parse (?:the )?tool call|parsing tool call|does not match the expected|failed to parse|could not parse|invalid tool call/i;

/** The context window a refusal names ("maximum context length is 8192 tokens", llama.cpp's `n_ctx`). */
export function contextTokensIn(message: string, body: unknown): number | undefined {
  const nCtx = (body as { error?: { n_ctx?: unknown } } | undefined)?.error?.n_ctx;
  if (typeof nCtx === 'number' && nCtx > 0) return nCtx;
  const match =
    /(?:maximum context length is|available context size \(|context (?:size|length|window) (?:is |of )|n_ctx[:=]\s*|context length of only )(\d{3,7})/i.exec(
      message,
    );
  return match ? Number(match[1]) : undefined;
}

/** The error text of an endpoint's body, whatever its shape (`{error:{message}}`, `{error:"..."}`, `{message}`, `{detail}`). */
export function errorText(body: unknown, fallback = ''): string {
  if (typeof body === 'string') return body;
  if (!body || typeof body !== 'object') return fallback;
  const record = body as Record<string, unknown>;
  const error = record['error'];
  if (typeof error === 'string') return error;
  if (error && typeof error === 'object') {
    const inner = error as Record<string, unknown>;
    return [inner['message'], inner['code'], inner['type']].filter((part) => typeof part === 'string').join(' ') || fallback;
  }
  const message = record['message'] ?? record['detail'];
  return typeof message === 'string' ? message : fallback;
}

/** Classifies an HTTP error answer of a chat endpoint. */
export function classifyHttpFailure(status: number, message: string, body?: unknown, waitMs?: number): ModelFailure {
  const detail = `HTTP ${status}`;
  const make = (kind: ModelFailureKind, extra: Partial<ModelFailure> = {}): ModelFailure => ({ kind, detail, ...extra });
  if (status === 401 || status === 403) return make('unauthorized');
  if (status === 429) return make('rate_limited', waitMs !== undefined ? { waitMs } : {});
  if (status === 408) return make('timeout');
  if (status >= 500) return PARSE_OUTPUT.test(message) ? make('model_output') : make('server_error');
  if (CONTEXT.test(message)) {
    const tokens = contextTokensIn(message, body);
    return make('context_too_long', tokens !== undefined ? { contextTokens: tokens } : {});
  }
  if (TOOLS.test(message)) return make('no_tool_support');
  if (MAX_TOKENS.test(message)) return make('max_tokens_unsupported');
  if (TOOL_CHOICE.test(message)) return make('tool_choice_unsupported');
  if (RESPONSE_FORMAT.test(message)) return make('response_format_unsupported');
  if (STREAM.test(message)) return make('stream_required');
  if (status === 404 || UNKNOWN_MODEL.test(message)) return make('unknown_model');
  if (PARSE_OUTPUT.test(message)) return make('model_output');
  if (status === 409) return make('server_error');
  return make('refused');
}
