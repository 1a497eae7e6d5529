/**
 * Second stage of a search, on the best candidates (and the query root fields) only: how much of a
 * member's own name and of its owning type's name the query explains
 * (coverage), how central the owning type is in the schema (how many fields
 * lead to it), and which few query root fields are kept as entry points. Identifying fields
 * (`name`, `title`) are boosted for questions that read, not for writes.
 */
import { SYMBOL_KINDS } from '@discovery/schema-symbols';
import type { RankingOptions } from './ranking-options.js';
import type { SearchIndex } from './search-index.js';
import { SymbolFlag } from './search-index.js';
import { coverage, type NameTermCache } from './name-term.cache.js';
import { kthSmallest, topK } from './top-k.js';

/** The request's verb classes (verb-classes.ts) and the term ids of their verbs. */
export interface VerbMatch {
  classes: number;
  terms: Int32Array;
}

const FIELD = SYMBOL_KINDS.indexOf('field');
const INPUT_FIELD = SYMBOL_KINDS.indexOf('input_field');

/** Rescores `top` (in any order) in place in `scores`; returns the entry root fields chosen (some may be new). */
export function rerank(
  index: SearchIndex,
  queryTerms: Int32Array,
  write: boolean,
  top: readonly number[],
  scores: Float64Array,
  o: Readonly<RankingOptions>,
  verb?: VerbMatch,
): number[] {
  const writeTerms = verb === undefined ? queryTerms : Int32Array.from([...queryTerms, ...verb.terms]);
  const { kind, parent, flags, depth } = index.structure;
  const importance = index.importance;
  const cache: NameTermCache = index.nameTerms;
  const roots: { i: number; score: number }[] = [];
  for (const i of top) {
    const k = kind[i]!;
    let factor = o.nameCoverageWeight === 0 ? 1 : 1 + o.nameCoverageWeight * coverage(cache.ownTerms(i), queryTerms);
    if (k === FIELD || k === INPUT_FIELD) {
      const p = parent[i]!;
      // The owner's name words are the owning type symbol's own (one list per type, shared by its members).
      const ownerCoverage = coverage(p >= 0 ? cache.ownTerms(p) : cache.ownerTerms(i), queryTerms);
      factor *= 1 + o.parentCoverageWeight * ownerCoverage;
      if (!write && ownerCoverage === 1 && cache.label[i] === 1) factor *= o.labelFactor;
      if (p >= 0) factor *= 1 + o.importanceWeight * importance[p]!;
      if (write && (flags[i]! & SymbolFlag.MutationField) !== 0) {
        // A mutation's owner is the mutation root; what it acts on is in its own name (`closeIssue`).
        // With `verbTerms` (the request's verb classes, verb-classes.ts), `decline` names `rejectOrder`'s `reject`.
        factor *= 1 + o.writeNameCoverageWeight * coverage(cache.ownTerms(i), writeTerms);
      }
      if (k === FIELD && depth[i] === 0 && (flags[i]! & SymbolFlag.MutationField) === 0) {
        const t = index.structure.type[i]!;
        const entity = coverage(cache.returnedTerms(i), queryTerms) * (1 + (t >= 0 ? importance[t]! : 0));
        roots.push({ i, score: scores[i]! * factor * (1 + o.rootEntityWeight * entity) });
      }
    }
    scores[i]! *= factor;
  }
  if (o.entryVoteWeight > 0) addEntryVotes(index, top, roots, scores, o);
  return placeEntryPoints(top, roots, scores, o);
}

/**
 * The best hits vote for the query root fields that open their owning type (entry-points.ts);
 * root fields that gain votes join the contest for the entry slots.
 */
function addEntryVotes(
  index: SearchIndex,
  top: readonly number[],
  roots: { i: number; score: number }[],
  scores: Float64Array,
  o: Readonly<RankingOptions>,
): void {
  const { kind, parent, depth } = index.structure;
  const voters = topK(
    top.filter((i) => depth[i] !== 0),
    scores,
    o.entryVoters,
  );
  let total = 0;
  for (const i of voters) total += scores[i]!;
  if (total === 0) return;
  const { fields, openedBy } = index.rootReach;
  // Votes per root field, summed in voter order.
  const votes = new Float64Array(fields.length);
  for (const i of voters) {
    const owner = kind[i] === FIELD || kind[i] === INPUT_FIELD ? parent[i]! : i;
    if (owner < 0) continue;
    const opening = openedBy.get(owner);
    if (opening !== undefined) for (const k of opening) votes[k]! += scores[i]!;
  }
  const byField = new Map(roots.map((r) => [r.i, r]));
  const best = Math.max(0, ...roots.map((r) => r.score)) || scores[voters[0]!]! * 0.01;
  for (let k = 0; k < fields.length; k++) {
    if (votes[k] === 0) continue;
    const gain = o.entryVoteWeight * best * (votes[k]! / total);
    const known = byField.get(fields[k]!);
    if (known !== undefined) known.score += gain;
    else roots.push({ i: fields[k]!, score: gain });
  }
}

/**
 * Entry points: the best few query root fields (by their score times how fully the query names the
 * entity they return) are kept at least at fixed ranks of the list (rootFieldPositions), since
 * every answer starts from one; a root field that scores higher on its own keeps its own place.
 */
function placeEntryPoints(top: readonly number[], roots: { i: number; score: number }[], scores: Float64Array, o: Readonly<RankingOptions>): number[] {
  roots.sort((a, b) => b.score - a.score || a.i - b.i);
  const chosen = roots.slice(0, Math.min(o.rootFieldSlots, o.rootFieldPositions.length));
  if (chosen.length === 0) return [];
  const isChosen = new Set(chosen.map((r) => r.i));
  // The other hits' scores; the j-th best is found by selection (a handful of ranks is asked for).
  const others = new Float64Array(top.length);
  let count = 0;
  let last = Infinity;
  for (const i of top) {
    if (isChosen.has(i)) continue;
    const s = scores[i]!;
    others[count++] = s;
    if (s < last) last = s;
  }
  if (count === 0) last = 1;
  chosen.forEach(({ i }, rank) => {
    // Short lists: the entry point goes below the last other hit.
    const j = o.rootFieldPositions[rank]!;
    const at = j < count ? kthSmallest(others, count, count - 1 - j) : undefined;
    const floor = at === undefined ? last * (0.5 - rank * 1e-3) : at * (1.001 - rank * 1e-4);
    scores[i] = Math.max(scores[i]!, floor);
  });
  return chosen.map((r) => r.i);
}
