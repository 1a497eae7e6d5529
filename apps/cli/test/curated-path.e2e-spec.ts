/**
 * The curated path end to end, as the README tells a team to run it: `npm start -- --introspect URL
 * --operations ./operations` (the built `serve`, a scripted model) in front of a real GraphQL API;
 * `discovery generate <schema> <prompt> --out ./operations` writes the operation as a file; the
 * running server serves it as a tool without a restart (its MCP client hears
 * notifications/tools/list_changed), and the tool runs against the API. `discovery operations
 * check` then passes the folder for CI. Needs `npm run build`.
 */
import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { generateToken, tokenEntry } from '@discovery/auth';
import { EMPLOYEES_SDL, startGraphqlApi, type GraphqlApiServer } from '@discovery/mcp/testing';
import { freePort, OpenAiScriptedServer, submitReply } from '@discovery/testing';
import { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { StreamableHTTPClientTransport } from '@modelcontextprotocol/sdk/client/streamableHttp.js';
import type { CallToolResult } from '@modelcontextprotocol/sdk/types.js';
import { mkdir, mkdtemp, readdir, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { assertBuilt, startService, type RunningService } from '../../../test/deploy/service-process.js';
import { runWith } from './cli-harness.js';

const ROOT = fileURLToPath(new URL('../../..', import.meta.url));
const operator = generateToken();
let api: GraphqlApiServer;
let model: OpenAiScriptedServer;
let serve: RunningService;
let base: string;
let dir: string;
let operations: string;

beforeAll(async () => {
  assertBuilt(ROOT, 'serve');
  api = await startGraphqlApi();
  model = await OpenAiScriptedServer.start();
  dir = await mkdtemp(join(tmpdir(), 'curated-path-'));
  operations = join(dir, 'operations');
  await mkdir(operations);
  await writeFile(join(dir, 'schema.graphql'), EMPLOYEES_SDL);
  const port = await freePort();
  base = `http://127.0.0.1:${port}`;
  serve = startService(
    ROOT,
    'serve',
    {
      LOG_LEVEL: 'warn',
      PORT: String(port),
      EMBEDDINGS_PROVIDER: 'none',
      DISCOVERY_TOKENS: tokenEntry('team', operator),
      OPENAI_BASE_URL: `${model.baseUrl}/v1`,
      OPENAI_API_KEY: 'test-key',
      LLM_MODEL: 'scripted',
      SHUTDOWN_GRACE: '5s',
    },
    ['--introspect', api.url, '--operations', operations],
  );
  await serve.waitForHttp(`${base}/readyz`, 90_000);
}, 120_000);

afterAll(async () => {
  await serve?.stop();
  await model?.close();
  await api?.close();
  await rm(dir, { recursive: true, force: true });
}, 60_000);

describe('ask, generate, save, serve', () => {
  it('turns a generated operation into a served tool without a restart, and runs it against the API', async () => {
    const changes: string[][] = [];
    const client = new Client(
      { name: 'curated-path', version: '1.0.0' },
      { listChanged: { tools: { debounceMs: 0, onChanged: (_error, tools) => void changes.push((tools ?? []).map((t) => t.name)) } } },
    );
    await client.connect(new StreamableHTTPClientTransport(new URL(`${base}/mcp`)));
    try {
      const before = (await client.listTools()).tools.map((t) => t.name);
      expect(before).toEqual(['search_schema', 'get_symbols', 'get_schema_slice', 'generate_query', 'get_operation_info']);

      model.push(
        submitReply([
          {
            document: 'query EmployeeMood("The employee to read" $id: ID!) { employee(id: $id) { name mood } }',
            description: 'The name and mood of one employee.',
          },
        ]),
      );
      const generated = await runWith(['generate', join(dir, 'schema.graphql'), 'the mood of employee 2', '--out', operations], {
        DISCOVERY_URL: base,
        DISCOVERY_TOKEN: operator,
      });
      expect(generated.code).toBe(0);
      const files = await readdir(operations);
      expect(files).toEqual(['EmployeeMood.graphql']);
      const text = await readFile(join(operations, 'EmployeeMood.graphql'), 'utf8');
      expect(text).toContain('The name and mood of one employee.');
      expect(text).toContain('"The employee to read"');

      const deadline = Date.now() + 10_000;
      while (!changes.at(-1)?.includes('execute_operation_employee_mood') && Date.now() < deadline) await new Promise((r) => setTimeout(r, 20));
      expect(changes.at(-1)).toContain('execute_operation_employee_mood');
      const tool = (await client.listTools()).tools.find((t) => t.name === 'execute_operation_employee_mood')!;
      expect(tool.description).toBe('The name and mood of one employee.');
      expect(tool.inputSchema).toEqual({
        type: 'object',
        properties: { id: { type: 'string', description: 'The employee to read' } },
        required: ['id'],
        additionalProperties: false,
      });

      const result = (await client.callTool({ name: 'execute_operation_employee_mood', arguments: { id: '2' } })) as CallToolResult;
      expect(result.isError).toBeFalsy();
      expect(result.structuredContent).toEqual({ data: { employee: { name: 'Dustin', mood: 'SAD' } } });
      expect(api.requests.at(-1)).toMatchObject({ operationName: 'EmployeeMood', variables: { id: '2' } });
    } finally {
      await client.close();
    }
  }, 90_000);

  it('passes the folder in CI with discovery operations check against the live API', async () => {
    const check = await runWith(['operations', 'check', operations, '--introspect', api.url], {});
    expect([check.code, check.stderr.trim().split('\n').at(-1)]).toEqual([0, '1 operation OK']);
    expect(serve.output()).not.toMatch(/"level":"(error|fatal)"/);
  });
});
