/** Formats benchmark tables as aligned plain text (numbers right-aligned). */
import type { BenchTable } from './bench-section.js';

export function formatTable(table: BenchTable): string {
  const cells = [table.columns, ...table.rows.map((r) => r.map((c) => (typeof c === 'number' ? formatNumber(c) : c)))];
  const widths = table.columns.map((_, col) => Math.max(...cells.map((r) => String(r[col] ?? '').length)));
  const numeric = table.columns.map((_, col) => table.rows.every((r) => typeof r[col] === 'number'));
  const line = (row: (string | number)[]): string =>
    row
      .map((c, col) => (numeric[col] ? String(c).padStart(widths[col]!) : String(c).padEnd(widths[col]!)))
      .join('  ')
      .trimEnd();
  const rule = widths.map((w) => '-'.repeat(w)).join('  ');
  return [`## ${table.title}`, line(cells[0]!), rule, ...cells.slice(1).map(line)].join('\n');
}

function formatNumber(n: number): string {
  if (Number.isInteger(n)) return String(n);
  return Math.abs(n) >= 100 ? n.toFixed(0) : Math.abs(n) >= 10 ? n.toFixed(1) : n.toFixed(2);
}
