/**
 * The ways an agent asks, beyond read questions: an exact field name, a
 * coordinate, a request to change data; and the guard that read questions keep
 * mutations out. Each figure is computed for any ranker (query -> coordinates),
 * so ours and the baselines are measured on the same probes in one run.
 */
import type { BenchTable } from '../bench-section.js';
import type { EvalRow } from './eval-dataset.js';
import type { NameProbe } from './name-probes.js';
import { writeRowFound, type WriteRow } from './write-intent.js';

/** A system under test: the ranked coordinates of an unfiltered search (at least 20). */
export type QueryRanker = (query: string) => string[];

export interface IntentFigures {
  probes: number;
  /** % of probes whose bare name puts the field first. */
  nameFirst: number;
  /** The same, mutation fields only. */
  mutationNameFirst: number;
  /** % of probes whose `Type.field` puts the field first. */
  coordinateFirst: number;
  writeRows: number;
  /** % of write rows with a target in the top 10; per style. */
  writeTop10: number;
  writeByStyle: Record<string, number>;
  readRows: number;
  /** % of read rows with a mutation field in the top 20. */
  readMutationAt20: number;
}

const pct = (hits: number, total: number): number => (total === 0 ? Number.NaN : (100 * hits) / total);

/** Figures for one schema and one system. */
export function intentFigures(
  rank: QueryRanker,
  probes: readonly NameProbe[],
  writeRows: readonly WriteRow[],
  readRows: readonly EvalRow[],
  mutationRoot: string | undefined,
): IntentFigures {
  const first = (q: string): string | undefined => rank(q)[0];
  const nameHits = probes.map((p) => first(p.name) === p.coordinate);
  const mutationHits = nameHits.filter((_, i) => probes[i]!.mutation);
  const coordinateHits = probes.filter((p) => first(p.typeDotField) === p.coordinate).length;
  const found = writeRows.map((r) => writeRowFound(r, rank(r.query)));
  const writeByStyle: Record<string, number> = {};
  for (const style of ['nl', 'kw', 'name']) {
    const mine = found.filter((_, i) => writeRows[i]!.style === style);
    writeByStyle[style] = pct(mine.filter(Boolean).length, mine.length);
  }
  const prefix = mutationRoot === undefined ? undefined : `field:${mutationRoot}.`;
  const leaks =
    prefix === undefined
      ? 0
      : readRows.filter((r) =>
          rank(r.query)
            .slice(0, 20)
            .some((c) => c.startsWith(prefix)),
        ).length;
  return {
    probes: probes.length,
    nameFirst: pct(nameHits.filter(Boolean).length, probes.length),
    mutationNameFirst: pct(mutationHits.filter(Boolean).length, mutationHits.length),
    coordinateFirst: pct(coordinateHits, probes.length),
    writeRows: writeRows.length,
    writeTop10: pct(found.filter(Boolean).length, found.length),
    writeByStyle,
    readRows: readRows.length,
    readMutationAt20: pct(leaks, readRows.length),
  };
}

/** Sums per-schema figures into an overall line (weighted by counts). */
export function combineIntentFigures(parts: readonly IntentFigures[]): IntentFigures {
  const weighted = (value: (f: IntentFigures) => number, weight: (f: IntentFigures) => number): number => {
    const kept = parts.filter((f) => !Number.isNaN(value(f)) && weight(f) > 0);
    const total = kept.reduce((a, f) => a + weight(f), 0);
    return total === 0 ? Number.NaN : kept.reduce((a, f) => a + value(f) * weight(f), 0) / total;
  };
  const mutationProbes = (f: IntentFigures): number => (Number.isNaN(f.mutationNameFirst) ? 0 : Math.floor(f.probes / 3));
  const styleWeight =
    (style: string) =>
    (f: IntentFigures): number =>
      Number.isNaN(f.writeByStyle[style]!) ? 0 : f.writeRows;
  return {
    probes: parts.reduce((a, f) => a + f.probes, 0),
    nameFirst: weighted(
      (f) => f.nameFirst,
      (f) => f.probes,
    ),
    mutationNameFirst: weighted((f) => f.mutationNameFirst, mutationProbes),
    coordinateFirst: weighted(
      (f) => f.coordinateFirst,
      (f) => f.probes,
    ),
    writeRows: parts.reduce((a, f) => a + f.writeRows, 0),
    writeTop10: weighted(
      (f) => f.writeTop10,
      (f) => f.writeRows,
    ),
    writeByStyle: Object.fromEntries(['nl', 'kw', 'name'].map((s) => [s, weighted((f) => f.writeByStyle[s]!, styleWeight(s))])),
    readRows: parts.reduce((a, f) => a + f.readRows, 0),
    readMutationAt20: weighted(
      (f) => f.readMutationAt20,
      (f) => f.readRows,
    ),
  };
}

const show = (v: number): string | number => (Number.isNaN(v) ? '-' : Math.round(v * 10) / 10);

/** One line per (group, system). */
export function intentTable(title: string, lines: readonly { group: string; system: string; figures: IntentFigures }[]): BenchTable {
  return {
    title,
    columns: [
      'group',
      'system',
      'probes',
      'name 1st',
      'mutation name 1st',
      'Type.field 1st',
      'write rows',
      'write @10',
      'nl @10',
      'kw @10',
      'name @10',
      'read rows',
      'read w/ mutation @20 %',
    ],
    rows: lines.map(({ group, system, figures: f }) => [
      group,
      system,
      f.probes,
      show(f.nameFirst),
      show(f.mutationNameFirst),
      show(f.coordinateFirst),
      f.writeRows,
      show(f.writeTop10),
      show(f.writeByStyle['nl']!),
      show(f.writeByStyle['kw']!),
      show(f.writeByStyle['name']!),
      f.readRows,
      show(f.readMutationAt20),
    ]),
  };
}
