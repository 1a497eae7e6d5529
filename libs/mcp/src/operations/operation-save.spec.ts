/**
 * Saving operations as tool files: descriptions kept or added (graphql 17 syntax), names that can be
 * file names, no overwrite unless asked, no temporary file left, servability checked against a schema.
 */
import { afterEach, beforeEach, describe, expect, it } from '@jest/globals';
import { buildSchema } from 'graphql';
import { mkdtemp, readdir, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { OperationFileError } from '../mcp.errors.js';
import { documentWithDescription, operationFileName, saveOperation } from './operation-save.js';

describe('documentWithDescription', () => {
  it('adds the description to an operation that has none', () => {
    expect(documentWithDescription('query Q($id: ID!) { node(id: $id) { id } }', 'Reads a node.')).toBe(
      '"""Reads a node."""\nquery Q($id: ID!) {\n  node(id: $id) {\n    id\n  }\n}\n',
    );
  });

  it('keeps the descriptions the document carries, on the operation and its variables', () => {
    const document = '"Lists employees."\nquery ListEmployees(\n  "How many."\n  $first: Int = 10\n) { employees { id } }';
    const printed = documentWithDescription(document, 'Another description.');
    expect(printed).toContain('"Lists employees."');
    expect(printed).toContain('"How many."');
    expect(printed).not.toContain('Another description.');
  });

  it('leaves the document alone when there is no description', () => {
    expect(documentWithDescription('{ a }', '  ')).toBe('{\n  a\n}\n');
  });

  it('rejects a document that does not parse, or holds two operations', () => {
    expect(() => documentWithDescription('query {', 'x')).toThrow(/does not parse: Syntax Error/);
    expect(() => documentWithDescription('query A { a } query B { b }', 'x')).toThrow(/exactly one operation, this document has 2/);
  });
});

describe('operationFileName', () => {
  it.each(['ListEmployees', '_private', 'Q1'])('%s.graphql', (name) => {
    expect(operationFileName(name)).toBe(`${name}.graphql`);
  });

  it.each(['', '../etc/passwd', 'a b', '1Query', 'x'.repeat(129)])('rejects %j', (name) => {
    expect(() => operationFileName(name)).toThrow(/cannot be used as a file name/);
  });
});

describe('saveOperation', () => {
  let dir: string;
  beforeEach(async () => {
    dir = await mkdtemp(join(tmpdir(), 'save-op-'));
  });
  afterEach(async () => {
    await rm(dir, { recursive: true, force: true });
  });
  const schema = buildSchema('type Query { employee(id: ID!): Employee } type Employee { id: ID! name: String }');

  it('writes <OperationName>.graphql with its description, and nothing else', async () => {
    const saved = await saveOperation(join(dir, 'ops'), 'query GetEmployee($id: ID!) { employee(id: $id) { name } }', { description: 'One employee.', schema });
    expect(saved).toEqual({ path: join(dir, 'ops', 'GetEmployee.graphql'), operationName: 'GetEmployee' });
    expect(await readFile(saved.path, 'utf8')).toMatch(/^"""One employee."""\nquery GetEmployee/);
    expect(await readdir(join(dir, 'ops'))).toEqual(['GetEmployee.graphql']);
  });

  it('refuses to overwrite unless asked, keeping the old file', async () => {
    await writeFile(join(dir, 'GetEmployee.graphql'), 'old');
    const error = await saveOperation(dir, 'query GetEmployee { employee(id: 1) { name } }').catch((e: unknown) => e);
    expect(error).toBeInstanceOf(OperationFileError);
    expect((error as OperationFileError).code).toBe('exists');
    expect(await readFile(join(dir, 'GetEmployee.graphql'), 'utf8')).toBe('old');
    await saveOperation(dir, 'query GetEmployee { employee(id: 1) { name } }', { overwrite: true });
    expect(await readFile(join(dir, 'GetEmployee.graphql'), 'utf8')).toContain('query GetEmployee');
    expect(await readdir(dir)).toEqual(['GetEmployee.graphql']);
  });

  it('refuses an operation the bridge would skip, before writing', async () => {
    const error = (await saveOperation(dir, 'query Bad { salary }', { schema }).catch((e: unknown) => e)) as OperationFileError;
    expect(error.code).toBe('not_servable');
    expect(error.message).toContain('Cannot query field "salary" on type "Query"');
    expect(await readdir(dir)).toEqual([]);
  });

  it('refuses an unnamed operation', async () => {
    const error = (await saveOperation(dir, '{ employee(id: 1) { name } }').catch((e: unknown) => e)) as OperationFileError;
    expect(error.code).toBe('invalid_name');
  });
});
