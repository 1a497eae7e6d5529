/**
 * A simulation (not a measurement) of the replicas' index caches at a scale the machine cannot
 * run: `graphs` graphs whose loaded sizes are those the reader counts for the measured graphs
 * (cycled), Zipf(1) requests, `replicas` replicas each with an LRU cache of `cacheBytes`, requests
 * routed by index or spread over replicas. Gives the hit rate and the mean cold-load time a
 * request pays, from the measured cold-load time of each graph's size.
 */
import { replicaOf } from './zipf-traffic.js';
import { seeded, zipf } from './graph-set.js';

export interface SimulatedGraph {
  /** What the reader's cache counts for the graph once loaded. */
  bytes: number;
  /** Measured cold load of a graph of its size, ms. */
  coldMs: number;
}

export interface SimulationResult {
  hitRate: number;
  /** Mean cold-load time per request, ms (misses times their load cost). */
  meanLoadMs: number;
}

export function simulateCaches(
  measured: readonly SimulatedGraph[],
  graphs: number,
  replicas: number,
  routed: boolean,
  cacheBytes: number,
  requests = 200_000,
): SimulationResult {
  const set = Array.from({ length: graphs }, (_, i) => measured[i % measured.length]!);
  const ids = set.map((_, i) => `graph-${i}`);
  const random = seeded(7);
  const pick = zipf(graphs, 1, random);
  const caches = Array.from({ length: replicas }, () => ({ entries: new Map<number, number>(), bytes: 0 }));
  let hits = 0;
  let loadMs = 0;
  const warmUp = Math.floor(requests / 4);
  for (let r = 0; r < requests + warmUp; r++) {
    const g = pick();
    const cache = caches[routed ? replicaOf(ids[g]!, replicas) : Math.floor(random() * replicas)]!;
    const held = cache.entries.get(g);
    const counted = r >= warmUp;
    if (held !== undefined) {
      cache.entries.delete(g);
      cache.entries.set(g, held);
      if (counted) hits += 1;
      continue;
    }
    if (counted) loadMs += set[g]!.coldMs;
    const bytes = set[g]!.bytes;
    if (bytes > cacheBytes) continue;
    cache.entries.set(g, bytes);
    cache.bytes += bytes;
    for (const [old, size] of cache.entries) {
      if (cache.bytes <= cacheBytes) break;
      cache.entries.delete(old);
      cache.bytes -= size;
    }
  }
  return { hitRate: hits / requests, meanLoadMs: loadMs / requests };
}
