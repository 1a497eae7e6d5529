/**
 * Schema slicing: hits plus root paths, argument inputs and enums, printed as
 * compact SDL within the budget; mutations only when allowed.
 */
import { describe, expect, it } from '@jest/globals';
import { sliceSchemaByHits } from './schema-slice.js';
import { rootPaths } from './schema-paths.js';
import { COSMO_DEMO, GITHUB, fixtureSchema } from './testing/fixtures.js';

const cosmo = fixtureSchema(COSMO_DEMO);

describe('rootPaths', () => {
  it('finds the shortest field path from Query', () => {
    expect(rootPaths(cosmo, ['query']).pathTo('Details')).toEqual([
      { type: 'Query', field: 'employee' },
      { type: 'Employee', field: 'details' },
    ]);
    expect(rootPaths(cosmo, ['query']).pathTo('Query')).toEqual([]);
  });

  it('does not reach types only under Mutation when mutations are not allowed', () => {
    const github = fixtureSchema(GITHUB);
    expect(rootPaths(github, ['query']).pathTo('AddCommentPayload')).toBeUndefined();
    expect(rootPaths(github, ['query', 'mutation']).pathTo('AddCommentPayload')).toEqual([
      { type: 'Mutation', field: 'addComment' },
    ]);
  });
});

describe('sliceSchemaByHits', () => {
  it('keeps hit fields, the path to them, enums, and leaf fields of returned types', () => {
    const slice = sliceSchemaByHits(
      cosmo,
      [{ coordinate: 'field:Employee.currentMood' }, { coordinate: 'field:Query.employees' }, { coordinate: 'field:Details.forename' }],
      { roots: ['query'] },
    );
    for (const field of ['Query.employee', 'Query.employees', 'Employee.currentMood', 'Employee.details', 'Details.forename', 'Employee.id']) {
      expect(slice.fields).toContain(field);
    }
    expect(slice.sdl).toMatch(/enum Mood \{ HAPPY SAD \}/);
    expect(slice.sdl).toMatch(/^type Query \{/);
    expect(slice.fields).not.toContain('Mutation.updateMood');
    expect(slice.tokens).toBeGreaterThan(20);
    expect(slice.tokens).toBeLessThan(600);
    expect(slice.usedHits).toBe(3);
  });

  it('adds the input types and enums a hit field takes, with argument defaults', () => {
    const slice = sliceSchemaByHits(cosmo, [{ coordinate: 'field:Query.findEmployees' }, { coordinate: 'field:Query.bigResponse' }], {
      roots: ['query'],
    });
    expect(slice.sdl).toContain('findEmployees(criteria: SearchInput): [Employee!]! # This is a GraphQL query that retrieves a list of employees.');
    expect(slice.sdl).toContain('input SearchInput {');
    expect(slice.sdl).toContain('input NestedSearchInput {');
    expect(slice.sdl).toMatch(/enum Nationality \{ AMERICAN/);
    expect(slice.sdl).toContain('bigObjects: Int! = 100');
  });

  it('leaves mutations out unless allowed', () => {
    const hits = [{ coordinate: 'field:Mutation.updateMood' }];
    expect(sliceSchemaByHits(cosmo, hits, { roots: ['query'] }).fields.size).toBe(0);
    expect(sliceSchemaByHits(cosmo, hits, { roots: ['query', 'mutation'] }).fields).toContain('Mutation.updateMood');
  });

  it('stays within the token budget on a large schema, keeping at least the best hit', () => {
    const github = fixtureSchema(GITHUB);
    const hits = ['Repository.issues', 'Issue.title', 'Issue.author', 'Repository.pullRequests', 'PullRequest.commits', 'Commit.message',
      'Repository.defaultBranchRef', 'Ref.target', 'Commit.history', 'User.repositories', 'Organization.teams', 'Team.members']
      .map((field) => ({ coordinate: `field:${field}` }));
    const small = sliceSchemaByHits(github, hits, { roots: ['query'], maxTokens: 3000 });
    const large = sliceSchemaByHits(github, hits, { roots: ['query'], maxTokens: 40_000 });
    expect(small.usedHits).toBeGreaterThanOrEqual(1);
    expect(small.usedHits).toBeLessThan(hits.length);
    expect(small.tokens).toBeLessThan(3000 * 1.3);
    expect(large.usedHits).toBe(hits.length);
    expect(large.tokens).toBeGreaterThan(small.tokens);
    expect(large.fields).toContain('Query.repository');
  });

  it('offers the list access next to a single-object path (connection nodes)', () => {
    const github = fixtureSchema(GITHUB);
    const slice = sliceSchemaByHits(github, [{ coordinate: 'field:PullRequest.isDraft' }], { roots: ['query'] });
    expect(slice.fields).toContain('Query.repository');
    expect(slice.fields).toContain('Repository.pullRequests');
    expect(slice.fields).toContain('PullRequestConnection.nodes');
    expect(slice.fields).toContain('PullRequest.isDraft');
  });

  it('ignores coordinates the schema does not have', () => {
    const slice = sliceSchemaByHits(cosmo, [{ coordinate: 'field:Nope.nothing' }, { coordinate: 'object:Missing' }], { roots: ['query'] });
    expect(slice.sdl).toBe('');
  });
});
