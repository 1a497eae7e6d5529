/**
 * The model loop against scripted servers that behave as vLLM, Ollama, llama.cpp's server, LM
 * Studio, OpenAI and Azure OpenAI are documented to (libs/testing's endpoint profiles), with the
 * real `openai` client, the real loop and the GitHub and Cosmo demo schemas: the window read from
 * the server and never overflowed, tool calls in every shape, JSON answers where tools are
 * missing, reasoning dropped, refusals named.
 */
import { afterEach, describe, expect, it } from '@jest/globals';
import { OpenAiScriptedServer, promptTokensOf, submitReply, toolCallReply, type EndpointProfile, type ScriptedReply } from '@discovery/testing';
import type { GenerateJobResult, Resolution } from './contract/generate-job.js';
import type { LlmConfig } from '@discovery/config';
import { QueryComposer } from './compose/query-composer.js';
import { TRIMMED_RESULT } from './context-budget.js';
import { OpenAiChatModel } from './openai-chat.model.js';
import { QueryGenerator, type QueryGeneratorOptions } from './query-generator.js';
import { chatClient } from './query-generator.factory.js';
import { COSMO_DEMO, GITHUB, fixtureIndex } from './testing/index.js';

const cosmo = fixtureIndex(COSMO_DEMO);
const EMPLOYEES = 'query { employees { id details { forename surname } currentMood } }';
const PROMPT = 'list all employees with their id, first name, last name and current mood';
const submit = (document = EMPLOYEES) => submitReply([{ document, description: 'Employees.' }]);
const answerJson = (document = EMPLOYEES) => JSON.stringify({ operations: [{ document, description: 'Employees.' }], unsatisfied: [] });

let server: OpenAiScriptedServer | undefined;
afterEach(async () => {
  await server?.close();
  server = undefined;
});

interface Run {
  script: ScriptedReply[];
  profile?: EndpointProfile;
  llm?: Partial<LlmConfig>;
  options?: Partial<QueryGeneratorOptions>;
  prompt?: string;
  index?: ReturnType<typeof fixtureIndex>;
}

async function generate(run: Run): Promise<GenerateJobResult> {
  server = await OpenAiScriptedServer.start(run.script, run.profile ?? {});
  const baseUrl = run.llm?.azureApiVersion !== undefined ? server.rootUrl : server.baseUrl;
  const llm: LlmConfig = { apiKey: 'test', model: 'scripted', timeoutMs: 2000, ...run.llm, baseUrl };
  const model = new OpenAiChatModel(chatClient(llm), {
    model: llm.model as string,
    ...(llm.contextTokens !== undefined ? { contextTokens: llm.contextTokens } : {}),
    ...(llm.azureApiVersion === undefined ? { probeBaseUrl: llm.baseUrl as string } : {}),
  });
  const generator = new QueryGenerator(model, { maxTurns: 4, timeoutMs: 15_000, callTimeoutMs: 2000, allowMutations: false, ...run.options });
  return generator.generate(run.index ?? cosmo, run.prompt ?? PROMPT);
}

function resolved(result: GenerateJobResult): Resolution {
  if (result.status !== 'resolved') throw new Error(`expected resolved, got ${JSON.stringify(result)}`);
  return result.resolution;
}

const chat = (i: number): Record<string, unknown> => server?.chatRequests[i]?.body as Record<string, unknown>;

describe('llama.cpp server (llama-server --jinja)', () => {
  it('reads an 8k window from /props and fits GitHub into it, max_tokens set, never overflowing', async () => {
    const github = fixtureIndex(GITHUB);
    const result = resolved(
      await generate({
        profile: { kind: 'llamacpp', contextTokens: 8192 },
        index: github,
        prompt: 'the titles of the open issues of octocat/hello-world',
        script: [submit('query { repository(owner: "octocat", name: "hello-world") { issues(first: 10, states: OPEN) { nodes { title } } } }')],
      }),
    );
    expect(result.queries).toHaveLength(1);
    expect(server?.requests.some((request) => request.path === '/props')).toBe(true);
    const body = chat(0);
    expect(body['max_tokens']).toBe(1024);
    expect(promptTokensOf(body) + 1024).toBeLessThanOrEqual(8192);
    expect(body['tool_choice']).toBeUndefined();
  });

  it('reads reasoning in <think> and tool calls written in the text as <tool_call> JSON', async () => {
    const content = `<think>The user wants employees. I will call submit.</think>\n<tool_call>\n${JSON.stringify({ name: 'submit_operations', arguments: { operations: [{ document: EMPLOYEES, description: 'Employees.' }], unsatisfied: [] } })}\n</tool_call>`;
    const result = resolved(await generate({ profile: { kind: 'llamacpp' }, script: [{ kind: 'message', content }] }));
    expect(result.queries).toHaveLength(1);
    expect(server?.completionCalls).toBe(1);
  });

  it('takes a 500 "failed to parse tool call" as a useless answer, not an outage: asks for JSON next, once', async () => {
    const result = resolved(
      await generate({
        profile: { kind: 'llamacpp' },
        script: [
          {
            kind: 'status',
            status: 500,
            body: { error: { code: 500, message: 'Failed to parse tool call arguments as JSON: does not match the expected format', type: 'server_error' } },
          },
          { kind: 'message', content: answerJson() },
        ],
      }),
    );
    expect(result.queries).toHaveLength(1);
    expect(server?.completionCalls).toBe(2);
    expect(chat(1)['tools']).toBeUndefined();
    expect(chat(1)['response_format']).toMatchObject({ type: 'json_schema', json_schema: { name: 'operations_answer' } });
  });

  it('trims old tool results when the conversation grows past a small window, and never overflows it', async () => {
    const search = toolCallReply('search_schema', { query: 'employee details mood', limit: 6 });
    const result = resolved(
      await generate({
        profile: { kind: 'llamacpp', contextTokens: 3500 },
        llm: { maxOutputTokens: 512 },
        options: { maxTurns: 8 },
        script: [search, search, search, search, search, search, submit()],
      }),
    );
    expect(result.queries).toHaveLength(1);
    expect(server?.chatRequests.every((request) => promptTokensOf(request.body ?? {}) + 512 <= 3500)).toBe(true);
    // Old tool results went first (replaced by a note), then whole old turns.
    expect(server?.chatRequests.some((request) => JSON.stringify(request.body?.['messages']).includes(TRIMMED_RESULT))).toBe(true);
    const last = chat(server!.completionCalls - 1)['messages'] as { role: string }[];
    expect(last.filter((message) => message.role === 'assistant').length).toBeLessThan(server!.completionCalls - 1);
  });
});

describe('vLLM', () => {
  it('reads max_model_len from /v1/models and, without a tool parser, asks for JSON against a schema', async () => {
    const result = resolved(
      await generate({
        profile: { kind: 'vllm', contextTokens: 4096, tools: false, model: 'scripted' },
        script: [{ kind: 'message', content: answerJson(), reasoning: 'thinking...' }],
      }),
    );
    expect(result.queries).toHaveLength(1);
    // The first request (with tools) is refused; the second asks for JSON and fits the window.
    expect(server?.completionCalls).toBe(2);
    expect(chat(1)['tools']).toBeUndefined();
    expect(chat(1)['response_format']).toMatchObject({ type: 'json_schema' });
    expect(promptTokensOf(chat(1)) + Number(chat(1)['max_tokens'])).toBeLessThanOrEqual(4096);
  });

  it('names an unknown model', async () => {
    const result = await generate({ profile: { kind: 'vllm', model: 'other' }, script: [] });
    expect(result).toMatchObject({ status: 'failed', code: 'internal', reason: 'model-unknown', message: expect.stringContaining('does not know the model') });
  });
});

describe('Ollama', () => {
  it('reads num_ctx from /api/show, stays within it (Ollama would drop messages silently), and answers in JSON for a model without tools', async () => {
    const result = resolved(
      await generate({
        profile: { kind: 'ollama', contextTokens: 4096, tools: false, model: 'scripted' },
        script: [{ kind: 'message', content: `\`\`\`json\n${answerJson()}\n\`\`\`` }],
      }),
    );
    expect(result.queries).toHaveLength(1);
    expect(server?.chatRequests.map((request) => request.overflowed ?? false)).toEqual([false, false]);
  });

  it('takes tool-call arguments sent as objects, and parallel tool calls in one message', async () => {
    const result = resolved(
      await generate({
        profile: { kind: 'ollama' },
        script: [
          {
            kind: 'tool_calls',
            argumentsAsObjects: true,
            calls: [
              { name: 'search_schema', arguments: { query: 'mood' } },
              { name: 'get_symbols', arguments: { coordinates: ['object:Employee'] } },
            ],
          },
          {
            kind: 'tool_calls',
            argumentsAsObjects: true,
            calls: [{ name: 'submit_operations', arguments: { operations: [{ document: EMPLOYEES, description: 'E.' }], unsatisfied: [] } }],
          },
        ],
      }),
    );
    expect(result.queries).toHaveLength(1);
    const tools = (chat(1)['messages'] as { role: string; content: string }[]).filter((message) => message.role === 'tool');
    expect(tools).toHaveLength(2);
    expect(tools[1]!.content).toContain('object:Employee');
  });
});

describe('LM Studio', () => {
  it('re-plans to the window named in a refusal ("tokens to keep ... n_ctx") when the configured one was too big', async () => {
    const github = fixtureIndex(GITHUB);
    const result = resolved(
      await generate({
        profile: { kind: 'lmstudio', contextTokens: 4096, model: 'scripted' },
        llm: { contextTokens: 32_768 },
        index: github,
        prompt: 'the login of the viewer',
        script: [submit('query { viewer { login } }')],
      }),
    );
    expect(result.queries).toHaveLength(1);
    expect(server?.completionCalls).toBe(2);
    expect(promptTokensOf(chat(1)) + Number(chat(1)['max_tokens'])).toBeLessThanOrEqual(4096);
  });
});

describe('OpenAI', () => {
  it('switches to max_completion_tokens for a model that wants it, and waits out 429 Retry-After', async () => {
    const result = resolved(
      await generate({ profile: { requireMaxCompletionTokens: true }, script: [{ kind: 'status', status: 429, headers: { 'retry-after': '0.2' } }, submit()] }),
    );
    expect(result.queries).toHaveLength(1);
    expect(chat(0)['max_tokens']).toBe(1024);
    expect(server?.chatRequests.slice(1).map((request) => [request.body?.['max_tokens'], request.body?.['max_completion_tokens']])).toEqual([
      [undefined, 1024],
      [undefined, 1024],
    ]);
  });

  it('sends no tool_choice, which some servers refuse', async () => {
    expect(resolved(await generate({ profile: { rejectToolChoice: true }, script: [submit()] })).queries).toHaveLength(1);
  });

  it('understands a server that only streams', async () => {
    const result = resolved(await generate({ profile: { streamOnly: true }, script: [submit(), submit()] }));
    expect(result.queries).toHaveLength(1);
    expect(chat(chatCount() - 1)['stream']).toBe(true);
  });

  it("answers with the composer's draft, marked, when the model gives nothing usable", async () => {
    const nonsense: ScriptedReply = { kind: 'message', content: 'I am not sure what you mean.' };
    const composer = new QueryComposer({ allowMutations: false });
    const result = resolved(
      await generate({ script: [nonsense, nonsense, nonsense, nonsense], options: { composer }, prompt: 'the current mood of employee 3' }),
    );
    expect(result).toMatchObject({ fallback: true, truncated: true });
    expect(result.queries[0]!.document).toMatch(/currentMood/);
  });

  it('names an endpoint that keeps failing with 5xx (unavailable) and one that cannot be reached', async () => {
    const failing = await generate({ script: Array.from({ length: 5 }, () => ({ kind: 'status', status: 503 }) as ScriptedReply) });
    expect(failing).toMatchObject({ status: 'failed', code: 'unavailable', reason: 'model-failing' });
    const closed = server!.baseUrl;
    await server?.close();
    server = undefined;
    const model = new OpenAiChatModel(chatClient({ baseUrl: closed, apiKey: 'k', model: 'm', timeoutMs: 500 }), { model: 'm' });
    const down = await new QueryGenerator(model, { maxTurns: 2, timeoutMs: 8000, callTimeoutMs: 500, allowMutations: false }).generate(cosmo, PROMPT);
    expect(down).toMatchObject({ status: 'failed', code: 'unavailable', reason: 'model-unreachable', message: expect.stringContaining('cannot be reached') });
  });
});

describe('Azure OpenAI', () => {
  const azure = { deployment: 'gpt-4o-mini-prod', apiVersion: '2024-10-21', apiKey: 'azure-key' };

  it('calls the deployment path with api-version and the api-key header', async () => {
    const result = resolved(
      await generate({
        profile: { kind: 'azure', azure },
        llm: { model: azure.deployment, azureApiVersion: azure.apiVersion, apiKey: azure.apiKey },
        script: [submit()],
      }),
    );
    expect(result.queries).toHaveLength(1);
    const request = server!.chatRequests[0]!;
    expect(request.path).toBe(`/openai/deployments/${azure.deployment}/chat/completions?api-version=${azure.apiVersion}`);
    expect(request.headers['api-key']).toBe(azure.apiKey);
  });

  it('names a wrong key and an unknown deployment', async () => {
    const wrongKey = await generate({
      profile: { kind: 'azure', azure },
      llm: { model: azure.deployment, azureApiVersion: azure.apiVersion, apiKey: 'nope' },
      script: [],
    });
    expect(wrongKey).toMatchObject({ status: 'failed', reason: 'model-unauthorized' });
    await server?.close();
    const unknown = await generate({
      profile: { kind: 'azure', azure },
      llm: { model: 'missing', azureApiVersion: azure.apiVersion, apiKey: azure.apiKey },
      script: [],
    });
    expect(unknown).toMatchObject({ status: 'failed', reason: 'model-unknown' });
  });
});

function chatCount(): number {
  return server?.completionCalls ?? 0;
}

describe('a small model that only gets it wrong', () => {
  it("answers with the composer's draft when every operation it tried was invalid, even with reasons beside them", async () => {
    const wrong = submitReply([{ document: 'query { employee(id: 3) { mood } }', description: 'Mood.' }], ['No idea about moods.']);
    const composer = new QueryComposer({ allowMutations: false });
    const result = resolved(
      await generate({ script: [wrong, wrong, wrong, wrong], options: { composer, maxTurns: 3 }, prompt: 'the current mood of employee 3' }),
    );
    expect(result).toMatchObject({ fallback: true });
    expect(result.queries[0]!.document).toMatch(/currentMood/);
  });

  it("keeps the model's reasons when it said the schema cannot answer, without trying an operation", async () => {
    const composer = new QueryComposer({ allowMutations: false });
    const result = resolved(
      await generate({ script: [submitReply([], ['The schema has no salaries.'])], options: { composer }, prompt: 'the salary of employee 3' }),
    );
    expect(result).toEqual({ queries: [], unsatisfied: ['The schema has no salaries.'], truncated: false });
  });
});
