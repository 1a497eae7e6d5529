/**
 * variablesSchema derivation: Cosmo's documented examples, the type rules one
 * by one, and input types of real schemas (GitHub, Shopify Admin, Saleor with
 * recursive inputs cut through $defs).
 */
import { describe, expect, it } from '@jest/globals';
import { Kind, buildSchema, parse, type OperationDefinitionNode } from 'graphql';
import { deriveVariablesSchema } from './variables-schema.js';
import { COSMO_DEMO, GITHUB, SHOPIFY_ADMIN, fixtureSchema } from './testing/index.js';

function operationOf(source: string): OperationDefinitionNode {
  const definition = parse(source).definitions.find((node) => node.kind === Kind.OPERATION_DEFINITION);
  if (!definition || definition.kind !== Kind.OPERATION_DEFINITION) throw new Error('no operation');
  return definition;
}

const small = buildSchema(`
  """An instant, ISO 8601."""
  scalar DateTime
  enum Mood { HAPPY SAD }
  """Filter of things."""
  input Filter { name: String! = "x" """how many""" count: Int mood: Mood! tags: [String!] nested: Filter }
  input Pick @oneOf { id: ID name: String }
  type Query {
    a(i: Int, f: Float, s: String, b: Boolean, id: ID, d: DateTime, m: Mood, filter: Filter, pick: Pick, list: [Int!]!): String
  }
`);

describe('deriveVariablesSchema: Cosmo documentation examples', () => {
  it('GetEmployee($id: ID!, $withManager: Boolean = false)', () => {
    const schema = fixtureSchema(COSMO_DEMO);
    const operation = operationOf('query GetEmployee($id: ID!, $withManager: Boolean = false) { employees { id } }');
    expect(deriveVariablesSchema(schema, operation)).toEqual({
      type: 'object',
      properties: {
        id: { type: 'string' },
        withManager: { type: ['boolean', 'null'], default: false },
      },
      required: ['id'],
      additionalProperties: false,
    });
  });

  it('FindEmployees($criteria: SearchInput) with input, enum and type descriptions', () => {
    const schema = fixtureSchema(COSMO_DEMO);
    const operation = operationOf('query FindEmployees("Filter criteria" $criteria: SearchInput) { findEmployees(criteria: $criteria) { id } }');
    const nationalities = ['AMERICAN', 'DUTCH', 'ENGLISH', 'GERMAN', 'INDIAN', 'SPANISH', 'UKRAINIAN'];
    expect(deriveVariablesSchema(schema, operation)).toEqual({
      type: 'object',
      properties: {
        criteria: {
          type: ['object', 'null'],
          description: 'Filter criteria',
          properties: {
            hasPets: { type: ['boolean', 'null'] },
            nationality: { type: ['string', 'null'], enum: [...nationalities, null] },
            nested: {
              type: ['object', 'null'],
              properties: {
                maritalStatus: { type: ['string', 'null'], enum: ['ENGAGED', 'MARRIED', null] },
                hasChildren: { type: ['boolean', 'null'] },
              },
              additionalProperties: false,
            },
          },
          additionalProperties: false,
        },
      },
      additionalProperties: false,
    });
  });

  it('takes the input object description from the schema when the variable has none', () => {
    const schema = fixtureSchema(COSMO_DEMO);
    const operation = operationOf('query FindEmployees($criteria: SearchInput) { findEmployees(criteria: $criteria) { id } }');
    const properties = deriveVariablesSchema(schema, operation)['properties'] as Record<string, Record<string, unknown>>;
    expect(properties['criteria']?.['description']).toBe('Allows to filter employees by their details.');
  });
});

describe('deriveVariablesSchema: type rules', () => {
  const cases: { name: string; variable: string; expected: Record<string, unknown> }[] = [
    { name: 'nullable Int is integer or null', variable: '$v: Int', expected: { type: ['integer', 'null'] } },
    { name: 'non-null Float is number', variable: '$v: Float!', expected: { type: 'number' } },
    { name: 'String', variable: '$v: String!', expected: { type: 'string' } },
    { name: 'ID is string', variable: '$v: ID', expected: { type: ['string', 'null'] } },
    { name: 'Boolean', variable: '$v: Boolean!', expected: { type: 'boolean' } },
    {
      name: 'custom scalar is string with its description',
      variable: '$v: DateTime!',
      expected: { type: 'string', description: 'An instant, ISO 8601.' },
    },
    { name: 'non-null enum', variable: '$v: Mood!', expected: { type: 'string', enum: ['HAPPY', 'SAD'] } },
    { name: 'nullable enum lists null', variable: '$v: Mood', expected: { type: ['string', 'null'], enum: ['HAPPY', 'SAD', null] } },
    {
      name: 'list of non-null Int',
      variable: '$v: [Int!]!',
      expected: { type: 'array', items: { type: 'integer' } },
    },
    {
      name: 'nullable list of nullable String',
      variable: '$v: [String]',
      expected: { type: ['array', 'null'], items: { type: ['string', 'null'] } },
    },
    { name: 'default value', variable: '$v: Int = 10', expected: { type: ['integer', 'null'], default: 10 } },
    { name: 'enum default', variable: '$v: Mood = SAD', expected: { type: ['string', 'null'], enum: ['HAPPY', 'SAD', null], default: 'SAD' } },
    {
      name: 'variable description wins',
      variable: '"Moment of the event" $v: DateTime',
      expected: { type: ['string', 'null'], description: 'Moment of the event' },
    },
    {
      name: 'oneOf input allows exactly one property',
      variable: '$v: Pick!',
      expected: {
        type: 'object',
        properties: { id: { type: ['string', 'null'] }, name: { type: ['string', 'null'] } },
        additionalProperties: false,
        minProperties: 1,
        maxProperties: 1,
      },
    },
  ];
  it.each(cases)('$name', ({ variable, expected }) => {
    const result = deriveVariablesSchema(small, operationOf(`query Q(${variable}) { a }`));
    expect((result['properties'] as Record<string, unknown>)['v']).toEqual(expected);
  });

  it('requires non-null variables without a default only', () => {
    const result = deriveVariablesSchema(small, operationOf('query Q($a: Int!, $b: Int! = 1, $c: Int) { a }'));
    expect(result['required']).toEqual(['a']);
  });

  it('has no required list and no properties for an operation without variables', () => {
    expect(deriveVariablesSchema(small, operationOf('{ a }'))).toEqual({
      type: 'object',
      properties: {},
      additionalProperties: false,
    });
  });

  it('cuts a recursive input type through $defs, with defaults and required fields', () => {
    const result = deriveVariablesSchema(small, operationOf('query Q($f: Filter!) { a(filter: $f) }'));
    const filter = (result['properties'] as Record<string, Record<string, unknown>>)['f'];
    expect(filter?.['required']).toEqual(['mood']);
    expect((filter?.['properties'] as Record<string, unknown> | undefined)?.['name']).toEqual({ type: 'string', default: 'x' });
    expect((filter?.['properties'] as Record<string, unknown> | undefined)?.['count']).toEqual({ type: ['integer', 'null'], description: 'how many' });
    expect((filter?.['properties'] as Record<string, unknown> | undefined)?.['nested']).toEqual({
      anyOf: [{ $ref: '#/$defs/Filter' }, { type: 'null' }],
    });
    const defs = result['$defs'] as Record<string, Record<string, unknown>>;
    expect(defs['Filter']?.['additionalProperties']).toBe(false);
    expect((defs['Filter']?.['properties'] as Record<string, unknown> | undefined)?.['nested']).toEqual({
      anyOf: [{ $ref: '#/$defs/Filter' }, { type: 'null' }],
    });
  });
});

/** Walks a JSON Schema and returns every object schema in it. */
function objectSchemas(node: unknown, out: Record<string, unknown>[] = []): Record<string, unknown>[] {
  if (Array.isArray(node))
    node.forEach((entry) => {
      objectSchemas(entry, out);
    });
  else if (node !== null && typeof node === 'object') {
    const record = node as Record<string, unknown>;
    const type = record['type'];
    if (type === 'object' || (Array.isArray(type) && type.includes('object'))) out.push(record);
    Object.values(record).forEach((value) => {
      objectSchemas(value, out);
    });
  }
  return out;
}

function refsResolve(schema: Record<string, unknown>): boolean {
  const defs = (schema['$defs'] ?? {}) as Record<string, unknown>;
  const text = JSON.stringify(schema);
  return [...text.matchAll(/"#\/\$defs\/(\w+)"/g)].every((match) => match[1] !== undefined && match[1] in defs);
}

describe('deriveVariablesSchema: input types of real schemas', () => {
  it('GitHub IssueFilters: descriptions from input fields, nested enums, closed objects', () => {
    const schema = fixtureSchema(GITHUB);
    const operation = operationOf(
      'query Q($owner: String!, $name: String!, $filterBy: IssueFilters, $states: [IssueState!]) { repository(owner: $owner, name: $name) { issues(filterBy: $filterBy, states: $states, first: 5) { totalCount } } }',
    );
    const result = deriveVariablesSchema(schema, operation);
    expect(result['required']).toEqual(['owner', 'name']);
    const filterBy = (result['properties'] as Record<string, Record<string, unknown>>)['filterBy'];
    const properties = filterBy?.['properties'] as Record<string, Record<string, unknown>>;
    expect(properties['createdBy']).toEqual({ type: ['string', 'null'], description: 'List issues created by given name.' });
    expect(properties['states']?.['type']).toEqual(['array', 'null']);
    expect(objectSchemas(result).every((object) => object['additionalProperties'] === false)).toBe(true);
    const states = (result['properties'] as Record<string, Record<string, unknown>>)['states'];
    expect((states?.['items'] as Record<string, unknown> | undefined)?.['enum']).toEqual(['CLOSED', 'OPEN']);
  });

  it('Shopify Admin MenuItemCreateInput: recursion cut via $defs that resolve', () => {
    const schema = fixtureSchema(SHOPIFY_ADMIN);
    const operation = operationOf('mutation M($items: [MenuItemCreateInput!]!) { __typename }');
    const result = deriveVariablesSchema(schema, operation);
    expect(refsResolve(result)).toBe(true);
    expect(Object.keys(result['$defs'] as object)).toContain('MenuItemCreateInput');
    expect(objectSchemas(result).every((object) => object['additionalProperties'] === false)).toBe(true);
    expect(JSON.stringify(result).length).toBeLessThan(20_000);
  });

  it('every input type of Shopify Admin derives a finite schema whose refs resolve', () => {
    const schema = fixtureSchema(SHOPIFY_ADMIN);
    const inputs = Object.values(schema.getTypeMap()).filter((type) => type.constructor.name === 'GraphQLInputObjectType');
    expect(inputs.length).toBeGreaterThan(100);
    for (const input of inputs) {
      const result = deriveVariablesSchema(schema, operationOf(`query Q($v: ${input.name}) { __typename }`));
      expect(refsResolve(result)).toBe(true);
    }
  });
});
