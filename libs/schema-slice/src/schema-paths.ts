/**
 * Shortest root paths: for every composite type of a schema, the fewest field
 * hops from a root operation type (breadth-first, computed once per schema and
 * cached). Abstract types lead to their possible types without a field hop.
 */
import { isInterfaceType, isObjectType, isUnionType, getNamedType, type GraphQLNamedType, type GraphQLObjectType, type GraphQLSchema } from 'graphql';
import type { RootOperation } from '@discovery/schema-symbols';

/** How a type was first reached: through `field` of `from`, or as a possible type of the abstract `from`. */
interface Step {
  from: string;
  field?: string;
}

export interface RootPaths {
  /** The steps from a root to `typeName`, root first; undefined when unreachable. `[]` for a root itself. */
  pathTo(typeName: string): { type: string; field?: string }[] | undefined;
}

const cache = new WeakMap<GraphQLSchema, Map<string, RootPaths>>();

function roots(schema: GraphQLSchema, allowed: readonly RootOperation[]): GraphQLObjectType[] {
  const result: GraphQLObjectType[] = [];
  for (const operation of allowed) {
    const type = schema.getRootType(operation);
    if (type) result.push(type);
  }
  return result;
}

/** Field edges and union members; with `viaInterfaces`, interface implementations too. */
function neighbours(schema: GraphQLSchema, type: GraphQLNamedType, viaInterfaces: boolean): { to: GraphQLNamedType; field?: string }[] {
  if (isObjectType(type) || isInterfaceType(type)) {
    const out: { to: GraphQLNamedType; field?: string }[] = Object.values(type.getFields()).map((field) => ({
      to: getNamedType(field.type),
      field: field.name,
    }));
    if (viaInterfaces && isInterfaceType(type)) for (const possible of schema.getPossibleTypes(type)) out.push({ to: possible });
    return out;
  }
  if (isUnionType(type)) return type.getTypes().map((member) => ({ to: member }));
  return [];
}

function build(schema: GraphQLSchema, allowed: readonly RootOperation[]): RootPaths {
  const reached = new Map<string, Step | null>();
  const queue: GraphQLNamedType[] = [];
  for (const root of roots(schema, allowed)) {
    reached.set(root.name, null);
    queue.push(root);
  }
  // First by fields alone (paths an operation spells without fragments on interfaces), then
  // again from everything reached, through interface implementations too.
  for (const viaInterfaces of [false, true]) {
    const pass = viaInterfaces ? [...queue] : queue;
    for (let head = 0; head < pass.length; head += 1) {
      const type = pass[head] as GraphQLNamedType;
      for (const { to, field } of neighbours(schema, type, viaInterfaces)) {
        if (reached.has(to.name)) continue;
        reached.set(to.name, field === undefined ? { from: type.name } : { from: type.name, field });
        pass.push(to);
      }
    }
  }
  return {
    pathTo(typeName) {
      if (!reached.has(typeName)) return undefined;
      const steps: { type: string; field?: string }[] = [];
      let current = reached.get(typeName);
      while (current) {
        steps.unshift(current.field === undefined ? { type: current.from } : { type: current.from, field: current.field });
        current = reached.get(current.from);
      }
      return steps;
    },
  };
}

/**
 * A value computed once per schema and set of root operations: `cache` holds it by schema,
 * then by the sorted roots.
 */
export function perSchemaAndRoots<T>(
  cache: WeakMap<GraphQLSchema, Map<string, T>>,
  schema: GraphQLSchema,
  roots: readonly RootOperation[],
  build: (schema: GraphQLSchema, roots: readonly RootOperation[]) => T,
): T {
  let bySchema = cache.get(schema);
  if (!bySchema) {
    bySchema = new Map();
    cache.set(schema, bySchema);
  }
  const key = [...roots].sort().join(',');
  let value = bySchema.get(key);
  if (value === undefined) {
    value = build(schema, roots);
    bySchema.set(key, value);
  }
  return value;
}

/** Root paths of `schema` from the given root operations (cached per schema and root set). */
export function rootPaths(schema: GraphQLSchema, allowed: readonly RootOperation[]): RootPaths {
  return perSchemaAndRoots(cache, schema, allowed, build);
}
