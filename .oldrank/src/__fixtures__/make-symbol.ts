/**
 * Test helpers: hand-made SchemaSymbols (a tiny shop schema) and a loader for
 * the .graphql fixtures through the real extraction. Used by specs only.
 */
import { readFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { buildSchemaFromSdl, extractSymbols, type SchemaSymbol, type RootOperation } from '@discovery/schema-symbols';

type Partial = Pick<SchemaSymbol, 'kind' | 'name'> & Omit<globalThis.Partial<SchemaSymbol>, 'kind' | 'name'>;

/** A symbol with sensible defaults (reachable from query at depth 1). */
export function makeSymbol(spec: Partial): SchemaSymbol {
  const coordinate = `${spec.kind}:${spec.name}`;
  const roots: RootOperation[] = spec.roots ?? ['query'];
  return {
    coordinate,
    paginated: false,
    depth: 1,
    embeddingText: spec.name,
    record: { Coordinate: coordinate },
    ...spec,
    roots,
  };
}

/** A field `Type.name` of an object type. */
export function makeField(owner: string, field: string, typeName: string, extra: globalThis.Partial<SchemaSymbol> = {}): SchemaSymbol {
  return makeSymbol({
    kind: 'field',
    name: `${owner}.${field}`,
    parent: `object:${owner}`,
    typeName,
    typeKind: /^(String|Int|ID|Float|Boolean|DateTime)$/.test(typeName) ? 'scalar' : 'object',
    ...extra,
  });
}

/** A small shop: Query, Mutation, Order, Customer, an input and a deprecated field. */
export function shopSymbols(): SchemaSymbol[] {
  const root = { depth: 0 };
  const write: globalThis.Partial<SchemaSymbol> = { roots: ['mutation'], depth: 0 };
  return [
    makeSymbol({ kind: 'object', name: 'Query', ...root }),
    makeSymbol({ kind: 'object', name: 'Mutation', roots: ['mutation'], depth: 0 }),
    makeSymbol({ kind: 'object', name: 'Order', description: 'A placed order.' }),
    makeSymbol({ kind: 'object', name: 'Customer', description: 'A person who buys.' }),
    makeSymbol({ kind: 'object', name: 'OrderConnection', depth: 1 }),
    makeSymbol({ kind: 'input', name: 'OrderInput', roots: ['mutation'] }),
    makeSymbol({ kind: 'object', name: 'Orphan', roots: [], depth: undefined }),
    makeField('Query', 'orders', 'OrderConnection', { ...root, paginated: true, args: [{ name: 'first', type: 'Int' }] }),
    makeField('Query', 'order', 'Order', { ...root, args: [{ name: 'id', type: 'ID!' }] }),
    makeField('Query', 'customer', 'Customer', root),
    makeField('Order', 'id', 'ID'),
    makeField('Order', 'name', 'String'),
    makeField('Order', 'totalPrice', 'Float', { description: 'The total price of the order, taxes included.' }),
    makeField('Order', 'customer', 'Customer'),
    makeField('Order', 'legacyTotal', 'Float', { deprecated: 'Use totalPrice.', description: 'The total price.' }),
    makeField('Customer', 'email', 'String', { description: 'The email address of the customer.' }),
    makeField('Customer', 'orders', 'OrderConnection', { paginated: true }),
    makeField('Mutation', 'orderCreate', 'Order', { ...write, description: 'Creates an order.' }),
    makeField('Mutation', 'orderUpdate', 'Order', { ...write, description: 'Updates an order.' }),
    makeSymbol({ kind: 'input_field', name: 'OrderInput.note', parent: 'input:OrderInput', typeName: 'String', typeKind: 'scalar', roots: ['mutation'] }),
    makeField('Orphan', 'order', 'Order', { roots: [], depth: undefined }),
  ];
}

const FIXTURES = join(dirname(fileURLToPath(import.meta.url)), '../../../../test/fixtures/schemas');

/** Symbols of test/fixtures/schemas/<name>.graphql through the real extraction. */
export function fixtureSymbols(name: string): SchemaSymbol[] {
  const sdl = readFileSync(join(FIXTURES, `${name}.graphql`), 'utf8');
  return extractSymbols(buildSchemaFromSdl(sdl).schema);
}
