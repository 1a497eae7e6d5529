/**
 * Bench section `generate-compose`: the operation composed without a language
 * model (QueryComposer, words-and-structure search as in the generator), beside
 * the previous release's composer (bench/src/compose/previous, run in the same
 * process on the same rows) and a naive composer (top hit's shortest root path
 * plus the hit). docs/composer.md "Measured".
 *
 * Reads (mutations off): bench/data/search, bench/data/generate (NL2GQL) and the
 * blind read rows (dev / heldout): share of rows with a valid operation, share
 * whose operation holds every field coordinate of the gold operation, median
 * ratio of selected field coordinates to the gold's, p50/p95 ms per prompt
 * (search included). Targets: valid 100 %, gold covered >= 30 % (search dev)
 * and >= 75 % (NL2GQL), p50 <= 50 ms on GitHub.
 *
 * Writes (mutations allowed): the blind write rows (dev / heldout), the write
 * eval rows (GitHub, Shopify) and the held-back Saleor rows: right mutation
 * composed, wrong mutation composed (not one of the row's targets), a query
 * composed instead, a value dropped (in neither the document nor a reason),
 * answered (an operation or a reason). Targets: wrong <= 2 % on every split,
 * right >= 60 %.
 */
import { checkOperation, QueryComposer, type GenerateJobResult, type GenerationIndex } from '@discovery/generation';
import { dirname } from 'node:path';
import { registerSection, type BenchContext, type BenchTable, type SectionResult } from '../bench-section.js';
import { loadBlindReadRows, loadComposeRows, type BlindComposeRow, type ComposeRow } from '../compose/compose-rows.js';
import { naiveOperation } from '../compose/naive-composer.js';
import { QueryComposer as PreviousComposer } from '../compose/previous/query-composer.js';
import { loadWriteComposeRows, measureWrite, type ComposerLike, type WriteSample } from '../compose/write-compose.js';
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

type ReadRow = ComposeRow | BlindComposeRow;

function measure(row: ReadRow, document: string | undefined, ms: number): Sample {
  const gold = operationCoordinates(row.index.schema, row.gold);
  if (document === undefined || !checkOperation(row.index.schema, document).ok) return { valid: false, covered: false, ratio: Number.NaN, ms };
  const composed = new Set(operationCoordinates(row.index.schema, document));
  return { valid: true, covered: gold.every((c) => composed.has(c)), ratio: gold.length === 0 ? 1 : composed.size / gold.length, ms };
}

const share = (n: number, of: number): number => Number(((100 * n) / Math.max(1, of)).toFixed(1));

function summarize(samples: readonly Sample[]): Figures {
  const ratios = samples.filter((s) => s.valid).map((s) => s.ratio);
  const times = samples.map((s) => s.ms);
  return {
    rows: samples.length,
    validPct: share(samples.filter((s) => s.valid).length, samples.length),
    coveredPct: share(samples.filter((s) => s.covered).length, samples.length),
    medianRatio: Number(median(ratios).toFixed(2)),
    p50Ms: Number(median(times).toFixed(2)),
    p95Ms: Number(percentile(times, 95).toFixed(2)),
  };
}

async function timed(composer: ComposerLike, index: GenerationIndex, prompt: string): Promise<{ result: GenerateJobResult; ms: number }> {
  const started = performance.now();
  const result = await composer.compose(index, prompt);
  return { result, ms: performance.now() - started };
}

const documentOf = (result: GenerateJobResult): string | undefined => (result.status === 'resolved' ? result.resolution.queries[0]?.document : undefined);

async function reads(context: BenchContext): Promise<{ tables: BenchTable[]; data: unknown }> {
  const { rows: composeRows, skipped } = await loadComposeRows(context.dataDir);
  const rows: ReadRow[] = [...composeRows, ...(await loadBlindReadRows(context.dataDir))];
  const current = new QueryComposer({ allowMutations: false });
  const previous = new PreviousComposer({ allowMutations: false }) as ComposerLike;
  const groups = new Map<string, { composed: Sample[]; previous: Sample[]; naive: Sample[] }>();
  const examples: { prompt: string; document?: string; unsatisfied: string[] }[] = [];
  for (const [at, row] of rows.entries()) {
    const now = await timed(current, row.index, row.prompt);
    const before = await timed(previous, row.index, row.prompt);
    const document = documentOf(now.result);
    if (examples.length < 20 && examples.length * 20 <= at) {
      examples.push({
        prompt: row.prompt,
        ...(document ? { document } : {}),
        unsatisfied: now.result.status === 'resolved' ? now.result.resolution.unsatisfied : [],
      });
    }
    const started = performance.now();
    const hits = await row.index.search({ query: row.prompt, limit: 50, roots: ['query'] });
    const naive = naiveOperation(row.index.schema, hits);
    const naiveMs = performance.now() - started;
    for (const key of [`${row.dataset}|${row.schema}`, `${row.dataset}|all`]) {
      const group = groups.get(key) ?? { composed: [], previous: [], naive: [] };
      group.composed.push(measure(row, document, now.ms));
      group.previous.push(measure(row, documentOf(before.result), before.ms));
      group.naive.push(measure(row, naive, naiveMs));
      groups.set(key, group);
    }
  }
  const results = [...groups].map(([key, group]) => {
    const [dataset, schema] = key.split('|') as [string, string];
    return { dataset, schema, composed: summarize(group.composed), previous: summarize(group.previous), naive: summarize(group.naive) };
  });
  const table: BenchTable = {
    title: `reads: composed without a model, now vs the previous release vs naive (top hit + shortest root path); NL2GQL gold rows skipped as invalid: ${skipped}`,
    columns: [
      'dataset',
      'schema',
      'rows',
      'valid %',
      'prev valid %',
      'gold covered %',
      'prev covered %',
      'fields/gold',
      'prev fields/gold',
      'p50 ms',
      'prev p50 ms',
      'p95 ms',
      'naive covered %',
    ],
    rows: results.map(({ dataset, schema, composed: c, previous: p, naive: n }) => [
      dataset,
      schema,
      c.rows,
      c.validPct,
      p.validPct,
      c.coveredPct,
      p.coveredPct,
      c.medianRatio,
      p.medianRatio,
      c.p50Ms,
      p.p50Ms,
      c.p95Ms,
      n.coveredPct,
    ]),
  };
  return { tables: [table], data: { skippedNl2gql: skipped, results, examples } };
}

interface WriteFigures {
  rows: number;
  rightPct: number;
  wrongPct: number;
  queryPct: number;
  droppedPct: number;
  answeredPct: number;
  p50Ms: number;
}

function summarizeWrites(samples: readonly WriteSample[]): WriteFigures {
  const n = samples.length;
  const count = (test: (sample: WriteSample) => boolean): number => share(samples.filter(test).length, n);
  return {
    rows: n,
    rightPct: count((s) => s.right),
    wrongPct: count((s) => s.wrong),
    queryPct: count((s) => s.query),
    droppedPct: count((s) => s.dropped),
    answeredPct: count((s) => s.answered),
    p50Ms: Number(median(samples.map((s) => s.ms)).toFixed(2)),
  };
}

async function writes(context: BenchContext): Promise<{ tables: BenchTable[]; data: unknown }> {
  const rows = await loadWriteComposeRows(context.dataDir, dirname(dirname(context.dataDir)));
  const current = new QueryComposer({ allowMutations: true });
  const previous = new PreviousComposer({ allowMutations: true }) as ComposerLike;
  const groups = new Map<string, { now: WriteSample[]; before: WriteSample[] }>();
  const wrong: { prompt: string; composed: string; targets: string[] }[] = [];
  for (const row of rows) {
    const now = await measureWrite(current, row);
    const before = await measureWrite(previous, row);
    if (now.wrong && now.mutation) wrong.push({ prompt: row.prompt, composed: now.mutation, targets: row.targets });
    for (const key of [row.split, 'all']) {
      const group = groups.get(key) ?? { now: [], before: [] };
      group.now.push(now);
      group.before.push(before);
      groups.set(key, group);
    }
  }
  const results = [...groups].map(([split, group]) => ({ split, now: summarizeWrites(group.now), previous: summarizeWrites(group.before) }));
  const table: BenchTable = {
    title: 'writes with mutations allowed: composed without a model, now vs the previous release (wrong = a mutation not among the row targets)',
    columns: [
      'split',
      'rows',
      'right %',
      'prev right %',
      'wrong %',
      'prev wrong %',
      'query instead %',
      'prev query %',
      'dropped value %',
      'prev dropped %',
      'answered %',
      'p50 ms',
    ],
    rows: results.map(({ split, now: c, previous: p }) => [
      split,
      c.rows,
      c.rightPct,
      p.rightPct,
      c.wrongPct,
      p.wrongPct,
      c.queryPct,
      p.queryPct,
      c.droppedPct,
      p.droppedPct,
      c.answeredPct,
      c.p50Ms,
    ]),
  };
  return { tables: [table], data: { results, wrong } };
}

async function run(context: BenchContext): Promise<SectionResult> {
  const read = await reads(context);
  const write = await writes(context);
  return { tables: [...read.tables, ...write.tables], data: { reads: read.data, writes: write.data } };
}

registerSection({
  name: 'generate-compose',
  description: 'operations composed without a language model, beside the previous release: gold coverage of reads, right and wrong mutations of writes',
  run,
});
