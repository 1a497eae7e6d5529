/**
 * generate_query through the agent's own model (MCP sampling), end to end: `serve` built, with no
 * language model, over Streamable HTTP; the MCP SDK's client declares `sampling` and answers
 * `sampling/createMessage` from a script: right at once, invalid then fixed, nonsense, slower than
 * the budget, declined by its user; and a client without the capability. Needs `npm run build`.
 */
import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { freePort } from '@discovery/testing';
import { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { StreamableHTTPClientTransport } from '@modelcontextprotocol/sdk/client/streamableHttp.js';
import { CreateMessageRequestSchema, McpError, type CreateMessageRequest, type CreateMessageResult } from '@modelcontextprotocol/sdk/types.js';
import { join } from 'node:path';
import { assertBuilt, startService, type RunningService } from '../../../test/deploy/service-process.js';
import { call } from './bridge-harness.js';
import { ROOT } from './real-indexer.js';

const BUDGET_MS = 4000;
let serve: RunningService;
let base: string;

beforeAll(async () => {
  assertBuilt(ROOT, 'serve');
  const port = await freePort();
  base = `http://127.0.0.1:${port}`;
  serve = startService(
    ROOT,
    'serve',
    { LOG_LEVEL: 'warn', PORT: String(port), EMBEDDINGS_PROVIDER: 'none', DISCOVERY_AUTH: 'off', SHUTDOWN_GRACE: '5s', MCP_SAMPLING_TIMEOUT: `${BUDGET_MS}ms` },
    ['--schema', join(ROOT, 'test/fixtures/schemas/cosmo-demo.graphql')],
  );
  await serve.waitForHttp(`${base}/readyz`, 90_000);
}, 120_000);

afterAll(async () => {
  await serve?.stop();
}, 60_000);

type Answer = (request: CreateMessageRequest, round: number) => Promise<string>;

/** A client whose model answers with `answer`; the requests it was sent are kept. */
async function clientWith(answer: Answer | undefined): Promise<{ client: Client; asked: CreateMessageRequest[] }> {
  const asked: CreateMessageRequest[] = [];
  const client = new Client({ name: 'sampling-e2e', version: '1.0.0' }, answer ? { capabilities: { sampling: {} } } : {});
  if (answer) {
    client.setRequestHandler(CreateMessageRequestSchema, async (request): Promise<CreateMessageResult> => {
      asked.push(request);
      const text = await answer(request, asked.length);
      return { role: 'assistant', model: 'agent-model', content: { type: 'text', text } };
    });
  }
  await client.connect(new StreamableHTTPClientTransport(new URL(`${base}/mcp`)));
  return { client, asked };
}

const answer = (document: string) => JSON.stringify({ operations: [{ document, description: 'The mood of one employee.' }], unsatisfied: [] });
const MOOD = 'query { employee(id: 3) { id currentMood } }';
const PROMPT = 'the current mood of employee 3';

interface Output {
  queries: { document: string; variablesSchema: Record<string, unknown> }[];
  guidance?: { nextSteps: string[] };
}

async function generate(client: Client): Promise<Output> {
  const result = await call(client, 'generate_query', { prompt: PROMPT });
  expect(result.isError).toBeFalsy();
  return result.structuredContent as unknown as Output;
}

const firstStep = (output: Output): string => output.guidance?.nextSteps[0] ?? '';
const userText = (request: CreateMessageRequest): string => request.params.messages.map((m) => (m.content as { text?: string }).text ?? '').join('\n');

describe('generate_query through the client model (sampling)', () => {
  it("takes a right answer at once: validated, parameterized with its variables schema, marked as the client model's", async () => {
    const { client, asked } = await clientWith(async () => answer(MOOD));
    try {
      const output = await generate(client);
      expect(asked).toHaveLength(1);
      expect(asked[0]!.params.systemPrompt).toContain('Answer with one JSON object');
      expect(userText(asked[0]!)).toMatch(/<schema>\n[\s\S]*currentMood[\s\S]*<\/schema>/);
      expect(asked[0]!.params.maxTokens).toBe(1024);
      expect(output.queries[0]!.document).toMatch(/employee\(id: \$id\)/);
      expect(output.queries[0]!.variablesSchema).toMatchObject({ required: ['id'] });
      expect(firstStep(output)).toMatch(/written by your own model/);
    } finally {
      await client.close();
    }
  }, 60_000);

  it('repairs an invalid answer with the validation errors', async () => {
    const { client, asked } = await clientWith(async (_request, round) => answer(round === 1 ? 'query { employee(id: 3) { mood } }' : MOOD));
    try {
      const output = await generate(client);
      expect(asked).toHaveLength(2);
      expect(userText(asked[1]!)).toContain('Cannot query field');
      expect(output.queries[0]!.document).toMatch(/currentMood/);
      expect(firstStep(output)).toMatch(/written by your own model/);
    } finally {
      await client.close();
    }
  }, 60_000);

  it('gives the composed answer after a bounded number of nonsense rounds', async () => {
    const { client, asked } = await clientWith(async () => 'I would love to help! What is GraphQL?');
    try {
      const output = await generate(client);
      expect(asked).toHaveLength(3);
      expect(output.queries[0]!.document).toMatch(/currentMood/);
      expect(firstStep(output)).toMatch(/composed without a language model/);
    } finally {
      await client.close();
    }
  }, 60_000);

  it('gives the composed answer when the client model is slower than the budget', async () => {
    const { client } = await clientWith(() => new Promise((resolve) => setTimeout(() => resolve(answer(MOOD)), BUDGET_MS + 2000)));
    try {
      const started = Date.now();
      const output = await generate(client);
      expect(Date.now() - started).toBeLessThan(BUDGET_MS + 1500);
      expect(firstStep(output)).toMatch(/composed without a language model/);
    } finally {
      await client.close();
    }
  }, 60_000);

  it('gives the composed answer when the user declines, asking once', async () => {
    const { client, asked } = await clientWith(async () => {
      throw new McpError(-1, 'User rejected sampling request');
    });
    try {
      const output = await generate(client);
      expect(asked).toHaveLength(1);
      expect(firstStep(output)).toMatch(/composed without a language model/);
    } finally {
      await client.close();
    }
  }, 60_000);

  it('composes without asking a client that does not declare sampling', async () => {
    const { client } = await clientWith(undefined);
    try {
      expect(firstStep(await generate(client))).toMatch(/composed without a language model/);
    } finally {
      await client.close();
    }
  }, 60_000);
});
