/**
 * Reachability of each named type from the root operation types: the fewest
 * hops from any root (a field, an argument or an inline fragment is one hop;
 * root types are 0) and the set of roots it can be reached from. One BFS per
 * root over output and input edges: linear in the size of the schema.
 */
import type { RootOperation } from './schema-symbol.js';
import type { SchemaGraph } from './schema-graph.js';

export interface Reachability {
  /** Fewest hops from a root per type index; -1 when unreachable. */
  depth: Int32Array;
  /** Roots each type index is reachable from, in query, mutation, subscription order. */
  roots: RootOperation[][];
}

export function computeReachability(graph: SchemaGraph): Reachability {
  const count = graph.types.length;
  const depth = new Int32Array(count).fill(-1);
  const roots: RootOperation[][] = Array.from({ length: count }, () => []);
  const distance = new Int32Array(count);
  const queue = new Int32Array(count);
  for (const root of graph.roots) {
    distance.fill(-1);
    distance[root.index] = 0;
    queue[0] = root.index;
    let head = 0;
    let tail = 1;
    while (head < tail) {
      const node = queue[head++] as number;
      const next = (distance[node] as number) + 1;
      const visit = (target: number) => {
        if (distance[target] !== -1) return;
        distance[target] = next;
        queue[tail++] = target;
      };
      for (const edge of graph.outputs[node] ?? []) visit(edge.target);
      for (const target of graph.inputs[node] ?? []) visit(target);
    }
    for (let index = 0; index < count; index++) {
      const hops = distance[index] as number;
      if (hops === -1) continue;
      (roots[index] as RootOperation[]).push(root.operation);
      const best = depth[index] as number;
      if (best === -1 || hops < best) depth[index] = hops;
    }
  }
  return { depth, roots };
}
