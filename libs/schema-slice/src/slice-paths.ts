/**
 * Ways into a type for the field slicer: what a field leads to once a Relay
 * connection is unwrapped (`nodes`, `edges.node`), the root entries of a type
 * (root fields that return it or its connection, and hubs such as
 * `repository(owner:, name:)` or `viewer` one field above it), and short
 * paths from types already in a slice. Computed once per schema and cached.
 */
import {
  getNamedType,
  isAbstractType,
  isInterfaceType,
  isLeafType,
  isObjectType,
  isRequiredArgument,
  type GraphQLField,
  type GraphQLNamedType,
  type GraphQLSchema,
} from 'graphql';
import type { RootOperation } from '@discovery/schema-symbols';
import { perSchemaAndRoots } from './schema-paths.js';

/** A field `owner.field`, or a possible type `member` of the abstract type `owner`. */
export type SliceStep = { owner: string; field: string } | { owner: string; member: string };

export interface Unwrapped {
  /** The type an operation ends up selecting on. */
  target: string;
  /** The connection type in between, if any. */
  connection?: string;
}

/** Abstract types with more possible types than this are not walked through (`Node`), nor lend their members' relevance. */
export const MAX_POSSIBLE = 30;
const unwrapCache = new WeakMap<GraphQLField<unknown, unknown>, Unwrapped>();

/** The type a field leads to: the node type of a connection, else its named type. */
export function unwrapField(field: GraphQLField<unknown, unknown>): Unwrapped {
  let known = unwrapCache.get(field);
  if (known) return known;
  const named = getNamedType(field.type);
  known = { target: named.name };
  if (isObjectType(named) && named.name.endsWith('Connection')) {
    const fields = named.getFields();
    const nodes = fields['nodes'] ? getNamedType(fields['nodes'].type) : undefined;
    const edge = fields['edges'] ? getNamedType(fields['edges'].type) : undefined;
    const node = isObjectType(edge) ? edge.getFields()['node'] : undefined;
    const target = nodes ?? (node ? getNamedType(node.type) : undefined);
    if (target) known = { target: target.name, connection: named.name };
  }
  unwrapCache.set(field, known);
  return known;
}

/** The fields of an edge type that only carry the node (`cursor`, `node`); others (`role`, `starredAt`) are data. */
const EDGE_PLUMBING = new Set(['cursor', 'node']);
/** Backward paging and page starts: `nodes`/`edges` with `first`, `after` and `endCursor` read a whole list. */
const PAGE_INFO_EXTRAS = new Set(['hasPreviousPage', 'startCursor']);

/** Whether an edge type carries nothing but its node (and a cursor). */
function isPlainEdge(edge: GraphQLNamedType | undefined): boolean {
  return isObjectType(edge) && edge.getFields()['node'] !== undefined && Object.keys(edge.getFields()).every((name) => EDGE_PLUMBING.has(name));
}

/**
 * Fields of a connection's machinery an operation does not need (see the slice
 * printing rules in docs/search-quality.md): `edges` when the connection has `nodes`
 * and plain edges, an edge's `cursor`, and the backward half of `PageInfo`.
 */
export function isPagingPlumbing(type: GraphQLNamedType, fieldName: string): boolean {
  if (!isObjectType(type)) return false;
  const fields = type.getFields();
  if (fieldName === 'edges' && fields['nodes'] !== undefined) return isPlainEdge(getNamedType(fields['edges']!.type));
  if (fieldName === 'cursor' && fields['node'] !== undefined) return true;
  return PAGE_INFO_EXTRAS.has(fieldName) && fields['hasNextPage'] !== undefined;
}

/**
 * Fields an operation should not be pointed at: deprecated ones, and internal ones whose name
 * starts with an underscore (`_entities`, `_service` of federation, `_do_not_use_...`).
 */
export function isHiddenField(field: GraphQLField<unknown, unknown>): boolean {
  return field.deprecationReason != null || field.name.startsWith('_');
}

/** Required arguments without default. */
export function requiredArgs(field: GraphQLField<unknown, unknown>): string[] {
  return field.args.filter(isRequiredArgument).map((arg) => arg.name);
}

function isHub(field: GraphQLField<unknown, unknown>): boolean {
  const required = field.args.filter(isRequiredArgument);
  return required.length <= 2 && required.every((arg) => isLeafType(getNamedType(arg.type)));
}

export interface RootEntries {
  /** Root fields that return `type` or its connection. */
  direct: SliceStep[][];
  /** Two-field paths through a hub root field. */
  viaHub: SliceStep[][];
}

interface EntryIndex {
  direct: Map<string, SliceStep[][]>;
  viaHub: Map<string, SliceStep[][]>;
}

const entryCache = new WeakMap<GraphQLSchema, Map<string, EntryIndex>>();

function push(map: Map<string, SliceStep[][]>, key: string, path: SliceStep[]): void {
  const list = map.get(key);
  if (list) list.push(path);
  else map.set(key, [path]);
}

function buildEntries(schema: GraphQLSchema, roots: readonly RootOperation[]): EntryIndex {
  const index: EntryIndex = { direct: new Map(), viaHub: new Map() };
  for (const operation of roots) {
    const root = schema.getRootType(operation);
    if (!root) continue;
    for (const field of Object.values(root.getFields())) {
      if (isHiddenField(field)) continue;
      const first: SliceStep = { owner: root.name, field: field.name };
      push(index.direct, unwrapField(field).target, [first]);
      // A hub is a single object (`repository(owner:, name:)`, `viewer`) or the nodes of a list (`codeDiscountNodes`).
      const hub = schema.getType(unwrapField(field).target);
      if (!isHub(field) || (!isObjectType(hub) && !isInterfaceType(hub))) continue;
      for (const inner of Object.values(hub.getFields())) {
        if (inner.deprecationReason || isLeafType(getNamedType(inner.type))) continue;
        const second: SliceStep = { owner: hub.name, field: inner.name };
        const target = unwrapField(inner).target;
        push(index.viaHub, target, [first, second]);
        // Through a small interface or union to each possible type (`repository.object` ... on Commit).
        const abstract = schema.getType(target);
        if (!abstract || !isAbstractType(abstract)) continue;
        const possible = schema.getPossibleTypes(abstract);
        if (possible.length > MAX_POSSIBLE) continue;
        for (const member of possible) push(index.viaHub, member.name, [first, second, { owner: target, member: member.name }]);
      }
    }
  }
  return index;
}

/** The root entries of a type for the given root operations. */
export function rootEntries(schema: GraphQLSchema, roots: readonly RootOperation[], typeName: string): RootEntries {
  const index = perSchemaAndRoots(entryCache, schema, roots, buildEntries);
  return { direct: index.direct.get(typeName) ?? [], viaHub: index.viaHub.get(typeName) ?? [] };
}

const neighbourCache = new WeakMap<GraphQLNamedType, { to: string; step: SliceStep }[]>();

/** Fields toward composite types (connections unwrapped) and possible types of small abstract types. */
function neighbours(type: GraphQLNamedType | undefined, schema: GraphQLSchema): { to: string; step: SliceStep }[] {
  if (!type) return [];
  const known = neighbourCache.get(type);
  if (known) return known;
  const out: { to: string; step: SliceStep }[] = [];
  neighbourCache.set(type, out);
  if (isObjectType(type) || isInterfaceType(type)) {
    for (const field of Object.values(type.getFields())) {
      if (isHiddenField(field) || isLeafType(getNamedType(field.type))) continue;
      if (field.args.some((arg) => isRequiredArgument(arg) && !isLeafType(getNamedType(arg.type)))) continue;
      out.push({ to: unwrapField(field).target, step: { owner: type.name, field: field.name } });
    }
  }
  if (isAbstractType(type)) {
    const possible = schema.getPossibleTypes(type);
    if (possible.length <= MAX_POSSIBLE) for (const member of possible) out.push({ to: member.name, step: { owner: type.name, member: member.name } });
  }
  return out;
}

/**
 * The shortest path (at most `maxHops` fields; possible types are free) from
 * one of `from` to `typeName`, or undefined.
 */
export function pathFrom(schema: GraphQLSchema, from: Iterable<string>, typeName: string, maxHops: number): SliceStep[] | undefined {
  const previous = new Map<string, { from: string; step: SliceStep } | null>();
  let frontier: { name: string; hops: number }[] = [];
  for (const start of from) {
    previous.set(start, null);
    frontier.push({ name: start, hops: 0 });
  }
  while (frontier.length > 0 && !previous.has(typeName)) {
    const next: { name: string; hops: number }[] = [];
    for (const { name, hops } of frontier) {
      for (const { to, step } of neighbours(schema.getType(name), schema)) {
        const cost = hops + ('field' in step ? 1 : 0);
        if (previous.has(to) || cost > maxHops) continue;
        previous.set(to, { from: name, step });
        next.push({ name: to, hops: cost });
      }
    }
    frontier = next;
  }
  if (!previous.has(typeName) || previous.get(typeName) === null) return undefined;
  const steps: SliceStep[] = [];
  for (let at = previous.get(typeName); at; at = previous.get(at.from)) steps.unshift(at.step);
  return steps;
}
