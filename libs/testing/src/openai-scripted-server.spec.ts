/**
 * The scripted server speaks enough of the Chat Completions API for the real
 * `openai` client: tool calls, messages, HTTP errors with headers, garbage.
 */
import { afterEach, describe, expect, it } from '@jest/globals';
import OpenAI from 'openai';
import { OpenAiScriptedServer, submitReply } from './openai-scripted-server.js';

let server: OpenAiScriptedServer | undefined;
afterEach(async () => {
  await server?.close();
  server = undefined;
});

function client(baseURL: string): OpenAI {
  return new OpenAI({ baseURL, apiKey: 'test-key', maxRetries: 0, timeout: 2000 });
}

const ask = { model: 'm', messages: [{ role: 'user' as const, content: 'hi' }] };

describe('OpenAiScriptedServer', () => {
  it('replays tool calls in order and records the requests', async () => {
    server = await OpenAiScriptedServer.start([submitReply([{ document: '{ a }', description: 'A.' }], ['no b']), { kind: 'message', content: 'done' }]);
    const openai = client(server.baseUrl);
    const first = await openai.chat.completions.create(ask);
    const call = first.choices[0]?.message.tool_calls?.[0];
    expect(call?.type === 'function' && call.function.name).toBe('submit_operations');
    expect(call?.type === 'function' && JSON.parse(call.function.arguments)).toEqual({
      operations: [{ document: '{ a }', description: 'A.' }],
      unsatisfied: ['no b'],
    });
    const second = await openai.chat.completions.create(ask);
    expect(second.choices[0]?.message.content).toBe('done');
    expect(server.completionCalls).toBe(2);
    expect(server.requests[0]?.body?.['model']).toBe('m');
    expect(server.requests[0]?.headers['authorization']).toBe('Bearer test-key');
  });

  it('answers scripted statuses with their headers, and 500 once the script runs out', async () => {
    server = await OpenAiScriptedServer.start([{ kind: 'status', status: 429, headers: { 'retry-after': '1' } }]);
    const openai = client(server.baseUrl);
    const limited = await openai.chat.completions.create(ask).catch((error: unknown) => error);
    expect(limited).toBeInstanceOf(OpenAI.RateLimitError);
    expect((limited as InstanceType<typeof OpenAI.RateLimitError>).headers.get('retry-after')).toBe('1');
    const exhausted = await openai.chat.completions.create(ask).catch((error: unknown) => error);
    expect(exhausted).toBeInstanceOf(OpenAI.InternalServerError);
  });

  it('sends garbage bodies that the client cannot parse', async () => {
    server = await OpenAiScriptedServer.start([{ kind: 'garbage', body: '{"choices": [' }]);
    await expect(client(server.baseUrl).chat.completions.create(ask)).rejects.toThrow();
  });

  it('hangs until the client times out, and still closes', async () => {
    server = await OpenAiScriptedServer.start([{ kind: 'hang' }]);
    const openai = new OpenAI({ baseURL: server.baseUrl, apiKey: 'k', maxRetries: 0, timeout: 200 });
    // Under jest's VM the client reports its own timeout as a connection error (timeout subclass outside it).
    await expect(openai.chat.completions.create(ask)).rejects.toBeInstanceOf(OpenAI.APIConnectionError);
  });
});
