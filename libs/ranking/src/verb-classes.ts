/**
 * Verb classes (action-lexicon.ts VERB_CLASSES) of a request and of a schema's mutations, as bit
 * masks: a request to change data and a mutation agree when they share a class ("Decline order
 * 10026" and `rejectOrder`; "Run the flaky job again" and `jobTypeCommandRetry`). A mutation's
 * classes come from the words of its own name and the first word of its description ("Pause an
 * agent, ...", "Adds an emoji award ..."), read once per index from the symbols it holds
 * (docs/search-quality.md "Verb classes").
 */
import { SymbolFlag, type SearchIndex } from './search-index.js';
import { VERB_CLASSES } from './action-lexicon.js';
import { splitIdentifier, stem } from './tokenizer.js';

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

const computed = new WeakMap<SearchIndex, ReadonlyMap<number, number>>();

/** First word of a description, lower case (`Pauses` of "Pauses an agent"). */
function firstWord(description: string | undefined): string | undefined {
  return description?.match(/^\s*([A-Za-z]+)/)?.[1]?.toLowerCase();
}

function build(index: SearchIndex): ReadonlyMap<number, number> {
  const masks = new Map<number, number>();
  const { flags } = index.structure;
  index.symbols.forEach((symbol, i) => {
    if ((flags[i]! & SymbolFlag.MutationField) === 0 || symbol.kind !== 'field') return;
    let mask = 0;
    for (const word of splitIdentifier(symbol.name.slice(symbol.name.lastIndexOf('.') + 1))) mask |= CLASS_OF.get(stem(word)) ?? 0;
    const first = firstWord(symbol.description);
    if (first !== undefined) mask |= CLASS_OF.get(stem(first)) ?? 0;
    if (mask !== 0) masks.set(i, mask);
  });
  return masks;
}

/** The verb classes of each mutation field of the index (by symbol position; absent: none). */
export function mutationClassMasks(index: SearchIndex): ReadonlyMap<number, number> {
  let masks = computed.get(index);
  if (masks === undefined) computed.set(index, (masks = build(index)));
  return masks;
}
