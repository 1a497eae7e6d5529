/**
 * Member expansion: an answer that selects a field usually selects what
 * identifies the thing it returns (`Commit.author` -> `GitActor.name`), and a
 * connection is read through its `nodes`. The best field hits lend part of
 * their score to those members of the type they return (and, through a
 * connection's `nodes`, of the entity type), which joins them to the ranking.
 */
import { SYMBOL_KINDS } from '@discovery/schema-symbols';
import type { RankingOptions } from './ranking-options.js';
import type { SearchIndex } from './search-index.js';
import { topK } from './top-k.js';

const FIELD = SYMBOL_KINDS.indexOf('field');

/**
 * Adds expansion credit to `scores` from the best `expansionSources` field hits among `head`;
 * returns the positions that gained credit and pass `filter`.
 */
export function expandMembers(
  index: SearchIndex,
  head: readonly number[],
  scores: Float64Array,
  write: boolean,
  filter: ((i: number) => boolean) | undefined,
  o: Readonly<RankingOptions>,
): number[] {
  if (o.expansionWeight === 0 || write) return [];
  const { kind, type } = index.structure;
  const { label, listMember } = index.nameTerms;
  const sources = topK(
    head.filter((i) => kind[i] === FIELD && type[i]! >= 0),
    scores,
    o.expansionSources,
  );
  const credit = new Map<number, number>();
  const give = (i: number, amount: number): void => {
    if (filter === undefined || filter(i)) credit.set(i, Math.max(credit.get(i) ?? 0, amount));
  };
  for (const f of sources) {
    const amount = o.expansionWeight * scores[f]!;
    for (const m of index.members[type[f]!]!) {
      if (label[m] === 1) give(m, amount);
      else if (listMember[m] === 1 && type[m]! >= 0) {
        give(m, amount);
        for (const n of index.members[type[m]!]!) if (label[n] === 1) give(n, amount * o.expansionDecay);
      }
    }
  }
  for (const [i, amount] of credit) scores[i]! += amount;
  return [...credit.keys()];
}
