/**
 * Bench section `generate-compose`: the operation composed without a language
 * model (QueryComposer, words-and-structure search as in the generator) on
 * every row of bench/data/search and bench/data/generate, beside a naive
 * composer (top hit's shortest root path plus the hit). Per dataset and
 * schema: share of rows with a valid operation, share whose operation holds
 * every field coordinate of the gold operation, median ratio of selected
 * field coordinates to the gold's, p50/p95 ms per prompt (search included).
 * Targets: valid 100 %, gold covered >= 50 % (search) and >= 40 % (NL2GQL),
 * median ratio <= 3, p95 < 100 ms.
 */
import { checkOperation, QueryComposer } from '@discovery/generation';
import { registerSection, type BenchContext, type BenchTable, type SectionResult } from '../bench-section.js';
import { loadComposeRows, type ComposeRow } from '../compose/compose-rows.js';
import { naiveOperation } from '../compose/naive-composer.js';
import { median, operationCoordinates, percentile } from './generate-slice-coverage.js';

interface Sample {
  valid: boolean;
  covered: boolean;
  ratio: number;
  ms: number;
}

interface Figures {
  rows: number;
  validPct: number;
  coveredPct: number;
  medianRatio: number;
  p50Ms: number;
  p95Ms: number;
}

function measure(row: ComposeRow, document: string | undefined, ms: number): Sample {
  const gold = operationCoordinates(row.index.schema, row.gold);
  if (document === undefined || !checkOperation(row.index.schema, document).ok) return { valid: false, covered: false, ratio: Number.NaN, ms };
  const composed = new Set(operationCoordinates(row.index.schema, document));
  return { valid: true, covered: gold.every((c) => composed.has(c)), ratio: gold.length === 0 ? 1 : composed.size / gold.length, ms };
}

function summarize(samples: readonly Sample[]): Figures {
  const share = (n: number): number => Number(((100 * n) / Math.max(1, samples.length)).toFixed(1));
  const ratios = samples.filter((s) => s.valid).map((s) => s.ratio);
  const times = samples.map((s) => s.ms);
  return {
    rows: samples.length,
    validPct: share(samples.filter((s) => s.valid).length),
    coveredPct: share(samples.filter((s) => s.covered).length),
    medianRatio: Number(median(ratios).toFixed(2)),
    p50Ms: Number(median(times).toFixed(2)),
    p95Ms: Number(percentile(times, 95).toFixed(2)),
  };
}

async function run(context: BenchContext): Promise<SectionResult> {
  const { rows, skipped } = await loadComposeRows(context.dataDir);
  const composer = new QueryComposer({ allowMutations: false });
  const groups = new Map<string, { composed: Sample[]; naive: Sample[] }>();
  const examples: { prompt: string; document?: string; unsatisfied: string[] }[] = [];
  for (const row of rows) {
    let started = performance.now();
    const result = await composer.compose(row.index, row.prompt);
    const composedMs = performance.now() - started;
    const document = result.status === 'resolved' ? result.resolution.queries[0]?.document : undefined;
    if (examples.length < 20 && examples.length * 20 <= rows.indexOf(row)) {
      examples.push({ prompt: row.prompt, ...(document ? { document } : {}), unsatisfied: result.status === 'resolved' ? result.resolution.unsatisfied : [] });
    }
    started = performance.now();
    const hits = await row.index.search({ query: row.prompt, limit: 50, roots: ['query'] });
    const naive = naiveOperation(row.index.schema, hits);
    const naiveMs = performance.now() - started;
    for (const key of [`${row.dataset}|${row.schema}`, `${row.dataset}|all`]) {
      const group = groups.get(key) ?? { composed: [], naive: [] };
      group.composed.push(measure(row, document, composedMs));
      group.naive.push(measure(row, naive, naiveMs));
      groups.set(key, group);
    }
  }
  const results = [...groups].map(([key, group]) => {
    const [dataset, schema] = key.split('|') as [string, string];
    return { dataset, schema, composed: summarize(group.composed), naive: summarize(group.naive) };
  });
  const table: BenchTable = {
    title: `composed operation without a model vs naive (top hit + shortest root path); NL2GQL gold rows skipped as invalid: ${skipped}`,
    columns: ['dataset', 'schema', 'rows', 'valid %', 'gold covered %', 'median fields/gold', 'p50 ms', 'p95 ms', 'naive valid %', 'naive covered %', 'naive ratio'],
    rows: results.map(({ dataset, schema, composed: c, naive: n }) => [
      dataset, schema, c.rows, c.validPct, c.coveredPct, c.medianRatio, c.p50Ms, c.p95Ms, n.validPct, n.coveredPct, n.medianRatio,
    ]),
  };
  return { tables: [table], data: { skippedNl2gql: skipped, results, examples } };
}

registerSection({
  name: 'generate-compose',
  description: 'operations composed without a language model, against the gold operations of bench/data/search and bench/data/generate',
  run,
});
