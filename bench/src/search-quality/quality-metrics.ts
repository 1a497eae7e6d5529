/**
 * Search-quality metrics for one row, from a ranker's top hits (coordinates
 * `kind:Name`). Counting rules (also in docs/search-quality.md):
 * - field recall@K: share of targetFields `T.f` whose `field:T.f` is among the
 *   top K of the search with kinds ["field"];
 * - mustInclude coverage@K, over the top K of an unfiltered search: `T.f` counts
 *   when `field:T.f` (or `input_field:T.f`) is returned; `T.f(arg:)` counts when
 *   its field `T.f` is returned; a bare type `T` counts when a type symbol of that
 *   name (`object:T`, `interface:T`, ...) is returned. Path symbols cover nothing;
 * - perfect@K: the row's coverage is complete;
 * - mustExclude@K: the top K contains a mustExclude coordinate; `Mutation` means
 *   any field of the schema's mutation root type.
 */
import type { EvalRow } from './eval-dataset.js';

export const KS = [10, 20, 50] as const;
export type K = (typeof KS)[number];

export interface RankedLists {
  /** Coordinates of the top hits of the kinds ["field"] search, best first (at least 50 asked). */
  fieldHits: readonly string[];
  /** Coordinates of the top hits of the unfiltered search, best first. */
  allHits: readonly string[];
}

export interface RowScores {
  recall: Record<K, number | undefined>;
  coverage: Record<K, number | undefined>;
  perfect: Record<K, boolean | undefined>;
  excludedAt20: boolean;
  /** Mutation root fields among the top 50 of the unfiltered search. */
  mutationsAt50: number;
}

/** Scores one row. `mutationRoot` is the name of the schema's mutation type, if any. */
export function scoreRow(row: EvalRow, lists: RankedLists, mutationRoot: string | undefined): RowScores {
  const recall = {} as Record<K, number | undefined>;
  const coverage = {} as Record<K, number | undefined>;
  const perfect = {} as Record<K, boolean | undefined>;
  for (const k of KS) {
    const fields = new Set(lists.fieldHits.slice(0, k));
    recall[k] = row.targetFields.length === 0 ? undefined : row.targetFields.filter((t) => fields.has(`field:${t}`)).length / row.targetFields.length;
    const covered = coveredSet(lists.allHits.slice(0, k));
    if (row.mustInclude.length === 0) {
      coverage[k] = undefined;
      perfect[k] = undefined;
    } else {
      const share = row.mustInclude.filter((c) => isCovered(c, covered)).length / row.mustInclude.length;
      coverage[k] = share;
      perfect[k] = share === 1;
    }
  }
  const top20 = lists.allHits.slice(0, 20);
  const isMutation = (c: string): boolean => mutationRoot !== undefined && c.startsWith(`field:${mutationRoot}.`);
  return {
    recall,
    coverage,
    perfect,
    excludedAt20: row.mustExclude.some((ex) => top20.some((c) => matchesExclusion(c, ex, isMutation))),
    mutationsAt50: lists.allHits.slice(0, 50).filter(isMutation).length,
  };
}

/** Names a top list covers: `T.f` for fields and input fields, `T` for types. */
function coveredSet(coordinates: readonly string[]): Set<string> {
  const names = new Set<string>();
  for (const c of coordinates) {
    const colon = c.indexOf(':');
    const kind = c.slice(0, colon);
    if (kind === 'path') continue;
    names.add(c.slice(colon + 1));
    if (kind !== 'field' && kind !== 'input_field') names.add(`type:${c.slice(colon + 1)}`);
  }
  return names;
}

function isCovered(coordinate: string, covered: Set<string>): boolean {
  const paren = coordinate.indexOf('(');
  if (paren >= 0) return covered.has(coordinate.slice(0, paren));
  if (!coordinate.includes('.')) return covered.has(`type:${coordinate}`);
  return covered.has(coordinate);
}

function matchesExclusion(hit: string, exclusion: string, isMutation: (c: string) => boolean): boolean {
  if (exclusion === 'Mutation') return isMutation(hit);
  const name = hit.slice(hit.indexOf(':') + 1);
  return name === exclusion;
}
