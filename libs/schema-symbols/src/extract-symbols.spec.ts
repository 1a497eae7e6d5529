import { describe, expect, it } from '@jest/globals';
import { benchSchema, localFixture, sharedSchema } from './__fixtures__/fixtures.js';
import { buildSchemaFromSdl } from './build-schema-from-sdl.js';
import { extractSymbols } from './extract-symbols.js';
import type { SchemaSymbol } from './schema-symbol.js';

function symbolsOf(sdl: string): Map<string, SchemaSymbol> {
  const symbols = extractSymbols(buildSchemaFromSdl(sdl).schema);
  return new Map(symbols.map((symbol) => [symbol.coordinate, symbol]));
}

function get(symbols: Map<string, SchemaSymbol>, coordinate: string): SchemaSymbol {
  const symbol = symbols.get(coordinate);
  if (symbol === undefined) throw new Error(`no symbol ${coordinate}`);
  return symbol;
}

const cosmo = symbolsOf(sharedSchema('cosmo-demo.graphql'));
const shapes = symbolsOf(localFixture('shapes.graphql'));

describe('extractSymbols: input', () => {
  it.each([
    ['undefined', undefined],
    ['an SDL string', 'type Query { a: Int }'],
    ['a plain object', { getTypeMap: () => ({}) }],
  ])('rejects %s', (_name, input) => {
    expect(() => extractSymbols(input as never)).toThrow(expect.objectContaining({ code: 'INVALID', message: 'extractSymbols expects a GraphQLSchema' }));
  });
});

describe('extractSymbols: cosmo demo', () => {
  it('has field:Employee.details with its type reference and parent', () => {
    const details = get(cosmo, 'field:Employee.details');
    expect(details).toMatchObject({ kind: 'field', name: 'Employee.details', parent: 'object:Employee' });
    expect(details).toMatchObject({ typeName: 'Details', typeKind: 'object', typeRef: 'Details', depth: 1 });
    expect(details.record).toEqual({
      Coordinate: 'field:Employee.details',
      Kind: 'field',
      Parent: 'Employee',
      Name: 'details',
      TypeRef: 'Details',
      Args: [],
    });
    expect(details.embeddingText).toBe('employee details: Details.');
  });

  it('lists the values of enum:Mood', () => {
    expect(get(cosmo, 'enum:Mood').record).toEqual({
      Coordinate: 'enum:Mood',
      Kind: 'enum',
      Name: 'Mood',
      Values: [{ Name: 'HAPPY' }, { Name: 'SAD' }],
    });
  });

  it('gives the shortest root paths to Details, required arguments shown', () => {
    expect(get(cosmo, 'path:Details').record).toEqual({
      Coordinate: 'path:Details',
      Kind: 'path',
      Type: 'Details',
      Paths: ['Query.employee(id:).details', 'Query.employeeAsList(id:).details', 'Query.employees.details'],
    });
    expect(get(cosmo, 'path:Details')).toMatchObject({ kind: 'path', name: 'Details', depth: 2 });
  });

  it('skips built-in scalars and introspection types', () => {
    for (const coordinate of ['scalar:String', 'scalar:Boolean', 'object:__Schema', 'enum:__TypeKind']) {
      expect(cosmo.has(coordinate)).toBe(false);
    }
  });
});

describe('extractSymbols: shapes', () => {
  it.each([
    ['field:Query.users', true],
    ['field:Query.tags', true],
    ['field:User.friends', true],
    ['field:Query.lookup', false],
    ['field:User.team', false],
    ['field:Team.members', false],
  ])('paginated(%s) = %s', (coordinate, paginated) => {
    const symbol = get(shapes, coordinate);
    expect(symbol.paginated).toBe(paginated);
    expect(symbol.record.Paginated).toBe(paginated ? true : undefined);
  });

  it('extracts interface fields and implementations', () => {
    expect(get(shapes, 'field:Named.name')).toMatchObject({
      parent: 'interface:Named',
      typeRef: 'String!',
      args: [{ name: 'locale', type: 'String', defaultValue: '"en"' }],
      description: 'The display name.',
    });
    expect(get(shapes, 'interface:Node').record).toMatchObject({ Implementations: ['User', 'Team'] });
    expect(get(shapes, 'object:User').record).toMatchObject({ Interfaces: ['Node', 'Named'] });
  });

  it.each([
    ['field:Query.users', 'filter', '{ status: ACTIVE, limit: 10 }'],
    ['field:Query.users', 'first', '20'],
    ['field:Query.lookup', 'keys', '["a", "b"]'],
    ['field:Query.lookup', 'lang', '"en"'],
    ['field:Query.lookup', 'exact', 'false'],
  ])('%s argument %s has default %s', (coordinate, name, printed) => {
    const symbol = get(shapes, coordinate);
    expect(symbol.args?.find((arg) => arg.name === name)?.defaultValue).toBe(printed);
    const args = symbol.record.Args as { Name: string; DefaultValue?: string }[];
    expect(args.find((arg) => arg.Name === name)?.DefaultValue).toBe(printed);
  });

  it('prints input field defaults in input and input_field records', () => {
    expect(get(shapes, 'input_field:UserFilter.status').record).toEqual({
      Coordinate: 'input_field:UserFilter.status',
      Kind: 'input_field',
      Parent: 'UserFilter',
      Name: 'status',
      TypeRef: 'Status',
      DefaultValue: 'ACTIVE',
    });
    expect(get(shapes, 'input:UserFilter').record.Fields).toEqual([
      { Name: 'status', TypeRef: 'Status', DefaultValue: 'ACTIVE' },
      { Name: 'limit', TypeRef: 'Int', DefaultValue: '10' },
      { Name: 'and', TypeRef: '[UserFilter!]' },
      { Name: 'not', TypeRef: 'UserFilter' },
    ]);
  });

  it('handles recursive input types', () => {
    expect(get(shapes, 'input_field:UserFilter.and')).toMatchObject({
      parent: 'input:UserFilter',
      typeName: 'UserFilter',
      typeKind: 'input',
      typeRef: '[UserFilter!]',
      depth: 1,
      roots: ['query', 'mutation'],
    });
    expect(get(shapes, 'input:UpdateUserInput')).toMatchObject({ depth: 1, roots: ['mutation'] });
  });

  it.each([
    ['object:Query', 0, ['query']],
    ['field:Query.viewer', 0, ['query']],
    ['object:Mutation', 0, ['mutation']],
    ['object:User', 1, ['query', 'mutation']],
    ['field:User.team', 1, ['query', 'mutation']],
    ['object:Team', 2, ['query', 'mutation']],
    ['enum:Status', 2, ['query', 'mutation']],
  ])('%s has depth %s and roots %j', (coordinate, depth, roots) => {
    expect(get(shapes, coordinate)).toMatchObject({ depth, roots });
  });

  it('leaves unreachable elements without depth, roots or path', () => {
    for (const coordinate of ['object:Orphan', 'field:Orphan.id', 'object:OrphanSibling', 'scalar:DateTime', 'input:OrphanInput']) {
      const symbol = get(shapes, coordinate);
      expect(symbol.depth).toBeUndefined();
      expect(symbol.roots).toEqual([]);
    }
    for (const coordinate of ['path:Orphan', 'path:OrphanSibling', 'path:DateTime', 'path:Query', 'path:Mutation']) {
      expect(shapes.has(coordinate)).toBe(false);
    }
  });

  it('prefers field paths over inline fragments of the same length', () => {
    expect(get(shapes, 'path:Team').record.Paths).toEqual(['Query.viewer.team', 'Query.lookup.team', 'Query.node(id:){... on Team}']);
  });

  it('records deprecations, value descriptions and specifiedBy', () => {
    expect(get(shapes, 'field:User.status')).toMatchObject({ deprecated: 'Use `state` instead.' });
    expect(get(shapes, 'field:User.status').record.Deprecated).toBe('Use `state` instead.');
    expect(get(shapes, 'enum:Status').record.Values).toEqual([
      { Name: 'ACTIVE' },
      { Name: 'BANNED', Description: 'Gone for good.' },
      { Name: 'SLEEPING', Deprecated: 'No longer supported' },
    ]);
    expect(get(shapes, 'scalar:DateTime').record).toEqual({
      Coordinate: 'scalar:DateTime',
      Kind: 'scalar',
      Name: 'DateTime',
      Description: 'An ISO-8601 date and time.',
      SpecifiedBy: 'https://www.rfc-editor.org/rfc/rfc3339',
    });
  });

  it.each([
    ['field:Query.viewer', 'query viewer: User. The current user.'],
    ['field:Query.users', 'query users: User Connection. Search users.'],
    ['object:Query', 'query (object). The root of all queries.'],
    ['object:Team', 'team (object). id, members.'],
    ['enum:Status', 'status (enum). active, banned, sleeping.'],
    ['input_field:UserFilter.and', 'user filter and: User Filter. Nested filters, combined with AND.'],
    ['path:Team', 'path to team: viewer team'],
  ])('embedding text of %s', (coordinate, text) => {
    expect(get(shapes, coordinate).embeddingText).toBe(text);
  });
});

describe('extractSymbols: paths through catch-all interfaces', () => {
  const types = Array.from({ length: 12 }, (_, i) => `type T${i} implements Node { id: ID! }`).join('\n');
  const symbols = symbolsOf(`type Query {
    node(id: ID!): Node
    nodes(ids: [ID!]!): [Node]!
    owner: Owner
  }
  type Owner { first: T0\n second: T0 }
  interface Node { id: ID! }
  ${types}`);

  it('keeps at most one path through an interface with more than 10 implementations, listed last', () => {
    expect(get(symbols, 'path:T0').record.Paths).toEqual(['Query.owner.first', 'Query.owner.second', 'Query.node(id:){... on T0}']);
    expect(get(symbols, 'path:T5').record.Paths).toEqual(['Query.node(id:){... on T5}']);
    expect(get(symbols, 'path:T0').embeddingText).toBe('path to t 0: owner first');
  });
});

describe('extractSymbols: untrusted descriptions', () => {
  const long = 'word '.repeat(1000);
  const sdl = `type Query {\n  """${long}"""\n  a: String\n  "Bell\\u0007 and \\u202Eoverride"\n  b: Int\n}`;
  const symbols = symbolsOf(sdl);

  it('truncates very long descriptions for ranking with an ellipsis, and keeps them whole in the record', () => {
    const description = get(symbols, 'field:Query.a').description ?? '';
    expect(description.length).toBeLessThanOrEqual(1000);
    expect(description.endsWith('word…')).toBe(true);
    expect(get(symbols, 'field:Query.a').record.Description).toBe(long.trim());
    expect(get(symbols, 'field:Query.a').embeddingText.split(' ').length).toBeLessThanOrEqual(25);
  });

  it('strips control and bidi characters', () => {
    expect(get(symbols, 'field:Query.b').description).toBe('Bell and override');
    expect(get(symbols, 'field:Query.b').record.Description).toBe('Bell and override');
  });
});

describe('extractSymbols: complete records', () => {
  const fields = Array.from({ length: 480 }, (_, i) => `f${i}: Int`).join('\n');
  const inputs = Array.from({ length: 150 }, (_, i) => `i${i}: Int = ${i}`).join('\n');
  const values = Array.from({ length: 250 }, (_, i) => `"${'Value description. '.repeat(20)}V${i}." V${i}`).join('\n');
  const members = Array.from({ length: 120 }, (_, i) => `type M${i} implements Named { name: String }`).join('\n');
  const long = `"""${'A long argument description. '.repeat(40)}"""`;
  const symbols =
    symbolsOf(`type Query { big: Big\n e: Big2\n u: U\n f(${long} x: Int @deprecated(reason: "${'Gone. '.repeat(80)}")): Int\n g(in: BigInput): Int }
    type Big { ${fields} }\nenum Big2 { ${values} }\ninput BigInput { ${inputs} }
    interface Named { name: String }\n${members}\nunion U = ${Array.from({ length: 120 }, (_, i) => `M${i}`).join(' | ')}`);

  it('names every field of an object by name and type, with no count of left-out fields', () => {
    const record = get(symbols, 'object:Big').record;
    expect(record.Fields).toHaveLength(480);
    expect((record.Fields as unknown[])[479]).toEqual({ Name: 'f479', TypeRef: 'Int' });
    expect(record).not.toHaveProperty('MoreFields');
  });

  it('names every field of an input with its default', () => {
    const record = get(symbols, 'input:BigInput').record;
    expect(record.Fields).toHaveLength(150);
    expect((record.Fields as unknown[])[149]).toEqual({ Name: 'i149', TypeRef: 'Int', DefaultValue: '149' });
  });

  it('lists every enum value with its whole description', () => {
    const record = get(symbols, 'enum:Big2').record;
    const listed = record.Values as { Name: string; Description?: string }[];
    expect(listed).toHaveLength(250);
    expect(listed.every((value) => value.Description?.endsWith(`V${value.Name.slice(1)}.`))).toBe(true);
    expect(record).not.toHaveProperty('MoreValues');
  });

  it('lists every member and implementation', () => {
    expect(get(symbols, 'union:U').record.Members).toHaveLength(120);
    expect(get(symbols, 'interface:Named').record.Implementations).toHaveLength(120);
  });

  it('keeps argument descriptions and deprecation reasons whole in the record, shortened on the symbol', () => {
    const field = get(symbols, 'field:Query.f');
    const [arg] = field.record.Args as { Description: string; Deprecated: string }[];
    expect(arg!.Description).toBe('A long argument description. '.repeat(40).trim());
    expect(arg!.Deprecated).toBe('Gone. '.repeat(80).trim());
    expect(field.args![0]!.description!.length).toBeLessThanOrEqual(300);
  });
});

describe('extractSymbols: large and lenient schemas', () => {
  const github = extractSymbols(buildSchemaFromSdl(benchSchema('github.graphql')).schema);

  it('extracts about 11k symbols from github.graphql', () => {
    expect(github.length).toBeGreaterThan(10_500);
    expect(github.length).toBeLessThan(11_500);
  });

  it("names every field of GitHub's Mutation and Query in their records", () => {
    const schema = buildSchemaFromSdl(benchSchema('github.graphql')).schema;
    for (const name of ['Mutation', 'Query']) {
      const record = github.find((symbol) => symbol.coordinate === `object:${name}`)!.record;
      const fields = Object.values((name === 'Mutation' ? schema.getMutationType()! : schema.getQueryType()!).getFields());
      expect(record.Fields).toEqual(fields.map((field) => ({ Name: field.name, TypeRef: String(field.type) })));
    }
    expect((github.find((symbol) => symbol.coordinate === 'object:Mutation')!.record.Fields as unknown[]).length).toBeGreaterThan(200);
  });

  it('gives a field path before paths through the Relay node interface', () => {
    const paths = github.find((symbol) => symbol.coordinate === 'path:Issue')?.record.Paths;
    expect(paths).toEqual(['Query.repository(name:, owner:).issue(number:)', expect.stringMatching(/^Query\./), expect.stringMatching(/^Query\./)]);
  });

  it.each([
    ['cosmo-demo-employees-subgraph.graphql', 'scalar:Upload'],
    ['swapi.graphql', 'field:Root.allFilms'],
  ])('extracts %s (has %s)', (file, coordinate) => {
    expect(symbolsOf(sharedSchema(file)).has(coordinate)).toBe(true);
  });

  it('marks swapi connections as paginated', () => {
    const swapi = symbolsOf(sharedSchema('swapi.graphql'));
    expect(get(swapi, 'field:Root.allFilms').record.Paginated).toBe(true);
    expect(get(swapi, 'field:Film.characterConnection').paginated).toBe(true);
    expect(get(swapi, 'field:Root.film').paginated).toBe(false);
  });

  it.each([
    ['github', () => github],
    ['cosmo', () => [...cosmo.values()]],
    ['shapes', () => [...shapes.values()]],
    ['subgraph', () => extractSymbols(buildSchemaFromSdl(localFixture('subgraph-extend-only.graphql')).schema)],
  ])('%s: unique coordinates, consistent records, short texts', (_name, load) => {
    const symbols = load();
    expect(new Set(symbols.map((symbol) => symbol.coordinate)).size).toBe(symbols.length);
    const problems = symbols.flatMap((symbol) => {
      const found: string[] = [];
      if (symbol.record.Coordinate !== symbol.coordinate) found.push('record coordinate differs');
      if (!symbol.coordinate.startsWith(`${symbol.kind}:`)) found.push('coordinate does not start with the kind');
      if (Object.values(symbol.record).some((value) => value === undefined || value === null)) found.push('empty key');
      if (symbol.embeddingText === '' || symbol.embeddingText.split(' ').length > 25) found.push('embedding text length');
      return found.map((problem) => `${symbol.coordinate}: ${problem}`);
    });
    expect(problems).toEqual([]);
  });
});

describe('extractSymbols: argument lists in records', () => {
  it('lists every argument, in schema order', () => {
    const args = Array.from({ length: 5_000 }, (_, i) => `a${i}: Int`).join(' ');
    const schema = buildSchemaFromSdl(`type Query { f(${args}, id: ID!): Int }`).schema;
    const record = extractSymbols(schema).find((s) => s.coordinate === 'field:Query.f')!.record;
    const listed = record['Args'] as { Name: string }[];
    expect(listed).toHaveLength(5_001);
    expect(listed[5_000]).toEqual({ Name: 'id', TypeRef: 'ID!' });
    expect(record).not.toHaveProperty('MoreArguments');
  });
});
