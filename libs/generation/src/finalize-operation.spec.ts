/**
 * Finalizing submitted operations: validation errors, literals lifted into
 * variables (named after their argument, deduplicated, schema defaults),
 * description strings, names, and the printed result validating again.
 */
import { describe, expect, it } from '@jest/globals';
import { buildSchema, parse, validate } from 'graphql';
import { finalizeOperation, type FinalizeResult } from './finalize-operation.js';
import { checkOperation, validationSchema } from './operation-check.js';
import { refusalFor } from './mutation-policy.js';
import { toPascalCase } from './operation-naming.js';
import type { ResolvedQuery } from './contract/generate-job.js';
import { COSMO_DEMO, GITHUB, fixtureSchema } from './testing/index.js';

const cosmo = fixtureSchema(COSMO_DEMO);

function accepted(result: FinalizeResult): ResolvedQuery {
  if (!result.ok) throw new Error(`expected ok, got ${result.errors.join('; ')}`);
  return result.query;
}

function expectValid(query: ResolvedQuery, schema = cosmo): void {
  expect(validate(validationSchema(schema), parse(query.document))).toEqual([]);
}

describe('checkOperation', () => {
  const cases: { name: string; source: string; error: RegExp }[] = [
    { name: 'empty', source: '  ', error: /empty/ },
    { name: 'syntax', source: 'query { employees { id }', error: /^Syntax error: .*line 1/ },
    { name: 'unknown field', source: '{ employees { salary } }', error: /Cannot query field "salary" on type "Employee"/ },
    { name: 'two operations', source: 'query A { employees { id } } query B { employees { id } }', error: /exactly one operation/ },
    { name: 'missing required argument', source: '{ employee { id } }', error: /Argument "Query.employee\(id:\)" of type "Int!" is required/ },
    { name: 'type system definition', source: 'type X { a: Int }', error: /exactly one operation/ },
    { name: 'a schema introspection dump', source: '{ __schema { types { name } } }', error: /introspection/i },
    { name: 'a type introspection', source: '{ __type(name: "Employee") { fields { name } } }', error: /introspection/i },
  ];
  it.each(cases)('rejects $name', ({ source, error }) => {
    const result = checkOperation(cosmo, source);
    expect(result.ok).toBe(false);
    if (!result.ok) expect(result.errors.join('\n')).toMatch(error);
  });

  it('accepts __typename', () => {
    expect(checkOperation(cosmo, '{ employees { __typename id } }').ok).toBe(true);
  });

  it('accepts one operation with fragments', () => {
    expect(checkOperation(cosmo, 'query { employees { ...F } } fragment F on Employee { id }').ok).toBe(true);
  });
});

describe('finalizeOperation: parameterization', () => {
  it('lifts a literal into a variable named after its argument, typed as the schema declares it', () => {
    const query = accepted(finalizeOperation(cosmo, { document: '{ employee(id: 3) { id } }', description: 'One employee by id.' }, new Set()));
    expect(query.document).toContain('$id: Int!');
    expect(query.document).toContain('employee(id: $id)');
    expect(query.document).not.toMatch(/employee\(id: 3\)/);
    expect(query.document).toContain('Example: 3.');
    expect(query.variablesSchema['required']).toEqual(['id']);
    expectValid(query);
  });

  it('gives the variable the schema default of its argument', () => {
    const query = accepted(finalizeOperation(cosmo, { document: '{ bigResponse(bigObjects: 5) { __typename } }', description: 'Big.' }, new Set()));
    expect(query.document).toContain('$bigObjects: Int! = 100');
    const properties = query.variablesSchema['properties'] as Record<string, Record<string, unknown>>;
    expect(properties['bigObjects']).toMatchObject({ type: 'integer', default: 100 });
    expect(query.variablesSchema['required']).toBeUndefined();
    expectValid(query);
  });

  it('deduplicates names: same argument name on different fields gets distinct variables', () => {
    const query = accepted(
      finalizeOperation(cosmo, { document: '{ a: employee(id: 1) { id } b: employeeAsList(id: 2) { id } }', description: 'Two.' }, new Set()),
    );
    expect(query.document).toContain('$id: Int!');
    expect(query.document).toContain('$employeeAsListId: Int!');
    expectValid(query);
  });

  it('reuses one variable for one value of one argument', () => {
    const query = accepted(finalizeOperation(cosmo, { document: '{ a: employee(id: 1) { id } b: employee(id: 1) { id } }', description: 'x' }, new Set()));
    expect(query.document.match(/\$id: Int!/g)).toHaveLength(1);
    expectValid(query);
  });

  it('lifts input object literals whole, enums included', () => {
    const query = accepted(
      finalizeOperation(cosmo, { document: '{ findEmployees(criteria: { nationality: GERMAN, hasPets: true }) { id } }', description: 'x' }, new Set()),
    );
    expect(query.document).toContain('$criteria: SearchInput');
    expect(query.document).toContain('findEmployees(criteria: $criteria)');
    expect(query.document).toContain('Allows to filter employees by their details. Example: { nationality: GERMAN, hasPets: true }.');
    expectValid(query);
  });

  it('lifts the literal parts of an object that already holds a variable', () => {
    const query = accepted(
      finalizeOperation(
        cosmo,
        {
          document: 'query Q($pets: Boolean) { findEmployees(criteria: { nationality: GERMAN, hasPets: $pets }) { id } }',
          description: 'x',
        },
        new Set(),
      ),
    );
    expect(query.document).toContain('$nationality: Nationality');
    expect(query.document).toMatch(/criteria: \{ *nationality: \$nationality, hasPets: \$pets *\}/);
    expectValid(query);
  });

  it('keeps directive arguments as written', () => {
    const query = accepted(finalizeOperation(cosmo, { document: '{ employees { id @include(if: true) } }', description: 'x' }, new Set()));
    expect(query.document).toContain('@include(if: true)');
  });

  it('lifts GitHub repository owner/name and pagination, keeping defaults', () => {
    const github = fixtureSchema(GITHUB);
    const query = accepted(
      finalizeOperation(
        github,
        {
          document: '{ repository(owner: "octocat", name: "hello") { issues(first: 10, states: [OPEN]) { nodes { title } } } }',
          description: 'Open issues of a repository.',
        },
        new Set(),
      ),
    );
    expect(query.document).toContain('$owner: String!');
    expect(query.document).toContain('$name: String!');
    expect(query.document).toContain('$first: Int');
    expect(query.document).toContain('$states: [IssueState!]');
    expect(query.variablesSchema['required']).toEqual(['owner', 'name']);
    expectValid(query, github);
  });
});

describe('finalizeOperation: names and descriptions', () => {
  it('writes description strings on the operation and every variable (graphql 17 syntax)', () => {
    const query = accepted(
      finalizeOperation(cosmo, { document: 'query ($id: Int!) { employee(id: $id) { id } }', description: '  One employee\n by id.  ' }, new Set()),
    );
    expect(query.description).toBe('One employee by id.');
    const operation = parse(query.document).definitions[0];
    expect(operation?.kind === 'OperationDefinition' && operation.description?.value).toBe('One employee by id.');
    expect(operation?.kind === 'OperationDefinition' && operation.variableDefinitions?.[0]?.description?.value).toBeTruthy();
    expect(query.operationName).toBe('GetEmployee');
    expect(query.operationType).toBe('query');
  });

  it('keeps unique names across a resolution', () => {
    const taken = new Set<string>();
    const first = accepted(finalizeOperation(cosmo, { document: 'query employees_list { employees { id } }', description: 'a' }, taken));
    const second = accepted(finalizeOperation(cosmo, { document: 'query EmployeesList { employees { id } }', description: 'b' }, taken));
    expect([first.operationName, second.operationName]).toEqual(['EmployeesList', 'EmployeesList2']);
  });

  const names: [string, string][] = [
    ['list all_employees', 'ListAllEmployees'],
    ['getEmployeeByID', 'GetEmployeeById'],
    ['LIST_ALL', 'ListAll'],
    ['3things', 'Op3things'],
  ];
  it.each(names)('toPascalCase(%s) = %s', (input, expected) => expect(toPascalCase(input)).toBe(expected));

  it('names mutations after their field', () => {
    const query = accepted(finalizeOperation(cosmo, { document: 'mutation { updateMood(employeeID: 1, mood: HAPPY) { id } }', description: '' }, new Set()));
    expect(query.operationName).toBe('UpdateMood');
    expect(query.operationType).toBe('mutation');
    expect(query.description).toBe('Runs updateMood.');
  });

  it('reports the validation errors of an invalid submission', () => {
    const result = finalizeOperation(cosmo, { document: '{ employees { salary } }', description: 'x' }, new Set());
    expect(result).toEqual({ ok: false, errors: [expect.stringContaining('Cannot query field "salary"')] });
  });
});

describe('refusalFor (mutation policy)', () => {
  it('refuses mutations when the operator disallows them', () => {
    expect(refusalFor('mutation', { allowMutations: false }, 'Set the mood')).toMatch(/not allowed.*"Set the mood"/);
    // Says that this is the default and how the operator changes it (issue 26).
    expect(refusalFor('mutation', { allowMutations: false }, 'x')).toContain(
      'generating mutations is off, the default (the operator turns it on with GENERATE_ALLOW_MUTATIONS=true)',
    );
  });
  it('allows mutations when the operator allows them, and always queries', () => {
    expect(refusalFor('mutation', { allowMutations: true }, 'x')).toBeUndefined();
    expect(refusalFor('query', { allowMutations: false }, 'x')).toBeUndefined();
  });
});

describe('finalizeOperation: small schemas', () => {
  it('builds variables for list arguments with variables inside', () => {
    const schema = buildSchema('type Query { sum(values: [Int!]!): Int }');
    const query = accepted(finalizeOperation(schema, { document: 'query ($a: Int!) { sum(values: [$a, 2]) }', description: 'x' }, new Set()));
    expect(query.document).toMatch(/sum\(values: \[\$a, \$values\]\)/);
    expectValid(query, schema);
  });
});
