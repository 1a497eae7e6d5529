/**
 * The field slicer: fields rather than whole types, root entries through
 * hubs, arguments and input types by need, and an exact o200k budget that is
 * never exceeded, on the largest types of the fixtures (GitHub's Repository,
 * Shopify Admin's Product and Order).
 */
import { describe, expect, it } from '@jest/globals';
import { parse } from 'graphql';
import { countTokens } from 'gpt-tokenizer';
import { sliceFromHits, sliceSchema } from './schema-slicer.js';
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
    for (const entry of ['Query.repository', 'Query.repository(owner:)', 'Query.repository(name:)', 'Repository.issues', 'Repository.issues(first:)', 'IssueConnection.nodes']) {
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
    expect(slice.coordinates).toEqual(expect.arrayContaining(['object:Query', 'field:Query.employees', 'object:Employee', 'field:Employee.currentMood', 'enum:Mood']));
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
});
