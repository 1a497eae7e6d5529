/**
 * The field slicer: fields rather than whole types, root entries through
 * hubs, arguments and input types by need, and an exact o200k budget that is
 * never exceeded, on the largest types of the fixtures (GitHub's Repository,
 * Shopify Admin's Product and Order).
 */
import { describe, expect, it } from '@jest/globals';
import { buildSchema, parse } from 'graphql';
import { countTokens } from 'gpt-tokenizer';
import { sliceFromHits, sliceSchema } from './schema-slicer.js';
import { SliceRelevance } from './slice-relevance.js';
import { COSMO_DEMO, GITHUB, SHOPIFY_ADMIN, fixtureIndex } from './testing/index.js';

const github = fixtureIndex(GITHUB);
const shopify = fixtureIndex(SHOPIFY_ADMIN);
const cosmo = fixtureIndex(COSMO_DEMO);

/** `Type.field` and `Type.field(arg:)` of a slice's SDL, parsed with graphql-js. */
function printed(sdl: string): Set<string> {
  const found = new Set<string>();
  for (const definition of parse(sdl).definitions) {
    if (!('name' in definition) || !definition.name || !('fields' in definition)) continue;
    found.add(definition.name.value);
    for (const field of definition.fields ?? []) {
      found.add(`${definition.name.value}.${field.name.value}`);
      for (const arg of 'arguments' in field ? (field.arguments ?? []) : []) found.add(`${definition.name.value}.${field.name.value}(${arg.name.value}:)`);
    }
  }
  return found;
}

describe('sliceSchema', () => {
  it.each([
    [github, 'open issues of a repository with their labels and assignees'],
    [github, 'pull requests merged last week and their authors'],
    [shopify, 'orders that are unfulfilled with their shipping address and total price'],
    [shopify, 'product variants with price and inventory quantity'],
  ])('never returns more than the budget, and reports the exact o200k count (%#)', async (index, query) => {
    for (const maxTokens of [300, 1000, 4000, 8000]) {
      const slice = await sliceSchema(index, query, { maxTokens });
      expect(slice.tokens).toBe(countTokens(slice.sdl));
      expect(slice.tokens).toBeLessThanOrEqual(maxTokens);
      expect(() => parse(slice.sdl)).not.toThrow();
    }
  });

  it('prints the hit fields of a large type, not the whole type', async () => {
    const slice = await sliceSchema(shopify, 'product title and vendor', { maxTokens: 2000 });
    const found = printed(slice.sdl);
    expect(found).toContain('Product.title');
    expect(found).toContain('Product.vendor');
    const productFields = Object.keys((shopify.schema.getType('Product') as { getFields(): object }).getFields()).length;
    const shown = [...found].filter((entry) => /^Product\.\w+$/.test(entry)).length;
    expect(shown).toBeLessThan(productFields / 2);
  });

  it('reaches a type through a hub with its required arguments, and unwraps the connection', async () => {
    const slice = await sliceSchema(github, 'issues of the octocat/hello repository', { maxTokens: 4000 });
    const found = printed(slice.sdl);
    for (const entry of [
      'Query.repository',
      'Query.repository(owner:)',
      'Query.repository(name:)',
      'Repository.issues',
      'Repository.issues(first:)',
      'IssueConnection.nodes',
    ]) {
      expect(found).toContain(entry);
    }
  });

  it('prints optional arguments only when they matter to the query', async () => {
    const slice = await sliceSchema(github, 'open issues of a repository', { maxTokens: 4000 });
    const found = printed(slice.sdl);
    expect(found).toContain('Repository.issues(states:)');
    expect(found).not.toContain('Repository.issues(orderBy:)');
    expect(slice.coordinates).toContain('enum:IssueState');
  });

  it('lists every printed element as a coordinate', async () => {
    const slice = await sliceSchema(cosmo, 'employees and their current mood', { maxTokens: 1000 });
    expect(slice.coordinates).toEqual(
      expect.arrayContaining(['object:Query', 'field:Query.employees', 'object:Employee', 'field:Employee.currentMood', 'enum:Mood']),
    );
    for (const coordinate of slice.coordinates.filter((c) => c.startsWith('field:'))) {
      expect(printed(slice.sdl)).toContain(coordinate.slice('field:'.length));
    }
  });

  it('uses the mutation root only when asked', async () => {
    const queryOnly = await sliceSchema(cosmo, 'update the mood of an employee');
    const withMutations = await sliceSchema(cosmo, 'update the mood of an employee', { roots: ['query', 'mutation'] });
    expect(queryOnly.coordinates).not.toContain('field:Mutation.updateMood');
    expect(withMutations.coordinates).toContain('field:Mutation.updateMood');
  });

  it('marks a slice truncated when relevant hits did not fit, and admits no hit over the budget', () => {
    const hits = [{ symbol: { coordinate: 'field:Query.repository', kind: 'field' as const, name: 'Query.repository', typeName: 'Repository' }, score: 1 }];
    const tiny = sliceFromHits(github.schema, 'repository', hits, { maxTokens: 5 });
    expect(tiny.tokens).toBeLessThanOrEqual(5);
    expect(tiny.truncated).toBe(true);
  });

  it('gives an empty slice for hits that name nothing in the schema', () => {
    const hits = [{ symbol: { coordinate: 'field:Nope.nothing', kind: 'field' as const, name: 'Nope.nothing' }, score: 1 }];
    const slice = sliceFromHits(cosmo.schema, 'zzzz', hits, { maxTokens: 1000 });
    expect(slice.tokens).toBeLessThanOrEqual(1000);
    expect(slice.coordinates.filter((c) => c.startsWith('field:Nope'))).toEqual([]);
  });

  it.each([
    [github, 'cancelled workflow runs week', 8000],
    [github, 'What is the disk usage for each repository owned by the authenticated user?', 8000],
    [shopify, 'How many returns has each customer initiated in the last year?', 4000],
  ])('spends the budget it is given on a large schema (%#): expansion reaches past the first types', async (index, query, maxTokens) => {
    const slice = await sliceSchema(index, query, { maxTokens });
    expect(slice.tokens).toBeGreaterThan(0.9 * maxTokens);
    expect(slice.tokens).toBeLessThanOrEqual(maxTokens);
  });

  it('shows every argument of printed fields when the budget allows, only the needed ones when it is tight', () => {
    const schema = buildSchema(`
      type Query { products(first: Int, after: String, vendor: String, productType: String, tag: String, savedSearchId: ID): [Product!]! }
      type Product { id: ID! title: String! }
    `);
    const hits = [{ symbol: { coordinate: 'field:Query.products', kind: 'field' as const, name: 'Query.products', typeName: 'Product' }, score: 1 }];
    const roomy = printed(sliceFromHits(schema, 'products', hits, { maxTokens: 2000 }).sdl);
    for (const arg of ['first', 'after', 'vendor', 'productType', 'tag', 'savedSearchId']) expect(roomy).toContain(`Query.products(${arg}:)`);
    const tight = sliceFromHits(schema, 'products', hits, { maxTokens: 40 });
    expect(tight.tokens).toBeLessThanOrEqual(40);
    expect(printed(tight.sdl)).not.toContain('Query.products(savedSearchId:)');
  });

  it('reaches the members of a union the query names, with their fields (`... on ReopenedEvent`)', async () => {
    const found = printed((await sliceSchema(github, 'reopened pull requests', { maxTokens: 8000 })).sdl);
    expect(found).toContain('ReopenedEvent.actor');
    expect(found).toContain('ReopenedEvent.createdAt');
  });

  it('prints value types with their leaves (money: shopMoney { amount currencyCode }), not types with an identity', () => {
    const schema = buildSchema(`
      type Query { order(id: ID!): Order }
      type Order { id: ID! total: MoneyBag! customer: Customer }
      type MoneyBag { shopMoney: Money! presentmentMoney: Money! }
      type Money { amount: Float! currencyCode: String! }
      type Customer { id: ID! note: String }
    `);
    const hit = (name: string) => ({ symbol: { coordinate: `field:${name}`, kind: 'field' as const, name }, score: 1 });
    const found = printed(sliceFromHits(schema, 'order', [hit('Query.order'), hit('Order.total'), hit('Order.customer')], { maxTokens: 75 }).sdl);
    for (const entry of ['Order.total', 'MoneyBag.shopMoney', 'Money.amount', 'Money.currencyCode', 'Order.customer']) expect(found).toContain(entry);
    expect(found).not.toContain('Customer.note');
  });

  it('never offers internal (`_entities`, `_do_not_use_x`) or deprecated fields of its own accord', () => {
    const schema = buildSchema(`
      type Query { _service: Service! _do_not_use_order(id: ID!): Order order(id: ID!): Order oldOrder(id: ID!): Order @deprecated(reason: "use order") }
      type Service { sdl: String }
      type Order { id: ID! name: String! _internalNote: String }
    `);
    const hits = [{ symbol: { coordinate: 'object:Order', kind: 'object' as const, name: 'Order' }, score: 1 }];
    const found = printed(sliceFromHits(schema, 'order', hits, { maxTokens: 2000 }).sdl);
    expect(found).toContain('Query.order');
    expect(found).toContain('Order.name');
    for (const hidden of ['Query._service', 'Query._do_not_use_order', 'Query.oldOrder', 'Order._internalNote']) expect(found).not.toContain(hidden);
  });

  it('enters a type through a hub and an interface (`repository { object(expression:) { ... on Commit } }`)', async () => {
    const found = printed((await sliceSchema(github, 'check suites of the latest commit of a repository', { maxTokens: 4000 })).sdl);
    for (const entry of ['Query.repository', 'Repository.object', 'Repository.object(expression:)', 'Commit.checkSuites']) expect(found).toContain(entry);
  });

  it('reads a connection through `nodes` when its edges carry only the node; keeps `edges` when they carry data or there are no `nodes`', () => {
    const schema = buildSchema(`
      type Query { repository(name: String!): Repository }
      type Repository { id: ID! issues(first: Int, after: String, last: Int, before: String): IssueConnection! members(first: Int): MemberConnection! tags(first: Int): TagConnection! }
      type IssueConnection { edges: [IssueEdge] nodes: [Issue] pageInfo: PageInfo! totalCount: Int! }
      type IssueEdge { cursor: String! node: Issue }
      type MemberConnection { edges: [MemberEdge] nodes: [User] pageInfo: PageInfo! }
      type MemberEdge { cursor: String! node: User role: String! }
      type TagConnection { edges: [TagEdge] pageInfo: PageInfo! }
      type TagEdge { cursor: String! node: Tag }
      type PageInfo { hasNextPage: Boolean! hasPreviousPage: Boolean! startCursor: String endCursor: String }
      type Issue { id: ID! title: String! }
      type User { id: ID! login: String! }
      type Tag { id: ID! name: String! }
    `);
    const hit = (name: string) => ({ symbol: { coordinate: `field:${name}`, kind: 'field' as const, name }, score: 1 });
    const found = printed(
      sliceFromHits(schema, 'issues, members and tags', ['Repository.issues', 'Repository.members', 'Repository.tags'].map(hit), { maxTokens: 2000 }).sdl,
    );
    for (const entry of ['IssueConnection.nodes', 'IssueConnection.pageInfo', 'IssueConnection.totalCount', 'PageInfo.endCursor', 'PageInfo.hasNextPage'])
      expect(found).toContain(entry);
    for (const entry of ['IssueConnection.edges', 'IssueEdge', 'PageInfo.startCursor', 'PageInfo.hasPreviousPage']) expect(found).not.toContain(entry);
    for (const entry of ['MemberConnection.edges', 'MemberEdge.node', 'MemberEdge.role', 'TagConnection.edges', 'TagEdge.node']) expect(found).toContain(entry);
    expect(found).not.toContain('TagEdge.cursor');
  });

  it("prints the values of an enum a field returns when the query names one or budget is spare; an argument's enum always", () => {
    const schema = buildSchema(`
      type Query { issues(first: Int, states: [IssueState!]): [Issue!]! }
      enum IssueState { OPEN CLOSED }
      enum LockReason { OFF_TOPIC RESOLVED SPAM TOO_HEATED DUPLICATE_OF_ANOTHER_ISSUE OUTDATED_BY_A_LATER_CHANGE }
      type Issue { id: ID! title: String! state: IssueState! lockReason: LockReason }
    `);
    const hit = (name: string) => ({ symbol: { coordinate: `field:${name}`, kind: 'field' as const, name }, score: 1 });
    const hits = ['Query.issues', 'Issue.title', 'Issue.lockReason'].map(hit);
    const tight = sliceFromHits(schema, 'issues with their title', hits, { maxTokens: 70 });
    expect(printed(tight.sdl)).toContain('Issue.lockReason');
    expect(tight.coordinates).toContain('enum:IssueState');
    expect(tight.coordinates).not.toContain('enum:LockReason');
    expect(new SliceRelevance(schema, 'issues locked as spam', []).outputEnumRelevant('LockReason')).toBe(true);
    expect(new SliceRelevance(schema, 'issues with their title', []).outputEnumRelevant('LockReason')).toBe(false);
    expect(sliceFromHits(schema, 'issues with their title', hits, { maxTokens: 1000 }).coordinates).toContain('enum:LockReason');
  });

  it('pages forward by default and backward only for the end of a list ("last 10")', () => {
    const schema = buildSchema(`
      type Query { issues(first: Int, after: String, last: Int, before: String, labels: [String!], states: [String!]): [Issue!]! }
      type Issue { id: ID! title: String! }
    `);
    const hits = [{ symbol: { coordinate: 'field:Query.issues', kind: 'field' as const, name: 'Query.issues', typeName: 'Issue' }, score: 1 }];
    const forward = printed(sliceFromHits(schema, 'issues', hits, { maxTokens: 40 }).sdl);
    expect(forward).toContain('Query.issues(first:)');
    expect(forward).toContain('Query.issues(after:)');
    expect(forward).not.toContain('Query.issues(last:)');
    const fromEnd = printed(sliceFromHits(schema, 'the last 10 issues', hits, { maxTokens: 40 }).sdl);
    expect(fromEnd).toContain('Query.issues(last:)');
    expect(fromEnd).toContain('Query.issues(before:)');
  });

  it('prints ordering arguments for "most recent", date arguments for a time window, and a field whose enum the query names', async () => {
    expect(printed((await sliceSchema(github, 'most recently created gists of a user', { maxTokens: 4000 })).sdl)).toContain('User.gists(orderBy:)');
    expect(printed((await sliceSchema(github, 'commits on the main branch over the past two weeks', { maxTokens: 4000 })).sdl)).toContain(
      'Commit.history(since:)',
    );
    expect(printed((await sliceSchema(github, 'organization admins', { maxTokens: 4000 })).sdl)).toContain('OrganizationMemberEdge.role');
  });
});

describe('SliceRelevance', () => {
  const issues = buildSchema(`
    type Query { repository(name: String!): Repository orders(first: Int, sortKey: String, reverse: Boolean, since: DateTime, query: String): [Order!]! }
    scalar DateTime
    enum IssueState { OPEN CLOSED }
    type Repository { issues(first: Int, states: [IssueState!]): [Issue!]! }
    type Issue { state: IssueState! title: String! }
    type Order { id: ID! returns: [Return!]! }
    type Return { id: ID! }
    type ReopenedEvent { id: ID! }
    type ClosedEvent { id: ID! }
    type LabeledEvent { id: ID! }
  `);

  it('keeps a stop word that is the whole name of a type ("returns" when there is a Return), and only then', () => {
    expect([...new SliceRelevance(issues, 'returns of each order', []).terms]).toContain('return');
    expect([...new SliceRelevance(cosmo.schema, 'returns of each employee', []).terms]).not.toContain('return');
  });

  it('weighs the words of a partly matched type name by how rare they are among type names', () => {
    const relevance = new SliceRelevance(issues, 'reopened things', []);
    expect(relevance.typeScore('ReopenedEvent')).toBeGreaterThan(0.2);
    expect(new SliceRelevance(issues, 'event things', []).typeScore('ReopenedEvent')).toBeLessThan(relevance.typeScore('ReopenedEvent'));
  });

  it('makes ordering arguments relevant only when the query asks for an order, and dates only for a time window', () => {
    const orders = issues.getQueryType()?.getFields()?.['orders'];
    if (!orders) throw new Error('fixture');
    const arg = (name: string) => orders.args.find((candidate) => candidate.name === name) as (typeof orders.args)[number];
    const plain = new SliceRelevance(issues, 'orders', []);
    const ordered = new SliceRelevance(issues, 'the most recent orders', []);
    const windowed = new SliceRelevance(issues, 'orders since last month', []);
    expect(plain.argumentRelevant(orders, arg('sortKey'), 0.1)).toBe(false);
    expect(ordered.argumentRelevant(orders, arg('sortKey'), 0.1)).toBe(true);
    expect(ordered.argumentRelevant(orders, arg('reverse'), 0.1)).toBe(true);
    expect(plain.argumentRelevant(orders, arg('since'), 0.1)).toBe(false);
    expect(windowed.argumentRelevant(orders, arg('since'), 0.1)).toBe(true);
  });

  it('weighs the words of a field name by how rare they are among field names (`events` of `eventsCount` more than `count`)', () => {
    const counts = buildSchema(`
      type Query { ordersCount: Int eventsCount: Int pagesCount: Int blogsCount: Int events: [Event!]! }
      type Event { id: ID! message: String }
    `);
    const relevance = new SliceRelevance(counts, 'event count', []);
    expect(relevance.termMatch('pagesCount')).toBe(0.5);
    expect(relevance.fieldTermMatch('pagesCount')).toBeLessThan(0.5);
    expect(relevance.fieldTermMatch('eventsCount')).toBe(1);
    expect(relevance.fieldTermMatch('ordersCount')).toBeLessThan(relevance.fieldTermMatch('events'));
  });

  it('matches enum values to the query ("closed issues" -> IssueState)', () => {
    expect(new SliceRelevance(issues, 'closed issues', []).enumMatch('IssueState')).toBe(true);
    expect(new SliceRelevance(issues, 'issues', []).enumMatch('IssueState')).toBe(false);
  });
});
