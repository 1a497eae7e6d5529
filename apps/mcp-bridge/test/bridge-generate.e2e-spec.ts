/**
 * generate_query through the bridge against a real indexer and generator whose model is a
 * scripted OpenAI-compatible server: operations with guidance and progress notifications,
 * unsatisfied requests, and a prompt that asks for no data. Needs `npm run build`.
 */
import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { TOOL_TEXTS } from '@discovery/mcp';
import { waitFor } from '@discovery/mcp/testing';
import { OpenAiScriptedServer, submitReply, toolCallReply } from '@discovery/testing';
import type { Client } from '@modelcontextprotocol/sdk/client/index.js';
import type { CallToolResult } from '@modelcontextprotocol/sdk/types.js';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import type { RunningService } from '../../../test/deploy/service-process.js';
import { call, startBridge, textOf, type BridgeUnderTest } from './bridge-harness.js';
import { ROOT, startRealGenerator, startRealIndexer, type RealIndexer } from './real-indexer.js';

const COSMO = readFileSync(join(ROOT, 'test/fixtures/schemas/cosmo-demo.graphql'), 'utf8');
const ENDPOINT = 'https://cosmo.example.com/graphql';

let indexer: RealIndexer;
let generator: RunningService;
let model: OpenAiScriptedServer;
let bridge: BridgeUnderTest;
let client: Client;

beforeAll(async () => {
  model = await OpenAiScriptedServer.start();
  indexer = await startRealIndexer('bridge-gen');
  generator = await startRealGenerator(indexer, model.baseUrl);
  bridge = await startBridge({ discoveryUrl: indexer.url, discoveryToken: indexer.token, sdl: COSMO, graphqlEndpoint: ENDPOINT });
  client = await bridge.connect();
  await client.listTools();
  await waitFor(() => bridge.runtime.sync.status().servingIndexId, 'the cosmo index', 60_000);
}, 180_000);

afterAll(async () => {
  await bridge?.close();
  await generator?.stop();
  await indexer?.stop();
  await model?.close();
}, 60_000);

describe('generate_query against a real generator', () => {
  it('returns a checked operation with its variables schema and guidance, with progress', async () => {
    model.push({ ...submitReply([{ document: 'query AllEmployees { employees { id } }', description: 'Lists the ids of all employees.' }]), delayMs: 1500 });
    const progress: number[] = [];
    const result = (await client.callTool({ name: 'generate_query', arguments: { prompt: 'the ids of all employees' } }, undefined, {
      onprogress: (p) => progress.push(p.progress),
      timeout: 60_000,
    })) as CallToolResult;
    expect(result.isError).toBeFalsy();
    const output = result.structuredContent as {
      queries: Array<{ document: string; operationName: string; operationType: string; variablesSchema: Record<string, unknown> }>;
      guidance: { endpoint: string; nextSteps: string[] };
      unsatisfied?: unknown;
      truncated?: unknown;
    };
    expect(output.queries).toHaveLength(1);
    expect(output.queries[0]).toMatchObject({ operationType: 'query', variablesSchema: { type: 'object' } });
    expect(output.queries[0]!.document).toMatch(/employees\s*\{\s*id\s*\}/);
    expect(output.guidance.endpoint).toBe(ENDPOINT);
    expect(output.unsatisfied).toBeUndefined();
    expect(output.truncated).toBeUndefined();
    expect(progress.length).toBeGreaterThanOrEqual(1);
  }, 90_000);

  it('reports what the schema cannot answer, without guidance', async () => {
    model.push(submitReply([], ['The schema has no salaries.']));
    const result = await call(client, 'generate_query', { prompt: 'the salary of every employee' });
    expect(result.structuredContent).toEqual({ queries: [], unsatisfied: ['The schema has no salaries.'] });
  }, 90_000);

  it('says the request is not valid when the prompt asks for no data', async () => {
    model.push(toolCallReply('report_no_data', { reason: 'a greeting' }));
    const result = await call(client, 'generate_query', { prompt: 'hello, how are you?' });
    expect(result.isError).toBe(true);
    expect(textOf(result).startsWith(`${TOOL_TEXTS.invalid_request} `)).toBe(true);
    expect(textOf(result)).toContain('no data');
  }, 90_000);
});
