/**
 * ChatModel: the port the model loop talks to. Two adapters implement it: an
 * OpenAI-compatible endpoint (openai-chat.model.ts: vLLM, Ollama, llama.cpp,
 * LM Studio, OpenAI, Azure OpenAI) and the MCP client's own model through
 * sampling (libs/mcp). One attempt per call; the retry policy is the loop's
 * (model-caller.ts). Messages use the Chat Completions shapes (types only).
 */
import type { ChatCompletionFunctionTool, ChatCompletionMessageParam } from 'openai/resources/chat/completions';
import type { ModelFailure } from './model-failure.js';

export type ChatMessage = ChatCompletionMessageParam;
export type ChatTool = ChatCompletionFunctionTool;

/** A JSON Schema the answer must follow (`response_format: json_schema` where the server has it). */
export interface AnswerSchema {
  name: string;
  schema: Record<string, unknown>;
}

export interface ChatRequest {
  messages: ChatMessage[];
  /** Native tools; absent: the model answers in text (JSON, see model-prompt.ts). */
  tools?: ChatTool[];
  /** Room kept for the answer (LLM_MAX_OUTPUT_TOKENS): every request sets it. */
  maxTokens: number;
  /** Asks for a JSON answer against this schema (text mode only). */
  answerSchema?: AnswerSchema;
}

export interface ChatToolCall {
  id: string;
  name: string;
  /** The arguments as JSON text (objects some servers send are serialized). */
  arguments: string;
}

export interface ChatReply {
  /** The visible text, reasoning removed (`<think>` blocks, `reasoning_content`). */
  content: string;
  toolCalls: ChatToolCall[];
  /** `length` when max_tokens cut the answer. */
  finishReason?: string;
  promptTokens?: number;
  completionTokens?: number;
}

export type AttemptResult = { ok: true; reply: ChatReply } | { ok: false; failure: ModelFailure };

export interface AttemptOptions {
  signal: AbortSignal;
  timeoutMs: number;
}

export interface ChatModel {
  /** The model's name (metrics, logs). */
  readonly name: string;
  /** Whether native tool calls are worth trying (false: text answers from the start). */
  readonly nativeTools: boolean;
  /** Attempts per turn for transient failures (1 where each attempt asks a person). */
  readonly maxAttempts: number;
  /** The context window in tokens, when configured or reported by the endpoint (asked once). */
  contextTokens(signal?: AbortSignal): Promise<number | undefined>;
  /** One call, no retries. Adapters adapt to what the server lacks (a parameter, non-streamed answers) within it. */
  attempt(request: ChatRequest, options: AttemptOptions): Promise<AttemptResult>;
}
