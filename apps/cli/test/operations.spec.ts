/**
 * `discovery operations list|check` in process: the folder compiled by the bridge's rules against a
 * schema file, with an exit code per outcome (0 servable, 10 invalid, 11 conflicting names).
 */
import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { EMPLOYEES_SDL } from '@discovery/mcp/testing';
import { mkdtemp, mkdir, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { runWith } from './cli-harness.js';

let root: string;
let schema: string;
const folder = async (name: string, files: Record<string, string>): Promise<string> => {
  const dir = join(root, name);
  for (const [file, text] of Object.entries(files)) {
    await mkdir(join(dir, file, '..'), { recursive: true });
    await writeFile(join(dir, file), text);
  }
  return dir;
};

beforeAll(async () => {
  root = await mkdtemp(join(tmpdir(), 'cli-operations-'));
  schema = join(root, 'schema.graphql');
  await writeFile(schema, EMPLOYEES_SDL);
});
afterAll(async () => {
  await rm(root, { recursive: true, force: true });
});

const GOOD = {
  'GetEmployee.graphql': '"""One employee."""\nquery GetEmployee($id: ID!) { employee(id: $id) { name } }',
  'team/UpdateMood.graphql': 'mutation UpdateMood($employeeID: ID!, $mood: Mood!) { updateMood(employeeID: $employeeID, mood: $mood) { mood } }',
};

describe('discovery operations', () => {
  it('lists the tools of a servable folder and exits 0', async () => {
    const dir = await folder('good', GOOD);
    const run = await runWith(['operations', 'list', dir, '--schema', schema], {});
    expect(run.code).toBe(0);
    expect(run.stdout.split('\n')[0]).toMatch(/^TOOL\s+TYPE\s+FILE\s+DESCRIPTION$/);
    expect(run.stdout).toMatch(/execute_operation_get_employee\s+query\s+GetEmployee.graphql\s+One employee\./);
    expect(run.stdout).toMatch(/execute_operation_update_mood\s+mutation\s+team\/UpdateMood.graphql\s+Changes the mood of an employee\./);
    const json = JSON.parse((await runWith(['operations', 'list', dir, '--schema', schema, '--json', '--omit-tool-name-prefix'], {})).stdout) as {
      tools: Array<{ name: string }>;
    };
    expect(json.tools.map((t) => t.name)).toEqual(['get_employee', 'update_mood']);
    const check = await runWith(['operations', 'check', dir, '--schema', schema, '--exclude-mutations'], {});
    expect([check.code, check.stdout, check.stderr]).toEqual([
      0,
      '',
      'excluded team/UpdateMood.graphql: excluded: mutations are excluded (MCP_EXCLUDE_MUTATIONS)\n1 operation OK\n',
    ]);
  });

  it('exits 10 for a file that is not a servable operation, naming it and why', async () => {
    const dir = await folder('invalid', {
      ...GOOD,
      'Salary.graphql': 'query Salary { salary }',
      'dup/GetEmployee.graphql': 'query GetEmployee { employees { id } }',
    });
    const run = await runWith(['operations', 'check', dir, '--schema', schema], {});
    expect(run.code).toBe(10);
    expect(run.stderr).toContain('skipped Salary.graphql: invalid: not valid against the schema: Cannot query field "salary" on type "Query".');
    expect(run.stderr).toContain('skipped dup/GetEmployee.graphql: duplicate');
  });

  it('exits 11 for conflicting names only', async () => {
    const dir = await folder('conflict', { ...GOOD, 'GetSchema.graphql': 'query GetSchema { employees { id } }' });
    expect((await runWith(['operations', 'check', dir, '--schema', schema], {})).code).toBe(0);
    const run = await runWith(['operations', 'check', dir, '--schema', schema, '--omit-tool-name-prefix'], {});
    expect(run.code).toBe(11);
    expect(run.stderr).toContain('skipped GetSchema.graphql: collision: its tool name get_schema is already taken');
  });

  it('is a usage error without a schema, a folder or a known mode', async () => {
    const dir = await folder('usage', GOOD);
    expect((await runWith(['operations', 'check', dir], {})).code).toBe(2);
    expect((await runWith(['operations', 'check', join(root, 'missing'), '--schema', schema], {})).code).toBe(2);
    expect((await runWith(['operations', 'lint', dir, '--schema', schema], {})).code).toBe(2);
  });
});
