/**
 * generate_query through the SDK client: output shape of docs/wire.md §2 (validated by the client
 * against the published outputSchema), guidance, optional fields and progress notifications.
 */
import { afterEach, beforeEach, describe, expect, it } from '@jest/globals';
import type { CallToolResult } from '@modelcontextprotocol/sdk/types.js';
import { harness, ready, text, type Harness } from '../testing/mcp-harness.js';
import { FALLBACK_STEP } from './generate-query.tool.js';

const DOCUMENT = 'query EmployeeMood($id: ID!) { employee(id: $id) { currentMood } }';
const VARIABLES = { type: 'object', properties: { id: { type: 'string' } }, required: ['id'], additionalProperties: false };

describe('generate_query', () => {
  let h: Harness;
  beforeEach(async () => {
    h = await harness({ graphqlEndpoint: 'https://api.example.com/graphql' });
    await h.client.listTools();
    await ready(h);
  });
  afterEach(async () => {
    await h.close();
  });

  it('returns operations with decoded variables schema and guidance, nothing empty', async () => {
    h.fake.generate = async () => ({
      queries: [
        {
          description: 'Mood of one employee',
          document: DOCUMENT,
          operationName: 'EmployeeMood',
          operationType: 'query',
          variablesSchema: JSON.stringify(VARIABLES),
        },
      ],
    });
    const result = await h.call('generate_query', { prompt: 'mood of employee 3' });
    expect(result.isError).toBeFalsy();
    const output = result.structuredContent as Record<string, unknown>;
    expect(Object.keys(output).sort()).toEqual(['guidance', 'queries']);
    expect(output['queries']).toEqual([
      { description: 'Mood of one employee', document: DOCUMENT, operationName: 'EmployeeMood', operationType: 'query', variablesSchema: VARIABLES },
    ]);
    const guidance = output['guidance'] as { endpoint: string; nextSteps: string[] };
    expect(guidance.endpoint).toBe('https://api.example.com/graphql');
    expect(guidance.nextSteps.join(' ')).toContain('https://api.example.com/graphql');
    expect(guidance.nextSteps.join(' ')).toContain('EmployeeMood.graphql');
    expect(JSON.parse(text(result))).toEqual(output);
    expect(h.fake.callsOf('generateQuery')[0]!.request).toEqual({ indexId: h.sync.status().servingIndexId, prompt: 'mood of employee 3' });
  });

  it("says in its first step that the composer answered when the service's model gave nothing usable", async () => {
    h.fake.generateHeaders = { 'discovery-composed': 'model-fallback' };
    h.fake.generate = async () => ({
      queries: [
        {
          description: 'Mood of one employee',
          document: DOCUMENT,
          operationName: 'EmployeeMood',
          operationType: 'query',
          variablesSchema: JSON.stringify(VARIABLES),
        },
      ],
    });
    const result = await h.call('generate_query', { prompt: 'mood of employee 3' });
    const guidance = (result.structuredContent as { guidance: { nextSteps: string[] } }).guidance;
    expect(guidance.nextSteps[0]).toBe(FALLBACK_STEP);
  });

  it('carries unsatisfied and truncated, and no guidance without an operation', async () => {
    h.fake.generate = async () => ({ unsatisfied: [{ reason: 'The schema has no salaries.' }], truncated: true });
    const result = await h.call('generate_query', { prompt: 'salaries of all staff' });
    expect(result.structuredContent).toEqual({ queries: [], unsatisfied: ['The schema has no salaries.'], truncated: true });
  });

  it('gives an operation without variables an empty object schema', async () => {
    h.fake.generate = async () => ({
      queries: [{ description: 'All', document: 'query All { employees { id } }', operationName: 'All', operationType: 'query', variablesSchema: '' }],
    });
    const result = await h.call('generate_query', { prompt: 'all employees' });
    const queries = (result.structuredContent as { queries: Array<{ variablesSchema: unknown }> }).queries;
    expect(queries[0]!.variablesSchema).toEqual({ type: 'object', properties: {}, additionalProperties: false });
  });

  it('sends progress notifications while waiting when the client asks for them', async () => {
    let progressSeen!: () => void;
    const seen = new Promise<void>((resolve) => (progressSeen = resolve));
    const messages: Array<{ progress: number; message?: string }> = [];
    h.fake.generate = async () => {
      await seen;
      return { unsatisfied: [{ reason: 'nothing' }] };
    };
    const result = (await h.client.callTool({ name: 'generate_query', arguments: { prompt: 'all employees' } }, undefined, {
      onprogress: (progress) => {
        messages.push(progress);
        if (messages.length >= 2) progressSeen();
      },
    })) as CallToolResult;
    expect(result.isError).toBeFalsy();
    expect(messages.length).toBeGreaterThanOrEqual(2);
    expect(messages[1]!.progress).toBeGreaterThan(messages[0]!.progress);
    expect(messages[0]!.message).toMatch(/^Generating operations/);
  });

  it('fails an unknown operation type with the generic text', async () => {
    h.fake.generate = async () => ({
      queries: [{ description: 'x', document: 'fragment F on Query { a }', operationName: 'F', operationType: 'fragment', variablesSchema: '{}' }],
    });
    const result = await h.call('generate_query', { prompt: 'x' });
    expect(result.isError).toBe(true);
    expect(text(result)).toMatch(/^Schema discovery failed unexpectedly\./);
  });
});
