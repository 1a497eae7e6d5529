/**
 * Figures of the long runs: percentiles of latencies and one printed line
 * per measurement (`RELIABILITY <name> key=value ...`) that the table in
 * docs/reliability.md is copied from. Machines are shared: figures are
 * noisy, and no test asserts on time.
 */

export function percentile(sorted: readonly number[], p: number): number {
  if (sorted.length === 0) return Number.NaN;
  const rank = Math.min(sorted.length - 1, Math.max(0, Math.ceil((p / 100) * sorted.length) - 1));
  return sorted[rank]!;
}

export interface LatencySummary {
  count: number;
  p50: number;
  p99: number;
  max: number;
}

export function summarize(latenciesMs: readonly number[]): LatencySummary {
  const sorted = [...latenciesMs].sort((a, b) => a - b);
  return { count: sorted.length, p50: percentile(sorted, 50), p99: percentile(sorted, 99), max: sorted.at(-1) ?? Number.NaN };
}

const mib = (bytes: number) => `${(bytes / 1024 / 1024).toFixed(1)}MiB`;

/** Prints one figure line; numbers named *Bytes are shown in MiB, *Ms with one decimal. */
export function report(name: string, values: Record<string, number | string>): void {
  const parts = Object.entries(values).map(([key, value]) => {
    if (typeof value === 'number' && key.endsWith('Bytes')) return `${key.slice(0, -5)}=${mib(value)}`;
    if (typeof value === 'number' && key.endsWith('Ms')) return `${key}=${value.toFixed(1)}`;
    return `${key}=${value}`;
  });
  process.stdout.write(`RELIABILITY ${name} ${parts.join(' ')}\n`);
}
