/**
 * Bench section `generate-loop`: the model loop itself, measured from the wire.
 *
 * 1. A scripted perfect model (loop/gold-model.ts) answers each row from the gold operation
 *    when every field and argument of it is in the slice it was given, and with a near miss
 *    otherwise (a wrong guess, then the gold without what it could not see). Per dataset and
 *    split: the share of rows a perfect model could answer from what we gave it, validity and
 *    gold coverage of the answer, turns, prompt and completion tokens (o200k) per row, the
 *    first prompt's size, and the time our side adds per turn; the current loop beside the
 *    previous release's (loop/previous-release.ts), in the same run.
 * 2. With BENCH_LLM_BASE_URL and BENCH_LLM_MODEL set (BENCH_LLM_API_KEY optional), the current
 *    loop against that endpoint on a few rows per dataset (`--real-rows N`, default 5 per schema;
 *    `--real-schemas a,b`), at each window of `--contexts 4096,8192` (default: what the endpoint
 *    reports): validity, gold coverage, turns, tokens (o200k and the endpoint's own), seconds per
 *    row, and the composer on the same rows.
 * 3. With `--windows 4096,8192,16384`: the current loop fitted to each window, scripted model, on the
 *    development rows: answerable share, prompt sizes and o200k tokens per generated operation.
 * Options after `--`: `--limit N` rows per dataset and schema (default all), `--previous <ref>`,
 * `--windows-only`, `--real-only`.
 */
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { OpenAiScriptedServer } from '@discovery/testing';
import { registerSection, type BenchContext, type BenchTable, type SectionResult } from '../bench-section.js';
import { goldReply } from '../loop/gold-model.js';
import { loadLoopRows, type LoopRow } from '../loop/loop-rows.js';
import { CurrentLoop, runComposer, runPrevious, type LoopSettings, type RowResult } from '../loop/loop-runner.js';
import { loadPreviousLoop, PREVIOUS_RELEASE } from '../loop/previous-release.js';
import { realEndpointTables } from '../loop/real-endpoint.js';
import { median, percentile } from './generate-slice-coverage.js';

const ROOT = fileURLToPath(new URL('../../../', import.meta.url));

function option(args: readonly string[], name: string): string | undefined {
  const at = args.indexOf(name);
  return at === -1 ? undefined : args[at + 1];
}

/** At most `limit` rows of each dataset and schema, spread over the file. */
export function sampleRows(rows: readonly LoopRow[], limit: number | undefined): LoopRow[] {
  if (limit === undefined) return [...rows];
  const groups = new Map<string, LoopRow[]>();
  for (const row of rows) groups.set(`${row.dataset}|${row.schema}`, [...(groups.get(`${row.dataset}|${row.schema}`) ?? []), row]);
  return [...groups.values()].flatMap((group) => group.filter((_row, i) => i % Math.max(1, Math.ceil(group.length / limit)) === 0).slice(0, limit));
}

interface Figures {
  rows: number;
  answerablePct: number;
  validPct: number;
  coveredPct: number;
  turns: number;
  promptTokens: number;
  completionTokens: number;
  firstPromptTokens: number;
  oursMsPerTurn: number;
  oursMsPerTurnP95: number;
}

function figures(results: readonly RowResult[], answerable: readonly boolean[]): Figures {
  const pct = (n: number): number => Number(((100 * n) / Math.max(1, results.length)).toFixed(1));
  const mean = (values: number[]): number => Number((values.reduce((a, b) => a + b, 0) / Math.max(1, values.length)).toFixed(2));
  return {
    rows: results.length,
    answerablePct: pct(answerable.filter(Boolean).length),
    validPct: pct(results.filter((r) => r.valid).length),
    coveredPct: pct(results.filter((r) => r.covered).length),
    turns: mean(results.map((r) => r.turns)),
    promptTokens: median(results.map((r) => r.promptTokens)),
    completionTokens: median(results.map((r) => r.completionTokens)),
    firstPromptTokens: median(results.map((r) => r.firstPromptTokens)),
    oursMsPerTurn: Number(median(results.map((r) => r.oursPerTurnMs)).toFixed(1)),
    oursMsPerTurnP95: Number(
      percentile(
        results.map((r) => r.oursPerTurnMs),
        95,
      ).toFixed(1),
    ),
  };
}

/** The current loop at each window of `--windows 4096,8192` (the scripted model), beside the default. */
async function windows(context: BenchContext, rows: readonly LoopRow[], sizes: readonly number[]): Promise<{ table: BenchTable; data: unknown }> {
  const server = await OpenAiScriptedServer.start();
  const groups = new Map<string, { results: RowResult[]; answerable: boolean[] }>();
  try {
    for (const size of sizes) {
      const loop = new CurrentLoop({ baseUrl: server.baseUrl, model: 'gold', maxTurns: 4, timeoutMs: 60_000, callTimeoutMs: 30_000, contextTokens: size });
      for (const row of rows) {
        server.clear();
        const seen: { covered?: boolean } = {};
        server.push(goldReply({ schema: row.index.schema, gold: row.gold }, seen), goldReply({ schema: row.index.schema, gold: row.gold }, seen));
        const result = await loop.run(row);
        const key = `${size}|${row.dataset}|${row.schema}`;
        const group = groups.get(key) ?? { results: [], answerable: [] };
        group.results.push(result);
        group.answerable.push(seen.covered === true);
        groups.set(key, group);
      }
      context.log(`generate-loop: window ${size} done`);
    }
  } finally {
    await server.close();
  }
  const data: Record<string, unknown> = {};
  const tableRows = [...groups].map(([key, group]) => {
    const [size, dataset, schema] = key.split('|') as [string, string, string];
    const f = figures(group.results, group.answerable);
    const operations = group.results.reduce((sum, r) => sum + r.operations, 0);
    const tokens = group.results.reduce((sum, r) => sum + r.promptTokens + r.completionTokens, 0);
    data[key] = { ...f, tokensPerOperation: operations === 0 ? null : Math.round(tokens / operations) };
    return [
      size,
      dataset,
      schema,
      f.rows,
      f.answerablePct,
      f.coveredPct,
      f.turns,
      f.firstPromptTokens,
      f.promptTokens,
      operations === 0 ? 'n/a' : Math.round(tokens / operations),
    ];
  });
  return {
    table: {
      title: 'the current loop fitted to each window (LLM_CONTEXT_TOKENS), scripted perfect model, LLM_MAX_OUTPUT_TOKENS 1024',
      columns: [
        'window',
        'dataset',
        'schema',
        'rows',
        'answerable from slice %',
        'gold covered %',
        'turns/row',
        'first prompt tok (p50)',
        'prompt tok/row (p50)',
        'o200k tok per operation',
      ],
      rows: tableRows,
    },
    data,
  };
}

async function scripted(context: BenchContext, rows: readonly LoopRow[]): Promise<{ table: BenchTable; data: unknown }> {
  const server = await OpenAiScriptedServer.start();
  const settings: LoopSettings = { baseUrl: server.baseUrl, model: 'gold', maxTurns: 4, timeoutMs: 60_000, callTimeoutMs: 30_000 };
  const previous = await loadPreviousLoop(ROOT, join(context.resultsDir, 'cache'), option(context.args, '--previous') ?? PREVIOUS_RELEASE, context.log);
  const previousComposer = previous ? new previous.QueryComposer({ allowMutations: false }) : undefined;
  const current = new CurrentLoop(settings);
  const groups = new Map<string, { current: RowResult[]; previous: RowResult[]; answerable: boolean[]; answerablePrevious: boolean[] }>();
  try {
    for (const [n, row] of rows.entries()) {
      for (const variant of previous ? (['current', 'previous'] as const) : (['current'] as const)) {
        server.clear();
        const seen: { covered?: boolean } = {};
        server.push(goldReply({ schema: row.index.schema, gold: row.gold }, seen), goldReply({ schema: row.index.schema, gold: row.gold }, seen));
        const result = variant === 'current' ? await current.run(row) : await runPrevious(previous!, row, settings, previousComposer);
        for (const key of [`${row.dataset}|${row.split}|${row.schema}`, `${row.dataset}|${row.split}|all`]) {
          const group = groups.get(key) ?? { current: [], previous: [], answerable: [], answerablePrevious: [] };
          group[variant].push(result);
          (variant === 'current' ? group.answerable : group.answerablePrevious).push(seen.covered === true);
          groups.set(key, group);
        }
      }
      if ((n + 1) % 100 === 0) context.log(`generate-loop: ${n + 1}/${rows.length} rows`);
    }
  } finally {
    await server.close();
  }
  const columns = [
    'dataset',
    'split',
    'schema',
    'loop',
    'rows',
    'answerable from slice %',
    'valid %',
    'gold covered %',
    'turns/row',
    'prompt tok/row (p50)',
    'completion tok/row (p50)',
    'first prompt tok (p50)',
    'our ms/turn (p50)',
    'our ms/turn (p95)',
  ];
  const tableRows: (string | number)[][] = [];
  const data: Record<string, unknown> = {};
  for (const [key, group] of [...groups].sort(([a], [b]) => a.localeCompare(b))) {
    const [dataset, split, schema] = key.split('|') as [string, string, string];
    const now = figures(group.current, group.answerable);
    const before = group.previous.length > 0 ? figures(group.previous, group.answerablePrevious) : undefined;
    data[key] = { current: now, ...(before ? { previous: before } : {}) };
    for (const [loop, f] of [['current', now], ...(before ? [[previous!.ref, before] as const] : [])] as [string, Figures][]) {
      tableRows.push([
        dataset,
        split,
        schema,
        loop,
        f.rows,
        f.answerablePct,
        f.validPct,
        f.coveredPct,
        f.turns,
        f.promptTokens,
        f.completionTokens,
        f.firstPromptTokens,
        f.oursMsPerTurn,
        f.oursMsPerTurnP95,
      ]);
    }
  }
  const title = `model loop with a scripted perfect model (gold when its coordinates are in the slice, a near miss otherwise): current beside ${previous ? previous.ref : 'nothing (previous release not loadable)'}`;
  return { table: { title, columns, rows: tableRows }, data };
}

async function run(context: BenchContext): Promise<SectionResult> {
  const { rows: all, skipped } = await loadLoopRows(context.dataDir);
  const limit = option(context.args, '--limit');
  const rows = sampleRows(all, limit === undefined ? undefined : Number(limit));
  context.log(`generate-loop: ${rows.length} rows (${skipped} NL2GQL rows skipped: gold invalid)`);
  const tables: BenchTable[] = [];
  const data: Record<string, unknown> = { rows: rows.length, skippedNl2gql: skipped };
  if (!context.args.includes('--real-only') && !context.args.includes('--windows-only')) {
    const result = await scripted(context, rows);
    tables.push(result.table);
    data['scripted'] = result.data;
  }
  const sizes = option(context.args, '--windows')?.split(',').map(Number);
  if (sizes && !context.args.includes('--real-only')) {
    const result = await windows(
      context,
      rows.filter((row) => row.dataset === 'search' || row.dataset === 'nl2gql'),
      sizes,
    );
    tables.push(result.table);
    data['windows'] = result.data;
  }
  const real = await realEndpointTables(context, all, option, runComposer);
  if (real) {
    tables.push(...real.tables);
    data['real'] = real.data;
  }
  return { tables, data };
}

registerSection({
  name: 'generate-loop',
  description: 'the model loop with a scripted perfect model (beside the previous release) and, when BENCH_LLM_BASE_URL is set, a real endpoint',
  run,
});
