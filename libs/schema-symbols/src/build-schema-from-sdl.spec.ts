import { describe, expect, it } from '@jest/globals';
import { parse, validate } from 'graphql';
import { benchSchema, localFixture, sharedSchema } from './__fixtures__/fixtures.js';
import { buildSchemaFromSdl } from './build-schema-from-sdl.js';
import { SymbolExtractionError, SymbolExtractionErrorCode } from './symbol-extraction.errors.js';

function failure(run: () => unknown): SymbolExtractionError {
  try {
    run();
  } catch (error) {
    if (error instanceof SymbolExtractionError) return error;
    throw error;
  }
  throw new Error('expected a SymbolExtractionError');
}

describe('buildSchemaFromSdl: rejected input', () => {
  it.each([
    ['empty', '', SymbolExtractionErrorCode.Empty, /empty/],
    ['blank', ' \n\t ,\n', SymbolExtractionErrorCode.Empty, /empty/],
    ['comments only', '# nothing here\n  # still nothing\n', SymbolExtractionErrorCode.Empty, /empty/],
    ['missing name', 'type Query {\n  a: String\n  : Int\n}', SymbolExtractionErrorCode.Syntax, /^Syntax Error: Expected Name, found ":" at line 3, column 3$/],
    ['unclosed type', 'type Query {\n  a: String\n', SymbolExtractionErrorCode.Syntax, /^Syntax Error: Expected Name, found <EOF> at line 3, column 1$/],
    ['brace without type', 'type Query {\n  a: String\n}\n}', SymbolExtractionErrorCode.Syntax, /^Syntax Error: Unexpected "}" at line 4, column 1$/],
    ['an operation, no types', '{ a }', SymbolExtractionErrorCode.Empty, /defines no types/],
    ['directives only', 'directive @a on FIELD\nschema { query: Q }', SymbolExtractionErrorCode.Empty, /defines no types/],
    [
      'introspection JSON',
      '{"data": {"__schema": {}}}',
      SymbolExtractionErrorCode.Syntax,
      /^Syntax Error: .* at line 1, column 2 \(this looks like JSON, not GraphQL SDL\)$/,
    ],
    ['not a string', 42 as unknown as string, SymbolExtractionErrorCode.Invalid, /must be a string, got number/],
  ])('%s', (_name, sdl, code, message) => {
    const error = failure(() => buildSchemaFromSdl(sdl));
    expect(error.code).toBe(code);
    expect(error.message).toMatch(message);
  });

  it.each([
    ['over the limit', 'type Query { a: String }', 10, SymbolExtractionErrorCode.TooLarge, /larger than the limit of 10 bytes/],
    ['multi-byte characters count as bytes', '"ééééé" type Query { a: String }', 36, SymbolExtractionErrorCode.TooLarge, /at least 37 bytes/],
    ['zero limit', 'type Query { a: String }', 0, SymbolExtractionErrorCode.Invalid, /maxBytes must be a positive integer/],
    ['fractional limit', 'type Query { a: String }', 1.5, SymbolExtractionErrorCode.Invalid, /maxBytes must be a positive integer/],
  ])('%s', (_name, sdl, maxBytes, code, message) => {
    const error = failure(() => buildSchemaFromSdl(sdl, { maxBytes }));
    expect(error.code).toBe(code);
    expect(error.message).toMatch(message);
  });

  it('explains a schema nested too deeply for the parser instead of a stack overflow', () => {
    const depth = 20_000;
    const sdl = `type Query { f: ${'['.repeat(depth)}Int${']'.repeat(depth)} }`;
    expect(() => buildSchemaFromSdl(sdl)).toThrow(
      expect.objectContaining({ code: SymbolExtractionErrorCode.Invalid, message: expect.stringMatching(/nests too deeply/) }),
    );
  });

  it('accepts an SDL exactly at the limit', () => {
    const sdl = 'type Query { a: String }';
    expect(buildSchemaFromSdl(sdl, { maxBytes: sdl.length }).schema.getQueryType()?.name).toBe('Query');
  });
});

describe('buildSchemaFromSdl: strict and lenient builds', () => {
  it('builds a valid schema strictly, without warnings', () => {
    const built = buildSchemaFromSdl(sharedSchema('cosmo-demo.graphql'));
    expect(built.lenient).toBe(false);
    expect(built.warnings).toEqual([]);
    expect(built.schema.getType('Employee')).toBeDefined();
  });

  it('builds the cosmo federation subgraph leniently, saying which directives it ignored', () => {
    const built = buildSchemaFromSdl(sharedSchema('cosmo-demo-employees-subgraph.graphql'));
    expect(built.lenient).toBe(true);
    expect(built.warnings.join('\n')).toMatch(/undefined directives .*@key/);
    expect(built.schema.getQueryType()?.name).toBe('Query');
  });

  it('builds subgraph SDL with only `extend type Query` and undefined federation scalars', () => {
    const built = buildSchemaFromSdl(localFixture('subgraph-extend-only.graphql'));
    expect(built.lenient).toBe(true);
    expect(built.schema.getQueryType()?.getFields().product?.type.toString()).toBe('Product');
    expect(built.schema.getType('Review')).toBeDefined();
    expect(built.schema.getType('_Any')?.toString()).toBe('_Any');
    expect(built.schema.getType('link__Import')).toBeDefined();
    const warnings = built.warnings.join('\n');
    expect(warnings).toMatch(/Turned extensions of undefined types into definitions \(2\): Query, Review/);
    expect(warnings).toMatch(/undefined types as scalars \(2\): link__Import, _Any/);
    expect(warnings).toMatch(/undefined directives \(4\): @key, @shareable, @external/);
  });

  it('repairs small defects and says what it did', () => {
    const built = buildSchemaFromSdl(localFixture('defects.graphql'));
    const { schema } = built;
    expect(built.lenient).toBe(true);
    expect(Object.keys(schema.getQueryType()?.getFields() ?? {})).toEqual(['user', 'search', 'settings']);
    expect(schema.getType('DateTime')?.toString()).toBe('DateTime');
    expect(Object.keys((schema.getType('Settings') as never as { getFields(): object }).getFields())).toEqual(['theme', 'language']);
    const warnings = built.warnings.join('\n');
    expect(warnings).toMatch(/repeated fields, arguments or values \(3\): Query\.user, User\.name, Theme\.DARK/);
    expect(warnings).toMatch(/Merged repeated type definitions into the first \(1\): Settings/);
    expect(warnings).toMatch(/not interfaces \(1\): User: Missing/);
    expect(warnings).toMatch(/not object types \(2\): SearchResult: Ghost, SearchResult: Node/);
    expect(warnings).toMatch(/as scalars \(1\): DateTime/);
  });

  it('builds github.graphql leniently (it breaks graphql 17 deprecation rules) and operations validate', () => {
    const built = buildSchemaFromSdl(benchSchema('github.graphql'));
    expect(built.lenient).toBe(true);
    expect(built.warnings[0]).toMatch(/^Accepted despite: Interface field Node\.id is not deprecated/);
    const errors = validate(built.schema, parse('{ repository(owner: "o", name: "n") { issue(number: 1) { title } } }'));
    expect(errors).toEqual([]);
    const wrong = validate(built.schema, parse('{ repository(owner: "o", name: "n") { nope } }'));
    expect(wrong.map((error) => error.message)).toEqual([expect.stringMatching(/^Cannot query field "nope" on type "Repository"/)]);
  });

  it('uses QueryRoot as the query root when there is no Query type (shopify admin)', () => {
    const built = buildSchemaFromSdl(sharedSchema('shopify-admin.graphql'));
    expect(built.lenient).toBe(true);
    expect(built.schema.getQueryType()?.name).toBe('QueryRoot');
    expect(built.schema.getMutationType()?.name).toBe('Mutation');
    expect(built.warnings).toContain('No type named Query: used QueryRoot as the query root');
    expect(validate(built.schema, parse('{ shop { name } }'))).toEqual([]);
  });

  it.each([
    [
      'schema definition without query',
      'schema { mutation: Mutation }\ntype Query { a: Int }\ntype Mutation { b: Int }',
      /^The schema definition declares no query root: used Query$/,
    ],
    ['schema without any query type', 'type Mutation { a: Int }', /no query root type/],
    ['operations are dropped', 'type Query { a: Int }\nquery Q { a }\ntype Query { b: Int }', /do not belong in a schema \(1\): OperationDefinition/],
    [
      'extension before its definition stays an extension',
      'extend type Query { b: Int }\ntype Query { a: Int @key }',
      /^Ignored uses of undefined directives \(1\): @key$/,
    ],
    ['orphan extension of another kind', 'type Query { a: Int }\nextend enum Query { X }', /conflict with the kind of their type \(1\): Query/],
  ])('lenient: %s', (_name, sdl, warning) => {
    const built = buildSchemaFromSdl(sdl);
    expect(built.lenient).toBe(true);
    expect(built.warnings.join('\n')).toMatch(warning);
  });

  it('applies an extension written before its definition', () => {
    const built = buildSchemaFromSdl('extend type Query { b: Int }\ntype Query { a: Int @key }');
    expect(Object.keys(built.schema.getQueryType()?.getFields() ?? {})).toEqual(['a', 'b']);
  });

  it('rebuilding the same SDL gives the same warnings (no hidden state)', () => {
    const sdl = localFixture('defects.graphql');
    expect(buildSchemaFromSdl(sdl).warnings).toEqual(buildSchemaFromSdl(sdl).warnings);
  });
});
