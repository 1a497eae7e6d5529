/**
 * Runs every evaluation row through one system (a ranker) and aggregates the
 * figures overall, per schema, and for natural-language versus keyword rows.
 */
import { isKeywordRow, type EvalRow } from './eval-dataset.js';
import { aggregate, type GroupFigures } from './quality-report.js';
import { scoreRow, type RankedLists, type RowScores } from './quality-metrics.js';

/** A system under test: ranks for one row of one schema. */
export type Ranker = (row: EvalRow) => RankedLists;

export interface SystemRun {
  groups: Record<string, GroupFigures>;
  rows: { id: string; scores: RowScores }[];
}

/** Group names: `all`, `schema:<id>`, `natural`, `keyword`. */
export function evaluateSystem(
  rows: readonly EvalRow[],
  rankerFor: (schemaId: string) => Ranker,
  mutationRootOf: (schemaId: string) => string | undefined,
): SystemRun {
  const scored = rows.map((row) => ({ row, scores: scoreRow(row, rankerFor(row.schemaId)(row), mutationRootOf(row.schemaId)) }));
  const groups: Record<string, GroupFigures> = { all: aggregate(scored.map((s) => s.scores)) };
  for (const schemaId of [...new Set(rows.map((r) => r.schemaId))]) {
    groups[`schema:${schemaId}`] = aggregate(scored.filter((s) => s.row.schemaId === schemaId).map((s) => s.scores));
  }
  groups['natural'] = aggregate(scored.filter((s) => !isKeywordRow(s.row)).map((s) => s.scores));
  groups['keyword'] = aggregate(scored.filter((s) => isKeywordRow(s.row)).map((s) => s.scores));
  return { groups, rows: scored.map((s) => ({ id: s.row.id, scores: s.scores })) };
}
