/**
 * In-process search latency over the evaluation queries (each query on its
 * own schema, unfiltered and with kinds ["field"], limit 20), after a warm-up
 * pass: p50, p95 and p99 per schema, in milliseconds.
 */
import { search } from '@discovery/ranking';
import type { BenchTable } from '../bench-section.js';
import type { EvalRow } from './eval-dataset.js';
import type { SchemaCorpus } from './schema-corpus.js';

export interface LatencyFigures {
  schemaId: string;
  symbols: number;
  searches: number;
  p50: number;
  p95: number;
  p99: number;
}

function percentile(sorted: readonly number[], p: number): number {
  return sorted.length === 0 ? 0 : sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))]!;
}

export function measureLatency(rows: readonly EvalRow[], corpora: ReadonlyMap<string, SchemaCorpus>): { table: BenchTable; figures: LatencyFigures[] } {
  const figures: LatencyFigures[] = [];
  for (const [schemaId, corpus] of corpora) {
    const queries = rows.filter((r) => r.schemaId === schemaId).map((r) => r.query);
    const once = (): number[] => {
      const times: number[] = [];
      for (const query of queries) {
        for (const kinds of [undefined, ['field']]) {
          const started = performance.now();
          search(corpus.index, kinds === undefined ? { query, limit: 20 } : { query, limit: 20, kinds });
          times.push(performance.now() - started);
        }
      }
      return times;
    };
    once();
    const times = [...once(), ...once()].sort((a, b) => a - b);
    figures.push({
      schemaId,
      symbols: corpus.symbols.length,
      searches: times.length,
      p50: percentile(times, 50),
      p95: percentile(times, 95),
      p99: percentile(times, 99),
    });
  }
  return {
    figures,
    table: {
      title: 'in-process search latency (ms, limit 20, words only)',
      columns: ['schema', 'symbols', 'searches', 'p50', 'p95', 'p99'],
      rows: figures.map((f) => [f.schemaId, f.symbols, f.searches, f.p50, f.p95, f.p99]),
    },
  };
}
