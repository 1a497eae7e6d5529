/**
 * The bodies the scripted server sends: a chat completion for a scripted
 * message or tool calls (reasoning in `reasoning_content`, arguments as
 * strings or, as some servers send them, objects), as one JSON body or as
 * server-sent events (role, content, tool-call deltas, finish, `[DONE]`).
 */
import type { ServerResponse } from 'node:http';
import type { ScriptedReply } from './openai-scripted-server.js';

type Message = Extract<ScriptedReply, { kind: 'message' | 'tool_calls' }>;

export function completionBody(reply: Message, model: string, n: number): Record<string, unknown> {
  let message: Record<string, unknown>;
  let finishReason: string;
  if (reply.kind === 'message') {
    message = { role: 'assistant', content: reply.content, ...(reply.reasoning !== undefined ? { reasoning_content: reply.reasoning } : {}) };
    finishReason = reply.finishReason ?? 'stop';
  } else {
    const toolCalls = reply.calls.map((call, index) => ({
      id: call.id ?? `call_${n}_${index}`,
      type: 'function',
      function: {
        name: call.name,
        arguments: typeof call.arguments === 'string' || reply.argumentsAsObjects ? call.arguments : JSON.stringify(call.arguments),
      },
    }));
    message = { role: 'assistant', content: reply.content ?? null, tool_calls: toolCalls };
    finishReason = 'tool_calls';
  }
  return {
    id: `chatcmpl-scripted-${n}`,
    object: 'chat.completion',
    created: Math.floor(Date.now() / 1000),
    model,
    choices: [{ index: 0, message, finish_reason: finishReason, logprobs: null }],
    usage: { prompt_tokens: 10, completion_tokens: 10, total_tokens: 20 },
  };
}

export function sendJson(response: ServerResponse, status: number, body: unknown, headers: Record<string, string> = {}): void {
  response.writeHead(status, { 'content-type': 'application/json', ...headers });
  response.end(JSON.stringify(body));
}

/** The completion as a stream of chunks, as servers stream it. */
export function sendSse(response: ServerResponse, completion: Record<string, unknown>): void {
  const choice = (completion['choices'] as { message: Record<string, unknown>; finish_reason: string }[])[0] as {
    message: Record<string, unknown>;
    finish_reason: string;
  };
  const base = { id: completion['id'], object: 'chat.completion.chunk', created: completion['created'], model: completion['model'] };
  const chunk = (delta: Record<string, unknown>, finish: string | null): string =>
    `data: ${JSON.stringify({ ...base, choices: [{ index: 0, delta, finish_reason: finish, logprobs: null }] })}\n\n`;
  response.writeHead(200, { 'content-type': 'text/event-stream', 'cache-control': 'no-cache' });
  response.write(chunk({ role: 'assistant', content: '' }, null));
  const content = choice.message['content'];
  if (typeof content === 'string' && content !== '') {
    const half = Math.ceil(content.length / 2);
    response.write(chunk({ content: content.slice(0, half) }, null));
    response.write(chunk({ content: content.slice(half) }, null));
  }
  const calls = (choice.message['tool_calls'] as { id: string; type: string; function: { name: string; arguments: unknown } }[] | undefined) ?? [];
  calls.forEach((call, index) => {
    const args = typeof call.function.arguments === 'string' ? call.function.arguments : JSON.stringify(call.function.arguments);
    response.write(chunk({ tool_calls: [{ index, id: call.id, type: 'function', function: { name: call.function.name, arguments: '' } }] }, null));
    response.write(chunk({ tool_calls: [{ index, function: { arguments: args } }] }, null));
  });
  response.write(chunk({}, choice.finish_reason));
  response.write('data: [DONE]\n\n');
  response.end();
}
