/**
 * Named elements first: when a query names schema elements (name-mentions.ts),
 * those elements lead the list, whatever the word ranking and the read/write
 * priors say, in tiers:
 *   0. the exact coordinate, or an exact-case name;
 *   1. a case-folded name, or a field taking an argument / an enum holding a value of that name;
 *   2. (a one-name query) a name of the same words in another order (`createRefund` -> `refundCreate`);
 *   3. (a one-name query) names that start with it or contain all its words (`refund` -> `refundCreate`).
 * Within a tier, names closest in length to what was typed come first, then shallower elements.
 */
import { SYMBOL_KINDS } from '@discovery/schema-symbols';
import type { QueryMentions, NameMention } from './name-mentions.js';
import { nameLookup } from './name-lookup.js';
import type { NameLookup, PositionLookup } from './index-lookups.js';
import { coverage } from './name-term.cache.js';
import type { SearchIndex } from './search-index.js';
import { identifierTerms, splitIdentifier } from './tokenizer.js';
import { selectTop } from './top-k.js';

const TIERS = 4;
/** Most names taken from the prefix and word matches of a one-name query. */
const MAX_LOOSE = 60;
const FIELD = SYMBOL_KINDS.indexOf('field');
const INPUT_FIELD = SYMBOL_KINDS.indexOf('input_field');

const localName = (index: SearchIndex, i: number): string => {
  const s = index.symbols[i]!;
  return s.kind === 'field' || s.kind === 'input_field' ? s.name.slice(s.name.lastIndexOf('.') + 1) : s.name;
};

const ownerName = (index: SearchIndex, i: number): string | undefined => {
  const p = index.symbols[i]!.parent;
  return p === undefined ? undefined : p.slice(p.indexOf(':') + 1);
};

/** Tier lists (0 best) of the elements a query names; a position appears in its best tier only. */
export function namedTiers(index: SearchIndex, found: QueryMentions, candidates: ArrayLike<number>, scores: Float64Array): number[][] {
  const tiers: number[][] = Array.from({ length: TIERS }, () => []);
  const seen = new Set<number>();
  const put = (tier: number, positions: readonly number[] | undefined): void => {
    for (const i of positions ?? []) {
      if (!seen.has(i)) {
        seen.add(i);
        tiers[tier]!.push(i);
      }
    }
  };
  const lookup = nameLookup(index);
  for (const mention of found.mentions) resolveMention(index, lookup, mention, found.lookup, put);
  for (const word of found.folded ?? []) {
    // `pullrequest` in a sentence names `PullRequest`; a one-word name (`available`) stays a word.
    put(
      1,
      lookup.folded.get(word)?.filter((i) => splitIdentifier(localName(index, i)).length > 1),
    );
  }
  const only = found.mentions[0];
  if (found.lookup && only !== undefined && only.member === undefined && only.kind === undefined) {
    looseMatches(index, lookup, only.head, candidates, scores, put);
  }
  return tiers;
}

function resolveMention(index: SearchIndex, lookup: NameLookup, m: NameMention, whole: boolean, put: (tier: number, p?: readonly number[]) => void): void {
  if (m.kind !== undefined) {
    const exact = index.byCoordinate.get(`${m.kind}:${m.member === undefined ? m.head : `${m.head}.${m.member}`}`);
    if (exact !== undefined) {
      put(0, [exact]);
      return;
    }
  }
  if (m.member !== undefined) {
    const members = (map: PositionLookup, name: string, owner: string, fold: boolean): number[] =>
      (map.get(name) ?? []).filter((i) => {
        const o = ownerName(index, i);
        const k = index.structure.kind[i];
        return (k === FIELD || k === INPUT_FIELD) && o !== undefined && (fold ? o.toLowerCase() === owner : o === owner);
      });
    put(0, members(lookup.exact, m.member, m.head, false));
    put(1, members(lookup.folded, m.member.toLowerCase(), m.head.toLowerCase(), true));
    return;
  }
  put(0, lookup.exact.get(m.head));
  put(1, lookup.folded.get(m.head.toLowerCase()));
  put(1, lookup.inner.get(m.head));
  // Inside a sentence only exact names count; a one-name query also finds arguments and values by folded name.
  if (whole) put(2, lookup.innerFolded.get(m.head.toLowerCase()));
}

/** The two names are made of the same words (unstemmed, any order): `createRefund`, `refundCreate`. */
function sameWords(a: string, b: string): boolean {
  return splitIdentifier(a).sort().join(' ') === splitIdentifier(b).sort().join(' ');
}

/** Same words in another order (tier 2); prefix or all words contained (tier 3). */
function looseMatches(
  index: SearchIndex,
  lookup: NameLookup,
  typed: string,
  candidates: ArrayLike<number>,
  scores: Float64Array,
  put: (tier: number, p?: readonly number[]) => void,
): void {
  const terms = identifierTerms(typed);
  // A multi-word name ends with its compound (`createrefund`); matching is by its single words.
  const words = index.nameTerms.queryTermIds(terms.length > 1 ? terms.slice(0, -1) : terms);
  const same: number[] = [];
  const contained: number[] = [];
  if (words.length > 0) {
    for (let k = 0; k < candidates.length; k++) {
      const i = candidates[k]!;
      if (index.structure.kind[i] === SYMBOL_KINDS.indexOf('path')) continue;
      const own = index.nameTerms.ownTerms(i);
      if (coverage(words, own) < 1) continue;
      (coverage(own, words) === 1 && sameWords(localName(index, i), typed) ? same : contained).push(i);
    }
  }
  put(2, same);
  // Names holding the typed words can be thousands (`order`): the best-scored few are ordered.
  const kept = contained.length <= MAX_LOOSE ? contained : selectTop(contained, scores, MAX_LOOSE);
  const loose = [...lookup.withPrefix(typed.toLowerCase(), MAX_LOOSE), ...kept];
  put(3, closestFirst(index, loose, typed).slice(0, MAX_LOOSE));
}

/**
 * Orders positions: names that hold every typed word as a word of their own (`updateMood` for
 * `update`, not `updatedAt`) first, then by how close the name's length is to the typed one, then
 * depth, then position.
 */
function closestFirst(index: SearchIndex, positions: number[], typed: string): number[] {
  const typedWords = splitIdentifier(typed);
  const key = (i: number): number => {
    const name = localName(index, i);
    const words = splitIdentifier(name);
    const whole = typedWords.every((w) => words.includes(w)) ? 0 : 1e6;
    return whole + Math.abs(name.length - typed.length) * 1000 + index.structure.depth[i]!;
  };
  const keys = new Map(positions.map((i) => [i, key(i)]));
  return positions.sort((a, b) => keys.get(a)! - keys.get(b)! || a - b);
}

/**
 * Puts the named elements above every other hit (scores returned by `score`), tier by tier; `admit`
 * says whether a position passes the request's filters and adds it to the ranked set.
 */
export function promoteNamed(index: SearchIndex, tiers: readonly number[][], scores: Float64Array, best: number, admit: (i: number) => boolean): void {
  const top = best > 0 ? best : 1;
  tiers.forEach((tier, t) => {
    // Tier 3 comes ordered by closeness to the typed name; the others go output fields first, then shallowest.
    const { depth, kind } = index.structure;
    const kindRank = (i: number): number => (kind[i] === FIELD ? 0 : kind[i] === INPUT_FIELD ? 1 : 2);
    const ordered = t === 3 ? tier : [...tier].sort((a, b) => kindRank(a) - kindRank(b) || depth[a]! - depth[b]! || a - b);
    ordered.forEach((i, rank) => {
      if (!admit(i)) return;
      scores[i] = top * (1 + (TIERS - t)) + (top * 0.5) / (1 + rank);
    });
  });
}
