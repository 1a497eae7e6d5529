/**
 * Generated operations as files: descriptions kept or added (graphql 17
 * syntax), names that can be file names.
 */
import { describe, expect, it } from '@jest/globals';
import { documentWithDescription, operationFileName } from './operation-file.js';

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

  it('rejects a document that does not parse', () => {
    expect(() => documentWithDescription('query {', 'x')).toThrow(/does not parse: Syntax Error/);
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
