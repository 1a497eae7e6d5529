/**
 * Figures the issue reports for re-implementations of what peers ship,
 * measured on this same split (issue 3's table), so every run prints our
 * figures next to them. Static numbers: they are not re-measured here.
 */
import type { BenchTable } from '../bench-section.js';
import type { GroupFigures } from './quality-report.js';

const REFERENCE: readonly [string, number, number, number, number, number, number, number][] = [
  ['substring match on names (Shopify dev-mcp style)', 36.8, 46.8, 59.1, 38.1, 50.1, 13.9, 48.6],
  ['BM25 over fields / depth (Grafbase style)', 30.3, 41.9, 55.5, 43.7, 55.8, 20.2, 76.9],
  ['BM25 over types + root paths (Apollo style)', 15.3, 26.2, 42.9, 26.0, 42.3, 16.3, 1.4],
  ['USE-Lite embedding k-NN', 14.4, 20.6, 27.3, 23.3, 31.5, 4.8, 52.6],
  ['rank fusion of BM25 over fields and USE-Lite k-NN', 25.7, 35.9, 52.8, 41.0, 54.5, 15.9, 72.6],
];

/** The reference rows plus our overall figures in the same columns. */
export function referenceTable(ours: GroupFigures): BenchTable {
  const row = (f: GroupFigures): number[] => [
    f.recall['@10']!,
    f.recall['@20']!,
    f.recall['@50']!,
    f.coverage['@20']!,
    f.coverage['@50']!,
    f.perfect['@50']!,
    f.mutationsAt50,
  ];
  return {
    title: 'against the issue reference systems (all rows; reference figures quoted from issue 3)',
    columns: ['system', 'R@10', 'R@20', 'R@50', 'Cov@20', 'Cov@50', 'Perf@50', 'Mut@50 %'],
    rows: [...REFERENCE.map((r) => [...r]), ['ours (words)', ...row(ours)]],
  };
}
