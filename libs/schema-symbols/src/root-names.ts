/**
 * One spelling rule for root operations, wherever a request names one: the slice's roots
 * (discovery.v1, the CLI's `slice --root`, the MCP tool's `root`), search's roots and parent
 * (yoko.v1, the CLI's `--root` and `--parent`, the MCP tool's `parent`). A root is named by its
 * operation, `query`, `mutation` or `subscription`, in any case (`Mutation` is `mutation`),
 * whatever the schema calls its root types (Fly.io's are `Queries` and `Mutations`); the root
 * type's own name works too (docs/wire.md §1, "Roots").
 */
import type { GraphQLSchema } from 'graphql';
import { ROOT_OPERATIONS, type RootOperation } from './schema-symbol.js';

/** The operation a word names (`Query`, `mutation`, ` SUBSCRIPTION `), or undefined. */
export function rootOperationOf(word: string): RootOperation | undefined {
  const lower = word.trim().toLowerCase();
  return (ROOT_OPERATIONS as readonly string[]).includes(lower) ? (lower as RootOperation) : undefined;
}

/** The schema's root type names by operation (absent roots left out). */
export function rootTypeNames(schema: GraphQLSchema): Partial<Record<RootOperation, string>> {
  const names: Partial<Record<RootOperation, string>> = {};
  for (const operation of ROOT_OPERATIONS) {
    const type = schema.getRootType(operation as Parameters<GraphQLSchema['getRootType']>[0]);
    if (type) names[operation] = type.name;
  }
  return names;
}

/**
 * The operation `name` stands for in a schema whose root types are `roots`: an operation word,
 * or the name of one of the root types; undefined for anything else.
 */
export function resolveRootName(name: string, roots: Partial<Record<RootOperation, string>>): RootOperation | undefined {
  const word = rootOperationOf(name);
  if (word !== undefined) return word;
  const trimmed = name.trim();
  return ROOT_OPERATIONS.find((operation) => roots[operation] === trimmed);
}

/** The sentence that tells how roots are spelled, with the schema's own root type names when known. */
export function rootSpellingHint(roots: Partial<Record<RootOperation, string>> = {}): string {
  const own = ROOT_OPERATIONS.flatMap((operation) => (roots[operation] ? [roots[operation]] : []));
  return `roots are query, mutation and subscription (any case)${own.length > 0 ? `, or this schema's root type names: ${own.join(', ')}` : ''}`;
}
