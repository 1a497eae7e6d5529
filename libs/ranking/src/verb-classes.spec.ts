import { describe, expect, it } from '@jest/globals';
import { buildSchemaFromSdl, extractSymbols } from '@discovery/schema-symbols';
import { DEFAULT_RANKING_OPTIONS } from './ranking-options.js';
import { buildSearchIndex } from './search-index.js';
import { search } from './search.js';
import { requestClassMask, verbClassMask } from './verb-classes.js';

describe('verb classes', () => {
  it.each<[string, string]>([
    ['decline', 'reject'],
    ['turn down', 'rejects'],
    ['wipe', 'clear'],
    ['run', 'retry'],
    ['shut down', 'stop'],
    ['Pauses', 'hold'],
  ])('%j and %j share a class', (a, b) => {
    expect(verbClassMask(a) & verbClassMask(b)).not.toBe(0);
  });

  it('keeps different actions apart, and knows no noun', () => {
    expect(verbClassMask('delete') & verbClassMask('create')).toBe(0);
    expect(verbClassMask('approve') & verbClassMask('reject')).toBe(0);
    expect(verbClassMask('order')).toBe(0);
    expect(requestClassMask(['take', 'take out'])).toBe(verbClassMask('remove'));
  });
});

const SDL = `
type Order { id: ID! status: String }
type Query { order(id: ID!): Order }
type Mutation {
  "Reject an order that looks fraudulent."
  rejectOrder(orderId: ID!): Order
  "Confirm an order."
  confirmOrder(orderId: ID!): Order
  "Set the status of an order."
  setOrderStatus(orderId: ID!, status: String!): Order
  "Remove the order's discounts."
  orderDiscountsClear(orderId: ID!): Order
  "Pauses the order's delivery."
  orderHold(orderId: ID!): Order
}`;

describe('a request and the mutation whose verb class it shares', () => {
  const index = buildSearchIndex(extractSymbols(buildSchemaFromSdl(SDL).schema));

  it("ranks the mutation of the request's class first, and not without the bonus", () => {
    const first = (verbClassCoverage: boolean): string =>
      search(index, { query: 'Turn down order 5' }, { ...DEFAULT_RANKING_OPTIONS, verbClassCoverage })[0]!.symbol.coordinate;
    expect(first(true)).toBe('field:Mutation.rejectOrder');
    expect(first(false)).not.toBe('field:Mutation.rejectOrder');
  });
});
