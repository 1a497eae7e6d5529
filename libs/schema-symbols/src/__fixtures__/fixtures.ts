/**
 * Test-only access to SDL fixtures: this library's own (`__fixtures__/*.graphql`)
 * and the repository's shared ones (`test/fixtures/schemas`, `bench/data/search/schemas`).
 */
import { readFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';

const here = dirname(fileURLToPath(import.meta.url));
const repositoryRoot = join(here, '..', '..', '..', '..');

/** This library's fixture `name` (e.g. `shapes.graphql`). */
export function localFixture(name: string): string {
  return readFileSync(join(here, name), 'utf8');
}

/** A shared schema fixture from `test/fixtures/schemas`. */
export function sharedSchema(name: string): string {
  return readFileSync(join(repositoryRoot, 'test', 'fixtures', 'schemas', name), 'utf8');
}

/** A benchmark schema from `bench/data/search/schemas`. */
export function benchSchema(name: string): string {
  return readFileSync(join(repositoryRoot, 'bench', 'data', 'search', 'schemas', name), 'utf8');
}
