/**
 * The operations folder while serving, through the SDK's own client: an added, changed or removed
 * file changes the tool list and the client gets notifications/tools/list_changed (the SDK client's
 * listChanged handler refetches the list); a new schema compiles every operation again. And Cosmo's
 * built-in tools, each on and off.
 */
import { afterEach, describe, expect, it } from '@jest/globals';
import type { CallToolResult } from '@modelcontextprotocol/sdk/types.js';
import { rm } from 'node:fs/promises';
import { join } from 'node:path';
import { EMPLOYEES_SDL } from '../testing/graphql-api.server.js';
import { text } from '../testing/mcp-harness.js';
import { setupOperations, type OperationsSetup } from '../testing/operations-setup.js';
import { waitFor } from '../testing/wait-for.js';

let s: OperationsSetup | undefined;
afterEach(async () => {
  await s?.close();
  s = undefined;
});

const GET = 'query GetEmployee($id: ID!) { employee(id: $id) { name } }\n';
const call = async (name: string, args: Record<string, unknown> = {}) => (await s!.h.client.callTool({ name, arguments: args })) as CallToolResult;
const operationTools = (names: string[]) => names.filter((name) => name.startsWith('execute_operation_'));

describe('hot reload', () => {
  it('adds, changes and removes tools as files come and go, notifying the client each time', async () => {
    s = await setupOperations({ files: { 'GetEmployee.graphql': GET } });
    await s.listed();
    expect(s.catalog.tools().map((t) => t.name)).toEqual(['execute_operation_get_employee']);

    await s.write('team/ListEmployees.graphql', 'query ListEmployees { employees { name } }\n');
    await waitFor(() => s!.changes.at(-1)?.includes('execute_operation_list_employees'), 'the added tool to be announced');
    expect(operationTools(s.changes.at(-1)!)).toEqual(['execute_operation_get_employee', 'execute_operation_list_employees']);
    expect((await call('execute_operation_list_employees')).structuredContent).toEqual({
      data: { employees: [{ name: 'Ada' }, { name: 'Dustin' }, { name: 'Grace' }] },
    });

    const notified = s.changes.length;
    await s.write('GetEmployee.graphql', '"""Mood only."""\nquery GetEmployee($id: ID!) { employee(id: $id) { mood } }\n');
    await waitFor(() => s!.changes.length > notified, 'the changed tool to be announced');
    const changed = (await s.listed()).find((tool) => tool.name === 'execute_operation_get_employee')!;
    expect(changed.description).toBe('Mood only.');
    expect((await call('execute_operation_get_employee', { id: '1' })).structuredContent).toEqual({ data: { employee: { mood: 'HAPPY' } } });

    await rm(join(s.dir, 'team'), { recursive: true });
    await waitFor(() => s!.changes.at(-1) && !s!.changes.at(-1)!.includes('execute_operation_list_employees'), 'the removed tool to be announced');
    expect((await s.listed()).map((tool) => tool.name)).not.toContain('execute_operation_list_employees');
  });

  it('does not notify for a change that leaves the tools as they were (a skipped file, an unrelated file)', async () => {
    s = await setupOperations({ files: { 'GetEmployee.graphql': GET } });
    await s.listed();
    await s.write('README.md', 'notes');
    await s.write('Broken.graphql', 'query {');
    await waitFor(() => s!.logs.some((line) => line.fields['file'] === 'Broken.graphql'), 'the broken file to be logged');
    expect(s.changes).toEqual([]);
  });

  it('compiles every operation again against a new schema', async () => {
    s = await setupOperations({ files: { 'GetEmployee.graphql': GET, 'ListEmployees.graphql': 'query ListEmployees { employees { mood } }\n' } });
    await s.listed();
    s.catalog.setSchema(EMPLOYEES_SDL.replace('  mood: Mood!\n', ''));
    await waitFor(() => s!.changes.at(-1) && !s!.changes.at(-1)!.includes('execute_operation_list_employees'), 'the tool the new schema rejects to go');
    expect(operationTools(s.changes.at(-1)!)).toEqual(['execute_operation_get_employee']);
    expect(s.logs.find((line) => line.fields['file'] === 'ListEmployees.graphql')?.fields['detail']).toContain('Cannot query field "mood"');
    s.catalog.setSchema(EMPLOYEES_SDL);
    await waitFor(() => s!.changes.at(-1)?.includes('execute_operation_list_employees'), 'the tool to come back');
  });
});

describe("Cosmo's built-in tools", () => {
  it('serves get_schema and execute_graphql only when switched on; get_operation_info with a folder', async () => {
    s = await setupOperations({ files: { 'GetEmployee.graphql': GET } });
    const off = (await s.listed()).map((tool) => tool.name);
    expect(off).toContain('get_operation_info');
    expect(off).not.toContain('get_schema');
    expect(off).not.toContain('execute_graphql');
    await expect(call('get_schema')).rejects.toThrow(/Unknown tool: get_schema/);
    await expect(call('execute_graphql', { query: '{ employees { id } }' })).rejects.toThrow(/Unknown tool: execute_graphql/);
    await s.close();

    s = await setupOperations({ files: { 'GetEmployee.graphql': GET }, tools: { exposeSchema: true, arbitraryOperations: true, operationInfo: false } });
    const on = (await s.listed()).map((tool) => tool.name);
    expect(on.slice(4)).toEqual(['get_schema', 'execute_graphql', 'execute_operation_get_employee']);
    expect(text(await call('get_schema'))).toBe(EMPLOYEES_SDL);
    const run = await call('execute_graphql', { query: 'query($id: ID!) { employee(id: $id) { name } }', variables: { id: '3' } });
    expect(run.structuredContent).toEqual({ data: { employee: { name: 'Grace' } } });
    const invalid = await call('execute_graphql', { query: '{ salary }' });
    expect(invalid.isError).toBe(true);
    expect(text(invalid)).toMatch(/^Response error: Cannot query field "salary" on type "Query"/);
  });

  it('refuses mutations through execute_graphql unless they are allowed', async () => {
    s = await setupOperations({ files: {}, tools: { arbitraryOperations: true } });
    const mutation = 'mutation { updateMood(employeeID: 2, mood: HAPPY) { mood } }';
    const refused = await call('execute_graphql', { query: mutation });
    expect(refused).toEqual({
      content: [{ type: 'text', text: 'This server runs queries only through execute_graphql: mutations are not allowed (MCP_ALLOW_ARBITRARY_MUTATIONS).' }],
      isError: true,
    });
    expect(s.api.employees[1]!.mood).toBe('SAD');
    const listing = (await s.listed()).find((tool) => tool.name === 'execute_graphql')!;
    expect(listing.annotations).toMatchObject({ readOnlyHint: true, destructiveHint: false });
    await s.close();
    s = await setupOperations({ files: {}, tools: { arbitraryOperations: true, arbitraryMutations: true } });
    expect((await call('execute_graphql', { query: mutation })).structuredContent).toEqual({ data: { updateMood: { mood: 'HAPPY' } } });
    expect((await s.listed()).find((tool) => tool.name === 'execute_graphql')!.annotations).toMatchObject({ destructiveHint: true, readOnlyHint: false });
  });
});
