/**
 * SymbolMemo: extraction with a warm memo gives exactly the symbols of
 * extraction without one, also when what changed is not a member's own text
 * but a fact it uses (the kind or paging of the type it returns, its depth
 * and roots, its paths), and it stays within its bound.
 */
import { describe, expect, it } from '@jest/globals';
import { sharedSchema } from './__fixtures__/fixtures.js';
import { buildSchemaFromSdl } from './build-schema-from-sdl.js';
import { definitionText } from './definition-text.parser.js';
import { extractSymbols } from './extract-symbols.js';
import type { SchemaSymbol } from './schema-symbol.js';
import { SymbolMemo } from './symbol-memo.js';

const base = `
schema { query: Query mutation: Mutation }
type Query {
  "The shop's orders."
  orders(first: Int = 10, after: String, status: Status = OPEN): OrderConnection
  customer(id: ID!): Customer
}
type Mutation { closeOrder(input: CloseOrderInput!): Order }
type OrderConnection { edges: [OrderEdge!]! pageInfo: PageInfo! }
type OrderEdge { node: Order! cursor: String! }
type PageInfo { hasNextPage: Boolean! endCursor: String }
type Order implements Node {
  id: ID!
  "When it was placed."
  placedAt: Stamp @deprecated(reason: "Use createdAt.")
  createdAt: Stamp
  customer: Customer
}
type Customer implements Node { id: ID! name: String orders(first: Int): OrderConnection }
interface Node { id: ID! }
enum Status { OPEN CLOSED }
scalar Stamp
input CloseOrderInput { id: ID! "Why." reason: String = "asked" status: Status = CLOSED }
`;

/** Schemas that keep every member's text but change facts its symbol takes from the rest. */
const variants: Record<string, string> = {
  'the returned type changes kind': base.replace('scalar Stamp', 'enum Stamp { EARLY LATE }'),
  'the returned type stops paging': base.replace(
    'type OrderConnection { edges: [OrderEdge!]! pageInfo: PageInfo! }',
    'type OrderConnection { edges: OrderEdge total: Int }',
  ),
  'depth and roots change': base
    .replace('  customer(id: ID!): Customer\n', '')
    .replace(
      'type Mutation { closeOrder(input: CloseOrderInput!): Order }',
      'type Mutation { closeOrder(input: CloseOrderInput!): Order customer(id: ID!): Customer }',
    ),
  'an input type changes kind': base.replace('enum Status { OPEN CLOSED }', 'scalar Status'),
  'a member text changes': base.replace('"When it was placed."', '"When the order was placed."'),
  'the root changes': base.replace('schema { query: Query mutation: Mutation }', 'schema { query: Query }'),
};

function extract(sdl: string, memo?: SymbolMemo): SchemaSymbol[] {
  const built = buildSchemaFromSdl(sdl, { definitionTexts: true });
  return extractSymbols(built.schema, built.repaired || memo === undefined ? {} : { memo });
}

function json(symbols: SchemaSymbol[]): string[] {
  return symbols.map((symbol) => JSON.stringify(symbol));
}

describe('SymbolMemo', () => {
  it.each(Object.keys(variants))('gives the symbols of a build without it when %s', (name) => {
    const memo = new SymbolMemo();
    extract(base, memo);
    const warm = extract(variants[name]!, memo);
    expect(json(warm)).toEqual(json(extract(variants[name]!)));
    expect(warm.some((symbol) => Object.isFrozen(symbol))).toBe(true);
  });

  it('reuses the members it knows and makes the changed ones', () => {
    const memo = new SymbolMemo();
    const first = new Map(extract(base, memo).map((symbol) => [symbol.coordinate, symbol]));
    const second = new Map(extract(variants['a member text changes']!, memo).map((symbol) => [symbol.coordinate, symbol]));
    expect(second.get('field:Order.createdAt')).toBe(first.get('field:Order.createdAt'));
    expect(second.get('field:Order.placedAt')).not.toBe(first.get('field:Order.placedAt'));
    expect(second.get('field:Order.placedAt')?.description).toBe('When the order was placed.');
  });

  it('freezes what it keeps, deeply', () => {
    const memo = new SymbolMemo();
    const orders = extract(base, memo).find((symbol) => symbol.coordinate === 'field:Query.orders')!;
    expect(Object.isFrozen(orders)).toBe(true);
    expect(Object.isFrozen(orders.args)).toBe(true);
    expect(Object.isFrozen(orders.args![0])).toBe(true);
    expect(Object.isFrozen(orders.record)).toBe(true);
    expect(() => {
      (orders as { description?: string }).description = 'changed';
    }).toThrow(TypeError);
  });

  it('gives the symbols of a build without it across a large schema and its edits', () => {
    const memo = new SymbolMemo();
    let sdl = sharedSchema('saleor.graphql');
    for (let round = 0; round < 3; round++) {
      expect(json(extract(sdl, memo))).toEqual(json(extract(sdl)));
      // Every 50th one-line block description of a member gets a sentence more.
      let descriptions = 0;
      const before = sdl;
      sdl = sdl.replace(/^( {2})"""([A-Z][^\n]*?)"""$/gm, (line, indent: string, text: string) =>
        ++descriptions % 50 === round ? `${indent}"""${text} Edited in round ${round}."""` : line,
      );
      expect(sdl).not.toBe(before);
    }
  });

  it('holds at most its bound of key characters', () => {
    const memo = new SymbolMemo(2_000);
    extract(base, memo);
    const first = memo.size;
    extract(variants['depth and roots change']!, memo);
    extract(variants['the returned type changes kind']!, memo);
    expect(first).toBeGreaterThan(0);
    expect(memo.size).toBeLessThan(3 * first);
    expect(json(extract(base, memo))).toEqual(json(extract(base)));
  });

  it('is not used for a repaired AST, whose definitions are not what their text says', () => {
    const repairedSdl = 'type Query { a: Int @unknownDirective b: Undeclared }';
    const built = buildSchemaFromSdl(repairedSdl, { definitionTexts: true });
    expect(built.repaired).toBe(true);
    expect(buildSchemaFromSdl(base, { definitionTexts: true }).repaired).toBe(false);
  });
});

describe('definitionText', () => {
  it('is the source text of each field and input value definition, description and directives included', () => {
    const built = buildSchemaFromSdl(base, { definitionTexts: true });
    const order = built.schema.getType('Order') as import('graphql').GraphQLObjectType;
    expect(definitionText(order.getFields()['placedAt']!.astNode)).toBe('"When it was placed."\n  placedAt: Stamp @deprecated(reason: "Use createdAt.")');
    const query = built.schema.getType('Query') as import('graphql').GraphQLObjectType;
    expect(definitionText(query.getFields()['orders']!.args[2]!.astNode)).toBe('status: Status = OPEN');
    expect(definitionText(buildSchemaFromSdl(base).schema.getQueryType()!.getFields()['orders']!.astNode)).toBeUndefined();
  });

  it('keeps syntax errors with their line and column', () => {
    expect(() => buildSchemaFromSdl('type Query {\n  a: Int\n  b: ]\n}', { definitionTexts: true })).toThrow(
      expect.objectContaining({ code: 'SYNTAX', message: expect.stringMatching(/line 3, column 6/) }),
    );
  });
});
