/**
 * The MCP client's own model as the generation loop's ChatModel: each call is
 * one `sampling/createMessage` request to the client (which may show it to its
 * user first). Sampling has no tools here, so the loop asks for JSON answers;
 * one attempt per round (a person may be asked each time); a user's refusal,
 * a timeout and other errors become failure kinds (docs/models.md "Sampling").
 */
import type { AttemptOptions, AttemptResult, ChatMessage, ChatModel, ChatRequest } from '@discovery/generation';
import { withoutReasoning } from '@discovery/generation';
import {
  CreateMessageResultSchema,
  ErrorCode,
  McpError,
  type CreateMessageRequest,
  type CreateMessageResult,
  type SamplingMessage,
} from '@modelcontextprotocol/sdk/types.js';

/** Sends one server-to-client request within the tool call (the SDK's `extra.sendRequest`). */
export type SamplingSender = (request: CreateMessageRequest, options: { signal: AbortSignal; timeout: number }) => Promise<CreateMessageResult>;

/** The sender of a tool call's `extra`, typed for sampling. */
export function samplingSender(
  sendRequest: (
    request: CreateMessageRequest,
    schema: typeof CreateMessageResultSchema,
    options: { signal: AbortSignal; timeout: number },
  ) => Promise<CreateMessageResult>,
): SamplingSender {
  return (request, options) => sendRequest(request, CreateMessageResultSchema, options);
}

/** MCP's code for a request the client's user declined (the specification's example). */
const USER_DECLINED = -1;

function text(message: ChatMessage): string {
  const content = (message as { content?: unknown }).content;
  if (typeof content === 'string') return content;
  if (Array.isArray(content)) return content.map((part) => (part as { text?: string }).text ?? '').join('');
  return '';
}

/** Chat messages as sampling messages: system text apart, tool results as user text. */
export function samplingMessages(messages: readonly ChatMessage[]): { systemPrompt: string; messages: SamplingMessage[] } {
  const system = messages.filter((message) => message.role === 'system').map(text);
  const rest: SamplingMessage[] = messages
    .filter((message) => message.role !== 'system')
    .map((message) => ({
      role: message.role === 'assistant' ? 'assistant' : 'user',
      content: { type: 'text', text: message.role === 'tool' ? `Result: ${text(message)}` : text(message) || '(empty)' },
    }));
  return { systemPrompt: system.join('\n'), messages: rest };
}

export class SamplingChatModel implements ChatModel {
  readonly name = 'mcp-sampling';
  readonly nativeTools = false;
  readonly maxAttempts = 1;

  constructor(private readonly send: SamplingSender) {}

  async contextTokens(): Promise<number | undefined> {
    return undefined; // the client's model is not known: the loop assumes a large window
  }

  async attempt(request: ChatRequest, options: AttemptOptions): Promise<AttemptResult> {
    const { systemPrompt, messages } = samplingMessages(request.messages);
    try {
      const result = await this.send(
        {
          method: 'sampling/createMessage',
          params: {
            messages,
            systemPrompt,
            maxTokens: request.maxTokens,
            temperature: 0,
            includeContext: 'none',
            modelPreferences: { intelligencePriority: 0.8, speedPriority: 0.4 },
          },
        },
        { signal: options.signal, timeout: options.timeoutMs },
      );
      const content = result.content as { type: string; text?: string } | { type: string; text?: string }[];
      const blocks = Array.isArray(content) ? content : [content];
      const answer = withoutReasoning(blocks.map((block) => (block.type === 'text' ? (block.text ?? '') : '')).join(''));
      if (answer === '') return { ok: false, failure: { kind: 'malformed_response', detail: 'an answer without text' } };
      return { ok: true, reply: { content: answer, toolCalls: [], ...(result.stopReason === 'maxTokens' ? { finishReason: 'length' } : {}) } };
    } catch (error) {
      if (options.signal.aborted) return { ok: false, failure: { kind: 'timeout', detail: 'no answer in time' } };
      if (error instanceof McpError && error.code === ErrorCode.RequestTimeout) return { ok: false, failure: { kind: 'timeout', detail: 'no answer in time' } };
      if (error instanceof McpError && error.code === USER_DECLINED) return { ok: false, failure: { kind: 'declined', detail: 'declined by the user' } };
      return { ok: false, failure: { kind: 'refused', detail: error instanceof McpError ? `MCP error ${error.code}` : 'sampling failed' } };
    }
  }
}
