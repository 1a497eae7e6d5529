/**
 * Test helpers: fixture schemas of the repository, built once per test file.
 * Only for tests (reads files under test/fixtures and bench/data).
 */
import { readFileSync } from 'node:fs';
import { buildSchema, type GraphQLSchema } from 'graphql';

const ROOT = new URL('../../../../', import.meta.url);
const built = new Map<string, GraphQLSchema>();

/** SDL of a fixture by path relative to the repository root (`test/fixtures/schemas/cosmo-demo.graphql`). */
export function readFixture(path: string): string {
  return readFileSync(new URL(path, ROOT), 'utf8');
}

/** A fixture schema built with graphql-js (memoized). */
export function fixtureSchema(path: string): GraphQLSchema {
  let schema = built.get(path);
  if (!schema) {
    schema = buildSchema(readFixture(path));
    built.set(path, schema);
  }
  return schema;
}

export const COSMO_DEMO = 'test/fixtures/schemas/cosmo-demo.graphql';
export const GITHUB = 'bench/data/search/schemas/github.graphql';
export const SHOPIFY_ADMIN = 'test/fixtures/schemas/shopify-admin.graphql';
