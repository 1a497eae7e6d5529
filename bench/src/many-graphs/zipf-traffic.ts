/**
 * Zipf traffic of the many-graphs bench: `callers` concurrent callers, each request a search
 * (limit 20), a GetSymbols of 5 coordinates or a GetSchemaSlice of one graph drawn by Zipf
 * popularity, sent to one of the replicas: by a hash of the index id ("routed", what a load
 * balancer hashing on the `discovery-index` header does) or to any replica ("spread", what a
 * Service does without routing). Every reply is decoded and checked; errors are counted.
 */
import { createHash } from 'node:crypto';
import { DiscoveryService, YokoService } from '@discovery/proto';
import { percentile } from '../indexer/indexer-process.js';
import type { TrafficClient } from './replica.js';
import { seeded, zipf, type Graph } from './graph-set.js';

export type Kind = 'search' | 'symbols' | 'slice';
export const KINDS: readonly Kind[] = ['search', 'symbols', 'slice'];
/** Share of each kind (cumulative draw): 75 % searches, 20 % record reads, 5 % slices. */
const MIX: readonly [Kind, number][] = [
  ['search', 0.75],
  ['symbols', 0.95],
  ['slice', 1],
];

export interface TrafficOptions {
  graphs: readonly Graph[];
  /** One client per replica. */
  replicas: readonly TrafficClient[];
  routed: boolean;
  callers: number;
  seconds: number;
  queries: (graph: Graph, i: number) => string;
  seed: number;
}

export interface KindFigures {
  kind: Kind;
  requests: number;
  p50: number;
  p99: number;
}

export interface TrafficFigures {
  requests: number;
  errors: number;
  firstError?: string;
  /** Calls sent again after the server closed an idle keep-alive connection. */
  retries: number;
  perSecond: number;
  byKind: KindFigures[];
}

const { searchSchema, getSymbols } = YokoService.method;
const { getSchemaSlice } = DiscoveryService.method;

export function replicaOf(indexId: string, replicas: number): number {
  return createHash('sha1').update(indexId).digest().readUInt32BE(0) % replicas;
}

export async function runTraffic(o: TrafficOptions): Promise<TrafficFigures> {
  const random = seeded(o.seed);
  const pick = zipf(o.graphs.length, 1, random);
  const times: Record<Kind, number[]> = { search: [], symbols: [], slice: [] };
  let errors = 0;
  let firstError: string | undefined;
  let i = 0;
  const deadline = performance.now() + o.seconds * 1000;
  const started = performance.now();
  await Promise.all(
    Array.from({ length: o.callers }, async () => {
      while (performance.now() < deadline) {
        const graph = o.graphs[pick()]!;
        const draw = random();
        const kind = MIX.find(([, upTo]) => draw < upTo)![0];
        const n = i++;
        const replica = o.routed ? replicaOf(graph.indexId!, o.replicas.length) : Math.floor(random() * o.replicas.length);
        const client = o.replicas[replica]!;
        const t = performance.now();
        try {
          const got = await call(client, kind, graph, o.queries(graph, n), n);
          if (got === 0 && kind !== 'search') throw new Error(`${kind} of graph ${graph.n} returned nothing`);
          times[kind].push(performance.now() - t);
        } catch (error) {
          errors += 1;
          firstError ??= (error as Error).message.slice(0, 200);
        }
      }
    }),
  );
  const seconds = (performance.now() - started) / 1000;
  const byKind = KINDS.map((kind) => {
    const sorted = times[kind].sort((a, b) => a - b);
    return { kind, requests: sorted.length, p50: percentile(sorted, 50), p99: percentile(sorted, 99) };
  });
  const requests = byKind.reduce((sum, k) => sum + k.requests, 0);
  const retries = o.replicas.reduce((sum, c) => sum + c.retries, 0);
  return { requests, errors, retries, ...(firstError ? { firstError } : {}), perSecond: requests / seconds, byKind };
}

async function call(client: TrafficClient, kind: Kind, graph: Graph, query: string, n: number): Promise<number> {
  const indexId = graph.indexId!;
  if (kind === 'search') return (await client.call(client.encode(searchSchema, { indexId, query, limit: 20 }))).hits.length;
  if (kind === 'symbols') {
    const all = graph.coordinates!;
    const at = (n * 7) % Math.max(1, all.length - 5);
    return (await client.call(client.encode(getSymbols, { indexId, coordinates: all.slice(at, at + 5) }))).symbols.length;
  }
  return (await client.call(client.encode(getSchemaSlice, { indexId, query, maxTokens: 0, roots: [] }))).tokens;
}
