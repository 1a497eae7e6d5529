/**
 * Verb classes (action-lexicon.ts VERB_CLASSES) of a request and of a schema's mutations, as bit
 * masks: a request to change data and a mutation agree when they share a class ("Decline order
 * 10026" and `rejectOrder`; "Run the flaky job again" and `jobTypeCommandRetry`): in the second
 * stage a word of a mutation's name that is a verb of the request's classes counts as named by the
 * request (rerank.ts; docs/search-quality.md "Verb classes").
 */
import { VERB_CLASSES } from './action-lexicon.js';
import { stem } from './tokenizer.js';

/** Stemmed words (and phrases, stems joined by a space) -> the classes they belong to. */
const CLASS_OF: ReadonlyMap<string, number> = (() => {
  const byWords = new Map<string, number>();
  Object.values(VERB_CLASSES).forEach((verbs, k) => {
    for (const verb of verbs) {
      const key = verb.split(' ').map(stem).join(' ');
      byWords.set(key, (byWords.get(key) ?? 0) | (1 << k));
    }
  });
  return byWords;
})();

/** The classes of a verb or a phrasal verb as typed (`decline`, `turn down`); 0 when in none. */
export function verbClassMask(verb: string): number {
  return CLASS_OF.get(verb.toLowerCase().split(/\s+/).map(stem).join(' ')) ?? 0;
}

/** The classes of a request's verbs (write-intent.ts: the words that open its clauses, with their particles). */
export function requestClassMask(verbs: readonly string[]): number {
  let mask = 0;
  for (const verb of verbs) mask |= verbClassMask(verb);
  return mask;
}

const MEMBERS = new Map<number, readonly string[]>();

/** The stems of the one-word verbs of the classes in `mask` (`create` -> create, add, new, make, ...). */
export function classVerbStems(mask: number): readonly string[] {
  let stems = MEMBERS.get(mask);
  if (stems === undefined) {
    const found = new Set<string>();
    Object.values(VERB_CLASSES).forEach((verbs, k) => {
      if ((mask & (1 << k)) !== 0) for (const verb of verbs) if (!verb.includes(' ')) found.add(stem(verb));
    });
    stems = [...found];
    MEMBERS.set(mask, stems);
  }
  return stems;
}
