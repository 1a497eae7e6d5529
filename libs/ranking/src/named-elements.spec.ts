/**
 * Named elements first (named-elements.ts), on the hand-made shop and on real
 * schemas through the real extraction: exact names, coordinates in every form,
 * arguments and enum values, then same-word and prefix names right behind.
 */
import { describe, expect, it } from '@jest/globals';
import { fixtureSymbols, shopSymbols } from './__fixtures__/make-symbol.js';
import { buildSearchIndex } from './search-index.js';
import type { SearchRequest } from './search-request.js';
import { search } from './search.js';

const shop = buildSearchIndex(shopSymbols());
const cosmo = buildSearchIndex(fixtureSymbols('cosmo-demo'));
const anilist = buildSearchIndex(fixtureSymbols('anilist'));
const first = (index: typeof shop, request: SearchRequest): string[] => search(index, request).map((h) => h.symbol.coordinate);

describe('a query that names an element puts it first', () => {
  it.each<[string, typeof shop, string, string]>([
    ['a mutation field by its bare name (a read query would push it down)', shop, 'orderCreate', 'field:Mutation.orderCreate'],
    ['a name in another case', shop, 'ORDERCREATE', 'field:Mutation.orderCreate'],
    ['Type.field', shop, 'Customer.email', 'field:Customer.email'],
    ['Type.field in another case', shop, 'customer.EMAIL', 'field:Customer.email'],
    ['kind:Type.field', shop, 'input_field:OrderInput.note', 'input_field:OrderInput.note'],
    ['OrderInput.note without its kind', shop, 'OrderInput.note', 'input_field:OrderInput.note'],
    ['Type.field(arg:)', shop, 'Query.order(id:)', 'field:Query.order'],
    ['a type by name', shop, 'OrderConnection', 'object:OrderConnection'],
    ['a name inside a sentence', shop, 'what does orderUpdate return?', 'field:Mutation.orderUpdate'],
    ['a compound name typed in lower case inside a sentence', cosmo, 'how do I call updateavailability here', 'field:Mutation.updateAvailability'],
    ['a coordinate inside a sentence', cosmo, 'how do I call Mutation.updateMood', 'field:Mutation.updateMood'],
    ['an argument name: the fields taking it', cosmo, 'employeeID', 'field:Mutation.updateAvailability'],
    ['same words in another order', cosmo, 'moodUpdate', 'field:Mutation.updateMood'],
    ['a mutation on a real schema', anilist, 'SaveMediaListEntry', 'field:Mutation.SaveMediaListEntry'],
  ])('%s', (_case, index, query, expected) => {
    expect(first(index, { query, limit: 5 })[0]).toBe(expected);
  });

  it('puts prefix and word-part matches right behind the exact name', () => {
    const hits = first(cosmo, { query: 'update', limit: 10 });
    expect(hits.slice(0, 3).sort()).toEqual(['field:Mutation.updateAvailability', 'field:Mutation.updateEmployeeTag', 'field:Mutation.updateMood']);
  });

  it('finds an enum by one of its values', () => {
    expect(first(cosmo, { query: 'HAPPY', limit: 3 })).toContain('enum:Mood');
  });

  it('still honours the filters', () => {
    expect(first(shop, { query: 'orderCreate', kinds: ['object'] })).not.toContain('field:Mutation.orderCreate');
    expect(first(shop, { query: 'Customer.email', parent: 'object:Order' })).not.toContain('field:Customer.email');
  });

  it('leaves a plain-word question to the word ranking (no mutation pulled in)', () => {
    const hits = first(cosmo, { query: 'What is the current mood of each employee?', limit: 10 });
    expect(hits[0]).toBe('field:Employee.currentMood');
    expect(hits.some((c) => c.startsWith('field:Mutation.'))).toBe(false);
  });
});

describe('requests to change data surface the mutation that does it', () => {
  it.each<[string, string]>([
    ['Change the mood of employee 12 to happy', 'field:Mutation.updateMood'],
    ['Mark employee 4 as not available', 'field:Mutation.updateAvailability'],
    ['tag employee 7 as a mentor', 'field:Mutation.updateEmployeeTag'],
  ])('%j', (query, expected) => {
    expect(first(cosmo, { query, limit: 3 })).toContain(expected);
  });
});
