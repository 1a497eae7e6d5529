/**
 * QueryComposer over real fixture indexes (symbol extraction and ranking in
 * process): valid, parameterized operations with literals as variables,
 * required arguments as required variables, `unsatisfied` for what the schema
 * lacks, refusal of changes when mutations are off, and greetings as no data.
 */
import { describe, expect, it } from '@jest/globals';
import { checkOperation } from '../operation-check.js';
import { COSMO_DEMO, GITHUB, fixtureIndex } from '../testing/index.js';
import { QueryComposer, asksToChange } from './query-composer.js';
import { extractLiterals } from './prompt-literals.js';

const composer = new QueryComposer({ allowMutations: false });

async function composed(path: string, prompt: string) {
  const result = await composer.compose(fixtureIndex(path), prompt);
  if (result.status !== 'resolved') throw new Error(`expected a resolution, got ${result.status}`);
  return result.resolution;
}

describe('QueryComposer', () => {
  it('binds the id in the prompt to the lookup argument as a variable and selects the asked field', async () => {
    const resolution = await composed(COSMO_DEMO, 'the current mood of employee 3');
    expect(resolution.queries).toHaveLength(1);
    const [query] = resolution.queries;
    expect(checkOperation(fixtureIndex(COSMO_DEMO).schema, query!.document).ok).toBe(true);
    expect(query!.document).toMatch(/employee\(id: \$id\)/);
    expect(query!.document).toMatch(/currentMood/);
    expect(query!.document).toMatch(/Example: 3\./);
    expect(query!.variablesSchema).toMatchObject({ required: ['id'], properties: { id: { type: 'integer' } } });
    expect(resolution.unsatisfied).toEqual([]);
  });

  it('binds owner/name to the repository arguments and reaches the type through the root entry', async () => {
    const resolution = await composed(GITHUB, 'the title and author of issues in octocat/hello-world');
    const query = resolution.queries[0]!;
    expect(checkOperation(fixtureIndex(GITHUB).schema, query.document).ok).toBe(true);
    expect(query.document).toMatch(/repository\((name: \$name, owner: \$owner|owner: \$owner, name: \$name)\)/);
    const properties = query.variablesSchema['properties'] as Record<string, { description: string }>;
    expect(properties['owner']!.description).toContain('Example: "octocat"');
    expect(properties['name']!.description).toContain('Example: "hello-world"');
    expect(query.document).toMatch(/title/);
    expect(query.document).toMatch(/author \{\s+login/);
    expect(query.variablesSchema['required']).toEqual(expect.arrayContaining(['owner', 'name']));
  });

  it('reports what the schema has no field for', async () => {
    const resolution = await composed(COSMO_DEMO, 'the salary of every employee');
    expect(resolution.unsatisfied).toEqual(['The schema has no field for "salary".']);
    expect(resolution.queries).toHaveLength(1);
  });

  it('refuses a change to data when mutations are off, with no operation', async () => {
    const resolution = await composed(COSMO_DEMO, 'update the mood of employee 3 to HAPPY');
    expect(resolution.queries).toEqual([]);
    expect(resolution.unsatisfied[0]).toMatch(/^Changing data is not allowed/);
    expect(asksToChange('list the merged pull requests')).toBe(false);
  });

  it('answers a greeting as no data', async () => {
    expect(await composer.compose(fixtureIndex(COSMO_DEMO), 'hello there')).toEqual({ status: 'no_data', reason: 'The prompt asks for no data.' });
  });

  it('is deterministic', async () => {
    const first = await composed(GITHUB, 'pull requests of octocat/hello-world with their review decision');
    const second = await composed(GITHUB, 'pull requests of octocat/hello-world with their review decision');
    expect(second).toEqual(first);
  });
});

describe('extractLiterals', () => {
  it('finds quoted strings, owner/name pairs, dates and numbers with the words before them', () => {
    const literals = extractLiterals('issues of octocat/hello-world labelled "bug" since 2026-05-01, first 10');
    expect(literals.map((l) => [l.kind, l.text])).toEqual([
      ['owner', 'octocat'],
      ['repo', 'hello-world'],
      ['string', 'bug'],
      ['date', '2026-05-01'],
      ['int', '10'],
    ]);
    expect(literals[4]!.before).toContain('first');
  });
});
