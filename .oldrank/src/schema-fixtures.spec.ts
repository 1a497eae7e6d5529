/**
 * Pinned behaviour on real schemas (through the real extraction): hand-written
 * questions per schema whose answer must stay near the top. Not benchmark rows.
 */
import { describe, expect, it } from '@jest/globals';
import { fixtureSymbols } from './__fixtures__/make-symbol.js';
import { buildSearchIndex } from './search-index.js';
import { search } from './search.js';

interface Case {
  query: string;
  kinds?: string[];
  expected: string;
  within: number;
}

const CASES: Record<string, Case[]> = {
  'cosmo-demo': [
    { query: 'employee details', kinds: ['field'], expected: 'field:Employee.details', within: 3 },
    { query: 'current mood of an employee', kinds: ['field'], expected: 'field:Employee.currentMood', within: 3 },
    { query: 'list all employees', expected: 'field:Query.employees', within: 5 },
    { query: 'products', kinds: ['field'], expected: 'field:Query.products', within: 5 },
  ],
  countries: [
    { query: 'capital city of a country', kinds: ['field'], expected: 'field:Country.capital', within: 3 },
    { query: 'which languages are spoken in a country', kinds: ['field'], expected: 'field:Country.languages', within: 3 },
    { query: 'continent', kinds: ['object'], expected: 'object:Continent', within: 1 },
    { query: 'currency', kinds: ['field'], expected: 'field:Country.currency', within: 3 },
  ],
  swapi: [
    { query: 'all films', expected: 'field:Root.allFilms', within: 3 },
    { query: 'planet a person comes from', kinds: ['field'], expected: 'field:Person.homeworld', within: 10 },
    { query: 'starship hyperdrive rating', kinds: ['field'], expected: 'field:Starship.hyperdriveRating', within: 3 },
    { query: 'director of a film', kinds: ['field'], expected: 'field:Film.director', within: 3 },
  ],
};

describe.each(Object.keys(CASES))('%s', (schema) => {
  const index = buildSearchIndex(fixtureSymbols(schema));

  it.each(CASES[schema]!)('"$query" finds $expected in the top $within', ({ query, kinds, expected, within }) => {
    const hits = search(index, kinds === undefined ? { query, limit: within } : { query, kinds, limit: within });
    expect(hits.map((h) => h.symbol.coordinate)).toContain(expected);
  });
});
