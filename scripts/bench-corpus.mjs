// The schemas and questions the in-process cache scripts replay (cache-accounting.mjs, cache-zipf.mjs):
// every bench and fixture schema, in name order, and the search benchmark's questions.
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';

export function benchCorpus(root = process.cwd()) {
  const bases = [];
  for (const dir of ['bench/data/search/schemas', 'test/fixtures/schemas'])
    for (const f of readdirSync(join(root, dir))
      .filter((f) => f.endsWith('.graphql'))
      .sort())
      bases.push({ name: f, sdl: readFileSync(join(root, dir, f), 'utf8') });
  const queries = readFileSync(join(root, 'bench/data/search/queries.jsonl'), 'utf8')
    .split('\n')
    .filter(Boolean)
    .map((l) => JSON.parse(l).query);
  return { bases, queries };
}
