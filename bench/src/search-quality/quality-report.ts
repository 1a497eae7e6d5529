/**
 * Aggregates row scores into figures (macro averages, in percent) for a group
 * of rows, and lays them out as benchmark tables with ratios to the baseline.
 */
import type { BenchTable } from '../bench-section.js';
import { KS, type RowScores } from './quality-metrics.js';

export interface GroupFigures {
  rows: number;
  recall: Record<string, number>;
  coverage: Record<string, number>;
  perfect: Record<string, number>;
  /** % of rows whose top 20 holds a mustExclude coordinate. */
  excludedAt20: number;
  /** % of rows whose top 50 holds any mutation field. */
  mutationsAt50: number;
}

function mean(values: readonly number[]): number {
  return values.length === 0 ? 0 : (100 * values.reduce((a, b) => a + b, 0)) / values.length;
}

export function aggregate(scores: readonly RowScores[]): GroupFigures {
  const recall: Record<string, number> = {};
  const coverage: Record<string, number> = {};
  const perfect: Record<string, number> = {};
  for (const k of KS) {
    recall[`@${k}`] = mean(scores.map((s) => s.recall[k]).filter((v): v is number => v !== undefined));
    coverage[`@${k}`] = mean(scores.map((s) => s.coverage[k]).filter((v): v is number => v !== undefined));
    perfect[`@${k}`] = mean(
      scores
        .map((s) => s.perfect[k])
        .filter((v): v is boolean => v !== undefined)
        .map((v) => (v ? 1 : 0)),
    );
  }
  return {
    rows: scores.length,
    recall,
    coverage,
    perfect,
    excludedAt20: mean(scores.map((s) => (s.excludedAt20 ? 1 : 0))),
    mutationsAt50: mean(scores.map((s) => (s.mutationsAt50 > 0 ? 1 : 0))),
  };
}

const COLUMNS = ['R@10', 'R@20', 'R@50', 'Cov@10', 'Cov@20', 'Cov@50', 'Perf@20', 'Perf@50', 'Excl@20 %', 'Mut@50 %'];

function figureRow(f: GroupFigures): number[] {
  return [
    f.recall['@10']!,
    f.recall['@20']!,
    f.recall['@50']!,
    f.coverage['@10']!,
    f.coverage['@20']!,
    f.coverage['@50']!,
    f.perfect['@20']!,
    f.perfect['@50']!,
    f.excludedAt20,
    f.mutationsAt50,
  ];
}

/** One table: a line per (group, system), plus the ratio of each system to the baseline. */
export function qualityTable(
  title: string,
  groups: readonly { group: string; systems: readonly { system: string; figures: GroupFigures }[] }[],
  baseline: string,
): BenchTable {
  const rows: (string | number)[][] = [];
  for (const { group, systems } of groups) {
    const base = systems.find((s) => s.system === baseline);
    for (const { system, figures } of systems) {
      rows.push([group, system, figures.rows, ...figureRow(figures)]);
      if (base !== undefined && system !== baseline) {
        const ratios = figureRow(figures).map((v, i) => {
          const b = figureRow(base.figures)[i]!;
          return b === 0 ? (v === 0 ? 1 : Number.POSITIVE_INFINITY) : v / b;
        });
        rows.push([group, `  ratio to ${baseline}`, '', ...ratios.map((r) => (Number.isFinite(r) ? `x${r.toFixed(2)}` : 'n/a'))]);
      }
    }
  }
  return { title, columns: ['group', 'system', 'rows', ...COLUMNS], rows };
}
