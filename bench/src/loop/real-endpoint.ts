/**
 * The generate-loop section against a real endpoint (BENCH_LLM_BASE_URL, BENCH_LLM_MODEL,
 * BENCH_LLM_API_KEY): a few rows per schema, at each window asked for, with the composer on the
 * same rows beside it. A bench reads its own settings from the environment; the product never
 * does (libs/config).
 */
import type { BenchContext, BenchTable } from '../bench-section.js';
import { median } from '../sections/generate-slice-coverage.js';
import type { LoopRow } from './loop-rows.js';
import { CurrentLoop, type RowResult } from './loop-runner.js';

type Option = (args: readonly string[], name: string) => string | undefined;
type Composer = (row: LoopRow) => Promise<{ valid: boolean; covered: boolean; seconds: number }>;

function pick(rows: readonly LoopRow[], perSchema: number, schemas: readonly string[] | undefined): LoopRow[] {
  const chosen: LoopRow[] = [];
  const counts = new Map<string, number>();
  const groups = new Map<string, LoopRow[]>();
  for (const row of rows) groups.set(`${row.dataset}|${row.schema}`, [...(groups.get(`${row.dataset}|${row.schema}`) ?? []), row]);
  for (const [key, group] of groups) {
    const schema = key.split('|')[1] as string;
    if (schemas && !schemas.includes(schema)) continue;
    const step = Math.max(1, Math.floor(group.length / perSchema));
    for (let i = 0; i < group.length && (counts.get(key) ?? 0) < perSchema; i += step) {
      chosen.push(group[i] as LoopRow);
      counts.set(key, (counts.get(key) ?? 0) + 1);
    }
  }
  return chosen;
}

export async function realEndpointTables(
  context: BenchContext,
  rows: readonly LoopRow[],
  option: Option,
  composer: Composer,
): Promise<{ tables: BenchTable[]; data: unknown } | undefined> {
  const baseUrl = process.env['BENCH_LLM_BASE_URL'];
  const model = process.env['BENCH_LLM_MODEL'];
  if (!baseUrl || !model) {
    context.log('generate-loop: BENCH_LLM_BASE_URL / BENCH_LLM_MODEL not set: no real endpoint measured');
    return undefined;
  }
  const perSchema = Number(option(context.args, '--real-rows') ?? 5);
  const schemas = option(context.args, '--real-schemas')?.split(',');
  const contexts = option(context.args, '--contexts')?.split(',').map(Number) ?? [undefined];
  const timeoutMs = Number(option(context.args, '--real-timeout-ms') ?? 600_000);
  const chosen = pick(rows, perSchema, schemas);
  const apiKey = process.env['BENCH_LLM_API_KEY'];
  const results: { window: string; result: RowResult; composer: Awaited<ReturnType<Composer>> }[] = [];
  for (const window of contexts) {
    const loop = new CurrentLoop({
      baseUrl,
      model,
      ...(apiKey ? { apiKey } : {}),
      maxTurns: Number(option(context.args, '--real-turns') ?? 4),
      timeoutMs,
      callTimeoutMs: timeoutMs,
      ...(window !== undefined ? { contextTokens: window } : {}),
      ...(option(context.args, '--max-output') ? { maxOutputTokens: Number(option(context.args, '--max-output')) } : {}),
    });
    for (const [n, row] of chosen.entries()) {
      const result = await loop.run(row);
      results.push({ window: window === undefined ? 'reported' : String(window), result, composer: await composer(row) });
      context.log(
        `generate-loop (real, window ${window ?? 'reported'}): ${n + 1}/${chosen.length} ${row.dataset}/${row.schema}: valid ${result.valid}, covered ${result.covered}, ${result.turns} turns, ${result.seconds.toFixed(1)} s${result.fallback ? ' (composer fallback)' : ''}`,
      );
    }
  }
  const groups = new Map<string, typeof results>();
  for (const entry of results) {
    for (const key of [`${entry.window}|${entry.result.row.dataset}|${entry.result.row.schema}`, `${entry.window}|all|all`]) {
      groups.set(key, [...(groups.get(key) ?? []), entry]);
    }
  }
  const pct = (n: number, of: number): number => Number(((100 * n) / Math.max(1, of)).toFixed(1));
  const tableRows = [...groups].map(([key, group]) => {
    const [window, dataset, schema] = key.split('|') as [string, string, string];
    const r = group.map((g) => g.result);
    const operations = r.reduce((sum, x) => sum + x.operations, 0);
    const ownTokens = r.reduce((sum, x) => sum + x.promptTokens + x.completionTokens, 0);
    return [
      window,
      dataset,
      schema,
      r.length,
      pct(r.filter((x) => x.valid).length, r.length),
      pct(r.filter((x) => x.covered).length, r.length),
      pct(r.filter((x) => x.fallback).length, r.length),
      Number((r.reduce((s, x) => s + x.turns, 0) / r.length).toFixed(2)),
      median(r.map((x) => x.promptTokens)),
      median(r.map((x) => x.completionTokens)),
      median(r.map((x) => x.usagePrompt)),
      median(r.map((x) => x.usageCompletion)),
      operations === 0 ? 'n/a' : Math.round(ownTokens / operations),
      Number(median(r.map((x) => x.seconds)).toFixed(1)),
      pct(group.filter((g) => g.composer.valid).length, group.length),
      pct(group.filter((g) => g.composer.covered).length, group.length),
      Number(median(group.map((g) => g.composer.seconds * 1000)).toFixed(1)),
    ];
  });
  const table: BenchTable = {
    title: `model loop against ${model} at ${baseUrl} (a few rows per schema), beside the composer on the same rows`,
    columns: [
      'window',
      'dataset',
      'schema',
      'rows',
      'valid %',
      'gold covered %',
      'composer fallback %',
      'turns/row',
      'prompt tok (o200k, p50)',
      'completion tok (o200k, p50)',
      'prompt tok (model, p50)',
      'completion tok (model, p50)',
      'o200k tok per operation',
      's/row (p50)',
      'composer valid %',
      'composer covered %',
      'composer ms (p50)',
    ],
    rows: tableRows,
  };
  return {
    tables: [table],
    data: results.map(({ window, result, composer: c }) => ({
      window,
      id: result.row.id,
      dataset: result.row.dataset,
      schema: result.row.schema,
      ...omitRow(result),
      composer: c,
    })),
  };
}

function omitRow(result: RowResult): Omit<RowResult, 'row'> {
  const { row: _row, ...rest } = result;
  return rest;
}
