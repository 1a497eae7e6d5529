/**
 * One serving replica of the many-graphs bench: an indexer process with timed single searches
 * (cold and warm loads), a 32-caller search load on one index, lean clients for traffic, and the
 * figures of its /metrics (index cache hits and misses, heap and external memory, RSS).
 */
import { YokoService } from '@discovery/proto';
import { percentile, type IndexerProcess } from '../indexer/indexer-process.js';
import { UnaryClient } from '../indexer/unary-client.js';

export interface Replica {
  process: IndexerProcess;
  /** One search on one connection: its wall time and the replica's CPU time for it (all threads), ms. */
  timedSearch(indexId: string, query: string): Promise<{ ms: number; cpuMs: number }>;
  searchLoad(
    indexId: string,
    query: (i: number) => string,
    callers: number,
    total: number,
  ): Promise<{ p50: number; p99: number; perSecond: number; serverCpuMs: number }>;
  trafficClient(connections: number): Promise<TrafficClient>;
}

/** What the traffic needs of a client: encode, call, close. */
export interface TrafficClient {
  encode: UnaryClient['encode'];
  call: UnaryClient['call'];
  close(): void;
  /** Calls sent again on a new connection after the server closed an idle one (a router does the same). */
  readonly retries: number;
}

const CLOSED = /closed the connection|ECONNRESET|EPIPE/;

/** Connections of one replica, each its own client; one the server closed is replaced and the call sent again once. */
async function trafficClient(baseUrl: string, connections: number): Promise<TrafficClient> {
  const pool = await Promise.all(Array.from({ length: connections }, () => UnaryClient.open([baseUrl], 1)));
  const idle = [...pool.keys()];
  const waiting: ((slot: number) => void)[] = [];
  let retries = 0;
  const acquire = (): Promise<number> => (idle.length > 0 ? Promise.resolve(idle.pop()!) : new Promise((resolve) => waiting.push(resolve)));
  const release = (slot: number): void => {
    const next = waiting.shift();
    if (next) next(slot);
    else idle.push(slot);
  };
  return {
    encode: pool[0]!.encode.bind(pool[0]!) as UnaryClient['encode'],
    call: (async (encoded: Parameters<UnaryClient['call']>[0]) => {
      const slot = await acquire();
      try {
        return await pool[slot]!.call(encoded);
      } catch (error) {
        if (!CLOSED.test((error as Error).message)) throw error;
        retries += 1;
        pool[slot]!.close();
        pool[slot] = await UnaryClient.open([baseUrl], 1);
        return await pool[slot]!.call(encoded);
      } finally {
        release(slot);
      }
    }) as UnaryClient['call'],
    close: () => {
      for (const c of pool) c.close();
    },
    get retries() {
      return retries;
    },
  };
}

export interface ReplicaMetrics {
  hits: number;
  misses: number;
  /** Indexes dropped from the cache to stay within its bytes, since start. */
  evicted: number;
  heapAndExternal: number;
  rss: number;
  /** CPU seconds of the process (all threads) since start. */
  cpuSeconds: number;
  /** Event-loop delay since the previous scrape (prom-client resets it at each): p99 and max, ms. */
  loopP99Ms: number;
  loopMaxMs: number;
}

const { searchSchema } = YokoService.method;

export async function openReplica(process: IndexerProcess): Promise<Replica> {
  const single = await UnaryClient.open([process.baseUrl], 1);
  return {
    process,
    async timedSearch(indexId, query) {
      const call = single.encode(searchSchema, { indexId, query, limit: 20 });
      const cpu = await process.cpuMs();
      const t = performance.now();
      await single.call(call);
      const ms = performance.now() - t;
      return { ms, cpuMs: (await process.cpuMs()) - cpu };
    },
    async searchLoad(indexId, query, callers, total) {
      const client = await UnaryClient.open([process.baseUrl], callers);
      try {
        const calls = Array.from({ length: 200 }, (_, i) => client.encode(searchSchema, { indexId, query: query(i), limit: 20 }));
        for (let i = 0; i < 200; i++) await client.call(calls[i]!);
        const cpu = await process.cpuMs();
        const times: number[] = [];
        let next = 0;
        const started = performance.now();
        await Promise.all(
          Array.from({ length: callers }, async () => {
            for (let i = next++; i < total; i = next++) {
              const t = performance.now();
              await client.call(calls[i % calls.length]!);
              times.push(performance.now() - t);
            }
          }),
        );
        const seconds = (performance.now() - started) / 1000;
        const serverCpuMs = ((await process.cpuMs()) - cpu) / total;
        times.sort((a, b) => a - b);
        return { p50: percentile(times, 50), p99: percentile(times, 99), perSecond: total / seconds, serverCpuMs };
      } finally {
        client.close();
      }
    },
    trafficClient: (connections) => trafficClient(process.baseUrl, connections),
  };
}

export async function replicaMetrics(replica: Replica): Promise<ReplicaMetrics> {
  const text = await (await fetch(`${replica.process.baseUrl}/metrics`)).text();
  const value = (name: string, ...labels: string[]): number => {
    let sum = 0;
    for (const line of text.split('\n')) {
      if (!line.startsWith(name) || !labels.every((l) => line.includes(l))) continue;
      sum += Number(line.slice(line.lastIndexOf(' ') + 1)) || 0;
    }
    return sum;
  };
  return {
    hits: value('discovery_cache_lookups_total', 'cache="index"', 'result="hit"'),
    misses: value('discovery_cache_lookups_total', 'cache="index"', 'result="miss"'),
    evicted: value('discovery_indexes_evicted_total'),
    heapAndExternal: value('discovery_nodejs_heap_size_used_bytes') + value('discovery_nodejs_external_memory_bytes'),
    rss: await replica.process.rss(),
    cpuSeconds: value('discovery_process_cpu_seconds_total'),
    loopP99Ms: value('discovery_nodejs_eventloop_lag_p99_seconds') * 1000,
    loopMaxMs: value('discovery_nodejs_eventloop_lag_max_seconds') * 1000,
  };
}
