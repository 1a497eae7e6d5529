/**
 * Operation tools through the SDK's own client against a real GraphQL API (graphql-js over HTTP):
 * tool names, descriptions, input schemas and annotations from a folder with a file for every rule
 * of docs/wire.md §5, every skip logged, execution of queries and mutations, and every upstream
 * failure as a readable tool result.
 */
import { afterEach, describe, expect, it } from '@jest/globals';
import type { CallToolResult } from '@modelcontextprotocol/sdk/types.js';
import { setupOperations, type OperationsSetup } from '../testing/operations-setup.js';
import { text } from '../testing/mcp-harness.js';
import { UNTRUSTED_SCHEMA_TEXT } from '../tool-texts.js';

let s: OperationsSetup | undefined;
afterEach(async () => {
  await s?.close();
  s = undefined;
});

const call = async (name: string, args: Record<string, unknown> = {}) => (await s!.h.client.callTool({ name, arguments: args })) as CallToolResult;

describe('operation tools: names, descriptions, schemas', () => {
  it('lists one tool per servable file after the discovery tools, get_operation_info last', async () => {
    s = await setupOperations();
    const names = (await s.listed()).map((tool) => tool.name);
    expect(names).toEqual([
      'search_schema',
      'get_symbols',
      'get_schema_slice',
      'generate_query',
      'execute_operation_big',
      'execute_operation_broken',
      'execute_operation_find_employees',
      'execute_operation_get_employee',
      'execute_operation_only_broken',
      'execute_operation_slow',
      'execute_operation_update_mood',
      'execute_operation_who_am_i',
      'execute_operation_list_employees',
      'get_operation_info',
    ]);
  });

  it('describes a tool by the operation description, else the root field, else its name and type', async () => {
    s = await setupOperations();
    const tools = new Map((await s.listed()).map((tool) => [tool.name, tool]));
    expect(tools.get('execute_operation_get_employee')!.description).toBe('Reads one employee: name and mood.');
    expect(tools.get('execute_operation_find_employees')!.description).toBe('Searches employees by filter criteria. Returns at most 100 results.');
    expect(tools.get('execute_operation_list_employees')!.description).toBe("Executes the GraphQL operation 'listEmployees' of type query.");
    expect(tools.get('execute_operation_broken')!.description).toBe('Fails with a GraphQL error.');
    expect(tools.get('get_operation_info')!.description).toContain(UNTRUSTED_SCHEMA_TEXT);
  });

  it('derives the input schema from the variables and the schema (descriptions, enums, defaults, required)', async () => {
    s = await setupOperations();
    const tools = new Map((await s.listed()).map((tool) => [tool.name, tool]));
    expect(tools.get('execute_operation_get_employee')!.inputSchema).toEqual({
      type: 'object',
      properties: { id: { type: 'string', description: 'The id of the employee' } },
      required: ['id'],
      additionalProperties: false,
    });
    expect(tools.get('execute_operation_find_employees')!.inputSchema).toEqual({
      type: 'object',
      properties: {
        criteria: {
          type: ['object', 'null'],
          description: 'Search criteria for employee lookup',
          properties: {
            name: { type: ['string', 'null'], description: 'Match employees with this exact name' },
            department: {
              type: ['string', 'null'],
              enum: ['ENGINEERING', 'MARKETING', 'OPERATIONS', null],
              description: 'Only include employees in this department',
            },
          },
          additionalProperties: false,
        },
        withDepartment: { type: ['boolean', 'null'], default: false },
      },
      additionalProperties: false,
    });
    expect(tools.get('execute_operation_list_employees')!.inputSchema).toEqual({ type: 'object', properties: {}, additionalProperties: false });
  });

  it('annotates queries read-only and mutations neither read-only nor idempotent', async () => {
    s = await setupOperations();
    const tools = new Map((await s.listed()).map((tool) => [tool.name, tool]));
    expect(tools.get('execute_operation_get_employee')!.annotations).toEqual({
      title: 'Execute operation GetEmployee',
      readOnlyHint: true,
      idempotentHint: true,
      openWorldHint: true,
    });
    expect(tools.get('execute_operation_update_mood')!.annotations).toEqual({
      title: 'Execute operation UpdateMood',
      readOnlyHint: false,
      idempotentHint: false,
      openWorldHint: true,
    });
    expect(tools.get('get_operation_info')!.inputSchema).toMatchObject({
      required: ['operationName'],
      properties: { operationName: { enum: expect.arrayContaining(['GetEmployee', 'listEmployees']) } },
    });
  });

  it('skips, with an error log naming the file, every file that is not a servable operation', async () => {
    s = await setupOperations();
    const skipped = s.logs.filter((line) => line.message === 'operation skipped').map((line) => [line.fields['file'], line.fields['reason']]);
    expect(skipped).toEqual([
      ['bad/subscription.graphql', 'subscription'],
      ['bad/syntax.graphql', 'invalid'],
      ['bad/two.graphql', 'invalid'],
      ['bad/unknown-field.graphql', 'invalid'],
      ['dup/GetEmployee.graphql', 'duplicate'],
      ['dup/getEmployeeCase.graphql', 'collision'],
    ]);
    expect(s.logs.every((line) => line.level === 'error' || line.message !== 'operation skipped')).toBe(true);
    const unknown = s.logs.find((line) => line.fields['file'] === 'bad/unknown-field.graphql')!;
    expect(unknown.fields['detail']).toContain('Cannot query field "salary" on type "Query"');
  });

  it('leaves mutations out with MCP_EXCLUDE_MUTATIONS, and drops the prefix on request, skipping built-in names', async () => {
    s = await setupOperations({
      excludeMutations: true,
      omitToolNamePrefix: true,
      files: {
        'GetEmployee.graphql': 'query GetEmployee($id: ID!) { employee(id: $id) { name } }',
        'UpdateMood.graphql': 'mutation UpdateMood { updateMood(employeeID: 1, mood: SAD) { id } }',
        'GetSchema.graphql': 'query GetSchema { employees { id } }',
        'SearchSchema.graphql': 'query SearchSchema { employees { id } }',
      },
    });
    expect((await s.listed()).map((tool) => tool.name).slice(4)).toEqual(['get_employee', 'get_operation_info']);
    const reasons = s.logs.filter((line) => line.message === 'operation skipped').map((line) => [line.fields['file'], line.fields['reason']]);
    expect(reasons).toEqual([
      ['GetSchema.graphql', 'collision'],
      ['SearchSchema.graphql', 'collision'],
    ]);
  });
});

describe('operation tools: execution', () => {
  it('runs a query with the arguments as variables and returns the response as text and structuredContent', async () => {
    s = await setupOperations();
    const result = await call('execute_operation_get_employee', { id: '2' });
    expect(result.isError).toBeFalsy();
    expect(result.structuredContent).toEqual({ data: { employee: { id: '2', name: 'Dustin', mood: 'SAD' } } });
    expect(JSON.parse(text(result))).toEqual(result.structuredContent);
    const sent = s.api.requests.at(-1)!;
    expect(sent.operationName).toBe('GetEmployee');
    expect(sent.variables).toEqual({ id: '2' });
    // Descriptions are not sent: older GraphQL servers reject them.
    expect(sent.query).not.toContain('The id of the employee');
    expect(sent.query).toContain('query GetEmployee($id: ID!)');
  });

  it('runs a mutation, and an unnamed operation without an operation name', async () => {
    s = await setupOperations();
    const result = await call('execute_operation_update_mood', { employeeID: '1', mood: 'SAD' });
    expect(result.structuredContent).toEqual({ data: { updateMood: { id: '1', name: 'Ada', mood: 'SAD' } } });
    expect(s.api.employees[0]!.mood).toBe('SAD');
    const listed = await call('execute_operation_list_employees');
    expect((listed.structuredContent as { data: { employees: unknown[] } }).data.employees).toHaveLength(3);
    expect(s.api.requests.at(-1)!.operationName).toBeUndefined();
  });

  it('refuses arguments that do not match the input schema, without calling the API', async () => {
    s = await setupOperations();
    const before = s.api.requests.length;
    const result = await call('execute_operation_update_mood', { employeeID: '1', mood: 'ANGRY' });
    expect(result.isError).toBe(true);
    expect(text(result)).toMatch(/^Input validation error: .*must be equal to one of the allowed values/);
    expect(text(await call('execute_operation_get_employee', {}))).toMatch(/^Input validation error: .*must have required property 'id'/);
    expect(text(await call('execute_operation_get_employee', { id: '1', extra: 1 }))).toMatch(/must NOT have additional properties/);
    expect(s.api.requests.length).toBe(before);
  });

  it('answers GraphQL errors as readable results, with the whole response, partial data included', async () => {
    s = await setupOperations();
    const failed = await call('execute_operation_only_broken');
    expect(failed.isError).toBe(true);
    expect(text(failed).split('\n')[0]).toBe('Response error: the mustFail field always fails');
    expect(failed.structuredContent).toMatchObject({ data: null, errors: [{ path: ['mustFail'] }] });
    const partial = await call('execute_operation_broken');
    expect(text(partial).split('\n')[0]).toBe('Response error with partial success: the broken field always fails');
    expect((partial.structuredContent as { data: { employees: unknown[] } }).data.employees).toHaveLength(3);
  });

  it('answers a timeout, a hung endpoint, an HTML page and an unreachable API as readable results', async () => {
    s = await setupOperations({ upstream: { timeoutMs: 300 } });
    const slow = await call('execute_operation_slow', { ms: 3_000 });
    expect(slow).toEqual({
      content: [{ type: 'text', text: 'Response error: the GraphQL endpoint did not answer within 300 ms (GRAPHQL_TIMEOUT).' }],
      isError: true,
    });
    expect((await call('execute_operation_slow', { ms: 1 })).structuredContent).toEqual({ data: { slow: 'done' } });
    await s.close();
    const { GraphqlApiClient } = await import('./graphql-api.client.js');
    s = await setupOperations();
    const html = new GraphqlApiClient({ ...s.tools['options'].client!.options, endpoint: s.api.htmlUrl });
    expect(await html.execute({ query: '{ employees { id } }' }, new AbortController().signal)).toEqual({
      kind: 'not_graphql',
      status: 502,
      preview: '<html><body>Bad gateway</body></html>',
    });
    const hung = new GraphqlApiClient({ ...html.options, endpoint: s.api.hangUrl, timeoutMs: 200 });
    expect(await hung.execute({ query: '{ employees { id } }' }, new AbortController().signal)).toEqual({ kind: 'timeout' });
    const url = s.api.url;
    await s.api.close();
    const down = await call('execute_operation_get_employee', { id: '1' });
    expect(text(down)).toBe(`Response error: the GraphQL endpoint at ${url} cannot be reached (ECONNREFUSED).`);
    expect(down.isError).toBe(true);
  });

  it('cuts a response over GRAPHQL_MAX_RESPONSE_BYTES and marks it', async () => {
    s = await setupOperations({ upstream: { maxResponseBytes: 2_000 } });
    const result = await call('execute_operation_big', { size: 10_000 });
    expect(result.isError).toBe(true);
    const [headline, body] = text(result).split('\n');
    expect(headline).toBe(
      'Response error: the response is larger than 2000 bytes (GRAPHQL_MAX_RESPONSE_BYTES) and was cut there; select fewer fields or items. The part read follows, marked [cut].',
    );
    expect(body!.startsWith('{"data":{"big":"xxx')).toBe(true);
    expect(body!.endsWith('…[cut]')).toBe(true);
    expect(Buffer.byteLength(body!.replace('…[cut]', ''))).toBe(2_000);
    expect(result.structuredContent).toBeUndefined();
    expect((await call('execute_operation_big', { size: 100 })).isError).toBeFalsy();
  });

  it('get_operation_info tells how to run an operation over HTTP, with a curl line that works', async () => {
    s = await setupOperations();
    const result = await call('get_operation_info', { operationName: 'GetEmployee' });
    const info = result.structuredContent as Record<string, string>;
    expect(info).toMatchObject({
      name: 'GetEmployee',
      toolName: 'execute_operation_get_employee',
      operationType: 'query',
      hasSideEffects: false,
      endpoint: s.api.url,
    });
    expect(text(result)).toContain('Operation: GetEmployee\nType: query\nDescription: Reads one employee: name and mood.\n');
    expect(text(result)).toContain(`1. Endpoint: ${s.api.url}`);
    expect(info['curl']).toContain(`curl -sS -X POST '${s.api.url}'`);
    const body = JSON.parse(/--data-raw '(.*)'$/.exec(info['curl']!)![1]!) as Record<string, unknown>;
    const direct = await fetch(s.api.url, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ ...body, variables: { id: '3' } }),
    });
    expect(await direct.json()).toEqual({ data: { employee: { id: '3', name: 'Grace', mood: 'HAPPY' } } });
    const missing = await call('get_operation_info', { operationName: 'Nope' });
    expect(missing).toEqual({ content: [{ type: 'text', text: "Operation 'Nope' not found or excluded by configuration." }], isError: true });
  });
});
