/**
 * Search as an agent asks, through the Connect API of a started indexer (real
 * Redis and BullMQ, JSON codec): exact names and coordinates in every form come
 * first, mutation or not; requests to change data surface the mutation that
 * does it; questions keep mutations out.
 */
import { beforeAll, describe, expect, it } from '@jest/globals';
import { readFileSync } from 'node:fs';
import { indexReady, TOKENS, useTestIndexer, type Yoko } from './indexer-harness.js';

const sdl = `${readFileSync(new URL('../../../test/fixtures/schemas/cosmo-demo.graphql', import.meta.url), 'utf8')}\n# search-intent\n`;

const running = useTestIndexer();
let client: Yoko;
let indexId: string;

beforeAll(async () => {
  client = running().client(TOKENS.acme);
  indexId = await indexReady(client, sdl);
});

const search = async (query: string, limit = 10): Promise<string[]> => (await client.searchSchema({ indexId, query, limit })).hits.map((h) => h.coordinate);

describe('names and coordinates', () => {
  it.each([
    ['updateMood', 'field:Mutation.updateMood'],
    ['Mutation.updateMood', 'field:Mutation.updateMood'],
    ['field:Mutation.updateMood', 'field:Mutation.updateMood'],
    ['mutation.UPDATEMOOD', 'field:Mutation.updateMood'],
    ['Employee.details', 'field:Employee.details'],
    ['Query.employee(id:)', 'field:Query.employee'],
    ['Employee', 'object:Employee'],
    ['what does updateAvailability return?', 'field:Mutation.updateAvailability'],
  ])('%j puts %s first', async (query, expected) => {
    expect((await search(query))[0]).toBe(expected);
  });

  it('puts the word-part matches of a name right behind it', async () => {
    expect((await search('update')).slice(0, 3).sort()).toEqual([
      'field:Mutation.updateAvailability',
      'field:Mutation.updateEmployeeTag',
      'field:Mutation.updateMood',
    ]);
  });
});

describe('requests to change data and questions', () => {
  it.each([
    ['Change the mood of employee 12 to happy', 'field:Mutation.updateMood'],
    ['Mark employee 4 as not available', 'field:Mutation.updateAvailability'],
    ['tag employee 7 as a mentor', 'field:Mutation.updateEmployeeTag'],
  ])('%j finds %s in the top 3', async (query, expected) => {
    expect(await search(query, 3)).toContain(expected);
  });

  it.each(['What is the current mood of each employee?', 'employees and their availability', 'which employees have the tag mentor'])(
    '%j keeps mutations out of the top 10',
    async (query) => {
      expect((await search(query)).filter((c) => c.startsWith('field:Mutation.'))).toEqual([]);
    },
  );
});
