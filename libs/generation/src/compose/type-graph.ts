/**
 * The schema as a graph of output types for composing: an edge per field that
 * returns an object, interface or union (a Relay connection leads straight to
 * its node type, through `nodes` or `edges.node`), and an edge from an abstract
 * type to each possible type (an inline fragment). Built once per schema;
 * `cheapestPaths` runs Dijkstra from a root with prompt-dependent edge costs.
 */
import {
  getNamedType,
  isInputObjectType,
  isInterfaceType,
  isLeafType,
  isListType,
  isNonNullType,
  isObjectType,
  isUnionType,
  type GraphQLField,
  type GraphQLNamedType,
  type GraphQLSchema,
} from 'graphql';
import { nameStems, splitWords } from './prompt-words.js';

export interface TypeEdge {
  from: string;
  to: string;
  /** The field taken; absent for an inline fragment onto a possible type. */
  field?: string;
  /** How a connection field reaches its node type. */
  connection?: 'nodes' | 'edges';
  /** Required arguments of a leaf type, and of an input type (harder to fill). */
  requiredLeafArgs: number;
  requiredInputArgs: number;
  /** Names of the required arguments. */
  requiredArgs: string[];
  /** An optional input-object argument named like a filter (`filter`, `where`), for comparisons in the prompt. */
  filterArg?: string;
  /** Named type of an optional argument named `id`, `ids`, `key` or `keys` (`boards(ids: [ID!])`): a lookup by the field's own word. */
  idArgType?: string;
  /** A list whose items belong to the type it is read from: each has a non-null field back to it (`Repository.issues`; `Issue.repository: Repository!`). */
  owned?: boolean;
  /** A list of items that belong to another type (`User.pullRequests`: pull requests belong to a repository). */
  foreign?: boolean;
  /** Stems of the field name. */
  stems: string[];
  /** The field name's last word as written, lower-case (`pullRequests` -> requests). */
  lastWord: string;
  /** The field returns a list or a connection (many objects, not one). */
  list?: boolean;
  /** Named types of the required arguments, in `requiredArgs` order. */
  requiredArgTypes?: string[];
  /** The field takes an argument named for an email address (`email`, `emails`, `customerEmail`). */
  emailArg?: boolean;
  /** The field takes a `String` argument (a code can pick what it returns: `Repository.object(expression:)`). */
  stringArg?: boolean;
}

const graphs = new WeakMap<GraphQLSchema, Map<string, TypeEdge[]>>();

/** `XConnection` with `nodes` or `edges { node }`: the node type and the way to it. */
export function connectionNode(type: GraphQLNamedType): { node: GraphQLNamedType; via: 'nodes' | 'edges' } | undefined {
  if (!isObjectType(type) || !type.name.endsWith('Connection')) return undefined;
  const fields = type.getFields();
  const nodes = fields['nodes'];
  if (nodes) return { node: getNamedType(nodes.type), via: 'nodes' };
  const edgeType = fields['edges'] ? getNamedType(fields['edges'].type) : undefined;
  const node = isObjectType(edgeType) ? edgeType.getFields()['node'] : undefined;
  return node ? { node: getNamedType(node.type), via: 'edges' } : undefined;
}

function fieldEdge(from: string, field: GraphQLField<unknown, unknown>): TypeEdge | undefined {
  if (field.deprecationReason) return undefined;
  const returned = getNamedType(field.type);
  if (isLeafType(returned)) return undefined;
  let requiredLeafArgs = 0;
  let requiredInputArgs = 0;
  const requiredArgs: string[] = [];
  const requiredArgTypes: string[] = [];
  let filterArg: string | undefined;
  let idArgType: string | undefined;
  let stringArg = false;
  let emailArg = false;
  for (const arg of field.args) {
    const input = isInputObjectType(getNamedType(arg.type));
    if (getNamedType(arg.type).name === 'String') stringArg = true;
    if (!input && /email/i.test(arg.name)) emailArg = true;
    if (!isNonNullType(arg.type) || arg.default !== undefined) {
      if (input && /^(filter|where|condition)$/i.test(arg.name)) filterArg = arg.name;
      if (!input && /^(id|ids|key|keys)$/i.test(arg.name)) idArgType = getNamedType(arg.type).name;
      continue;
    }
    requiredArgs.push(arg.name);
    requiredArgTypes.push(getNamedType(arg.type).name);
    if (input) requiredInputArgs += 1;
    else requiredLeafArgs += 1;
  }
  const connection = connectionNode(returned);
  const edge: TypeEdge = {
    from,
    to: connection ? connection.node.name : returned.name,
    field: field.name,
    requiredLeafArgs,
    requiredInputArgs,
    requiredArgs,
    requiredArgTypes,
    stems: nameStems(field.name),
    lastWord: splitWords(field.name).at(-1) ?? '',
  };
  if (connection) edge.connection = connection.via;
  const unwrapped = isNonNullType(field.type) ? field.type.ofType : field.type;
  if (connection || isListType(unwrapped)) edge.list = true;
  if (filterArg) edge.filterArg = filterArg;
  if (idArgType) edge.idArgType = idArgType;
  if (stringArg) edge.stringArg = true;
  if (emailArg) edge.emailArg = true;
  return edge;
}

/** Whether an object of `item` has a non-null, single field returning `owner` or an interface `owner` implements (`Repository.owner: RepositoryOwner!` for an `Organization`). */
function belongsTo(schema: GraphQLSchema, item: string, owner: string): boolean {
  const type = schema.getType(item);
  const ownerType = schema.getType(owner);
  if (!isObjectType(type) && !isInterfaceType(type)) return false;
  const names = new Set([owner, ...(isObjectType(ownerType) || isInterfaceType(ownerType) ? ownerType.getInterfaces().map((i) => i.name) : [])]);
  return Object.values(type.getFields()).some(
    (field) => isNonNullType(field.type) && !isListType(field.type.ofType) && names.has(getNamedType(field.type).name) && !field.deprecationReason,
  );
}

/** Outgoing edges per type name (cached per schema). */
export function typeGraph(schema: GraphQLSchema): Map<string, TypeEdge[]> {
  let graph = graphs.get(schema);
  if (graph) return graph;
  graph = new Map();
  for (const type of Object.values(schema.getTypeMap())) {
    if (type.name.startsWith('__')) continue;
    const edges: TypeEdge[] = [];
    if (isObjectType(type) || isInterfaceType(type)) {
      for (const field of Object.values(type.getFields())) {
        const edge = fieldEdge(type.name, field);
        if (edge?.list && belongsTo(schema, edge.to, type.name)) edge.owned = true;
        if (edge) edges.push(edge);
      }
    }
    if (isInterfaceType(type) || isUnionType(type)) {
      for (const possible of schema.getPossibleTypes(type)) {
        edges.push({ from: type.name, to: possible.name, requiredLeafArgs: 0, requiredInputArgs: 0, requiredArgs: [], stems: [], lastWord: '' });
      }
    }
    graph.set(type.name, edges);
  }
  // A list of items that belong to another type (`User.pullRequests`; pull requests belong to a repository).
  const ownedItems = new Set<string>();
  for (const edges of graph.values()) for (const edge of edges) if (edge.owned) ownedItems.add(edge.to);
  // A root list (`QueryRoot.products`) reads all of them: never foreign.
  const roots = new Set([schema.getQueryType()?.name, schema.getMutationType()?.name, schema.getSubscriptionType()?.name]);
  for (const [typeName, edges] of graph) {
    if (roots.has(typeName)) continue;
    for (const edge of edges) if (edge.list && !edge.owned && ownedItems.has(edge.to)) edge.foreign = true;
  }
  graphs.set(schema, graph);
  return graph;
}

export interface PathCosts {
  cost: Map<string, number>;
  /** The edge a type was reached by (absent for the root). */
  via: Map<string, TypeEdge>;
}

/** Longest path considered, in edges. */
const MAX_DEPTH = 6;

/** Cheapest paths from `root` to every type within MAX_DEPTH edges, with `edgeCost` per edge. */
export function cheapestPaths(schema: GraphQLSchema, root: string, edgeCost: (edge: TypeEdge) => number): PathCosts {
  const graph = typeGraph(schema);
  const cost = new Map<string, number>([[root, 0]]);
  const depth = new Map<string, number>([[root, 0]]);
  const via = new Map<string, TypeEdge>();
  const done = new Set<string>();
  const heap = new MinHeap();
  heap.push(root, 0);
  for (let next = heap.pop(); next !== undefined; next = heap.pop()) {
    const [type, at] = next;
    if (done.has(type) || at > (cost.get(type) ?? Infinity)) continue;
    done.add(type);
    const hops = depth.get(type) ?? 0;
    if (hops >= MAX_DEPTH) continue;
    for (const edge of graph.get(type) ?? []) {
      if (done.has(edge.to)) continue;
      const total = at + edgeCost(edge);
      if (total < (cost.get(edge.to) ?? Infinity)) {
        cost.set(edge.to, total);
        depth.set(edge.to, hops + 1);
        via.set(edge.to, edge);
        heap.push(edge.to, total);
      }
    }
  }
  return { cost, via };
}

/** The edges from the root to `type`, root first. */
export function pathEdges(paths: PathCosts, type: string): TypeEdge[] {
  const edges: TypeEdge[] = [];
  for (let edge = paths.via.get(type); edge; edge = paths.via.get(edge.from)) {
    edges.unshift(edge);
    if (edges.length > MAX_DEPTH + 1) break;
  }
  return edges;
}

class MinHeap {
  private readonly items: [string, number][] = [];

  push(key: string, priority: number): void {
    const items = this.items;
    items.push([key, priority]);
    for (let i = items.length - 1; i > 0; ) {
      const parent = (i - 1) >> 1;
      if ((items[parent] as [string, number])[1] <= priority) break;
      [items[i], items[parent]] = [items[parent] as [string, number], items[i] as [string, number]];
      i = parent;
    }
  }

  pop(): [string, number] | undefined {
    const items = this.items;
    const top = items[0];
    const last = items.pop();
    if (top === undefined || last === undefined || items.length === 0) return top;
    items[0] = last;
    for (let i = 0; ; ) {
      const left = 2 * i + 1;
      const right = left + 1;
      let smallest = i;
      if (left < items.length && (items[left] as [string, number])[1] < (items[smallest] as [string, number])[1]) smallest = left;
      if (right < items.length && (items[right] as [string, number])[1] < (items[smallest] as [string, number])[1]) smallest = right;
      if (smallest === i) break;
      [items[i], items[smallest]] = [items[smallest] as [string, number], items[i] as [string, number]];
      i = smallest;
    }
    return top;
  }
}
