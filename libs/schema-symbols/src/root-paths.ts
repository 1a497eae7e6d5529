/**
 * Up to three shortest ways from a root operation type to each output type,
 * e.g. `Query.employee(id:).details`. A bucketed breadth-first search over
 * path states: each type is settled at most `maxPaths` times and each settled
 * state extends along the type's output edges, so the work is
 * O(maxPaths x edges x path length). Paths never visit a type twice. A field
 * hop costs 2 and an inline fragment (`{... on Issue}`) 3, so direct field
 * paths come before equally long paths through `node(id:)`-style interfaces.
 * At most one path per type goes through a catch-all abstract type (Relay's
 * `Node` with hundreds of implementations), so the others show real routes.
 * Roots are searched in turn (query, mutation, subscription): later roots only
 * fill the slots earlier ones left free.
 */
import type { SchemaGraph } from './schema-graph.js';

export const MAX_ROOT_PATHS = 3;
const FIELD_COST = 2;
const FRAGMENT_COST = 3;

interface PathState {
  node: number;
  prev: PathState | undefined;
  /** Root type name for a start state, else the segment that led here. */
  segment: string;
  /** The path goes through a catch-all abstract type (`node(id:){... on X}`). */
  wide: boolean;
}

export interface RootPaths {
  /** Rendered paths to the type at `index`, shortest first (a catch-all path last); empty when unreachable. */
  pathsTo(index: number): string[];
}

export function findRootPaths(graph: SchemaGraph, maxPaths = MAX_ROOT_PATHS): RootPaths {
  const settled: PathState[][] = graph.types.map(() => []);
  // Query first: mutation and subscription paths only fill the slots query paths leave free.
  for (const root of graph.roots) {
    const start = { node: root.index, prev: undefined, segment: graph.types[root.index]?.name ?? '', wide: false };
    searchFrom(start, graph, settled, maxPaths);
  }
  // Real routes first, then the one through a catch-all type (the sort is stable: shortest first within each).
  const byWide = (a: PathState, b: PathState) => Number(a.wide) - Number(b.wide);
  return { pathsTo: (index) => [...(settled[index] ?? [])].sort(byWide).map(render) };
}

function searchFrom(start: PathState, graph: SchemaGraph, settled: PathState[][], maxPaths: number): void {
  const buckets: (PathState[] | undefined)[] = [[start]];
  for (let cost = 0; cost < buckets.length; cost++) {
    const bucket = buckets[cost];
    if (bucket === undefined) continue;
    buckets[cost] = undefined;
    for (const state of bucket) {
      const paths = settled[state.node] as PathState[];
      if (paths.length >= maxPaths || (state.wide && paths.some((path) => path.wide))) continue;
      paths.push(state);
      for (const edge of graph.outputs[state.node] ?? []) {
        if ((settled[edge.target] as PathState[]).length >= maxPaths || visits(state, edge.target)) continue;
        const next = cost + (edge.fragment ? FRAGMENT_COST : FIELD_COST);
        const wide = state.wide || edge.wide;
        buckets[next] ??= [];
        buckets[next].push({ node: edge.target, prev: state, segment: edge.segment, wide });
      }
    }
  }
}

function visits(state: PathState, node: number): boolean {
  for (let at: PathState | undefined = state; at !== undefined; at = at.prev) {
    if (at.node === node) return true;
  }
  return false;
}

function render(state: PathState): string {
  const segments: string[] = [];
  for (let at: PathState | undefined = state; at !== undefined; at = at.prev) segments.push(at.segment);
  return segments.reverse().join('');
}
