import { describe, expect, it } from '@jest/globals';
import { buildSchemaFromSdl, extractSymbols } from '@discovery/schema-symbols';
import { resolveCoordinate } from './coordinate-resolver.js';
import { buildSearchIndex } from './search-index.js';
import { getSymbols } from './search.js';

const SDL = `
  type Query { order(id: ID!): Order orders(first: Int, after: String): [Order!]! node: Node }
  type Mutation { orderCreate(input: OrderInput!): Order }
  interface Node { id: ID! }
  type Order implements Node { id: ID! email: String status: Status items(first: Int!): [Item] }
  type Item { sku: String }
  input OrderInput { email: String! note: String }
  enum Status { OPEN CLOSED }
  union Result = Order | Item
  scalar Money
`;
const index = buildSearchIndex(extractSymbols(buildSchemaFromSdl(SDL).schema));
const resolved = (coordinate: string): string | undefined => {
  const at = resolveCoordinate(index, coordinate);
  return at === undefined ? undefined : index.symbols[at]!.coordinate;
};

describe('resolveCoordinate', () => {
  it.each([
    ['field:Order.email', 'field:Order.email'],
    ['path:Order', 'path:Order'],
    ['Order.email', 'field:Order.email'],
    ['OrderInput.email', 'input_field:OrderInput.email'],
    ['Order', 'object:Order'],
    ['Node', 'interface:Node'],
    ['Result', 'union:Result'],
    ['Status', 'enum:Status'],
    ['Money', 'scalar:Money'],
    ['OrderInput', 'input:OrderInput'],
    ['Query.order(id:)', 'field:Query.order'],
    ['Order.items(first:)', 'field:Order.items'],
  ])('%s -> %s', (coordinate, expected) => {
    expect(resolved(coordinate)).toBe(expected);
  });

  it.each([
    ['an unknown type', 'Nope'],
    ['an unknown field', 'Order.nope'],
    ['a kind prefix that does not match', 'input:Order'],
    ['an unknown kind prefix', 'OBJECT:Order'],
    ['a kind prefix with an argument', 'field:Query.order(id:)'],
    ['a prefixed name of the wrong case', 'object:order'],
    ['a bare name of the wrong case', 'order.email'],
    ['an enum value', 'Status.OPEN'],
    ['a path without its kind', 'Query.order.email'],
    ['a leading dot', '.email'],
    ['a trailing dot', 'Order.'],
    ['an argument on a type', 'Order(id:)'],
    ['an argument without its colon', 'Query.order(id)'],
    ['a directive', '@deprecated'],
    ['surrounding space', ' Order'],
    ['nothing', ''],
  ])('leaves out %s (%j)', (_what, coordinate) => {
    expect(resolved(coordinate)).toBeUndefined();
  });

  it('leaves out a bare name that fits two symbols', () => {
    const both = {
      byCoordinate: new Map([
        ['field:A.b', 0],
        ['input_field:A.b', 1],
        ['object:A', 2],
        ['input:A', 3],
      ]),
    };
    expect(resolveCoordinate(both, 'A.b')).toBeUndefined();
    expect(resolveCoordinate(both, 'A')).toBeUndefined();
    expect(resolveCoordinate(both, 'field:A.b')).toBe(0);
  });
});

describe('getSymbols with bare coordinates', () => {
  it('keeps request order, returns canonical coordinates and leaves out the unknown', () => {
    const coordinates = ['Order.email', 'enum:Status', 'Nope', 'Query.order(id:)', 'OrderInput', 'Order.email'];
    expect(getSymbols(index, coordinates).map((s) => s.coordinate)).toEqual([
      'field:Order.email',
      'enum:Status',
      'field:Query.order',
      'input:OrderInput',
      'field:Order.email',
    ]);
  });
});
