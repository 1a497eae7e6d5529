/**
 * The schema's own vocabulary, as write-intent.ts reads it:
 * - write words: stems that occur in the names of mutation root fields but in no query root field
 *   name and in no type name (`snooze` of `snoozeIssue`, not `issue`). Payloads and mutation inputs
 *   (types reachable from the mutation root only: `PipelineRotateWebhookURLPayload`) repeat the
 *   mutation's words and do not count as type names. A request that opens with such a word asks
 *   to change data.
 * - name words: stems of the names of every element a read can reach (types, fields at any depth,
 *   arguments, enum values; not mutation fields, payloads or mutation inputs). A word that opens a
 *   request and that the schema never uses in a name is no noun of the schema: with an object it
 *   reads as a verb (`Promote users 401 and 402`, `Shut down agent 22`).
 * Computed once per index from the symbols it already holds; an index served from the compact
 * artifact carries both lists ready-made (`precomputed`).
 */
import { SYMBOL_KINDS } from '@discovery/schema-symbols';
import { SymbolFlag, type SearchIndex } from './search-index.js';
import { splitIdentifier, stem } from './tokenizer.js';
import type { Vocabulary } from './index-lookups.js';

const FIELD = SYMBOL_KINDS.indexOf('field');

const computed = new WeakMap<SearchIndex, Vocabulary>();

/** The vocabulary derived from an index's symbols (the previous format; and what the artifact writer stores). */
export function buildVocabulary(index: SearchIndex): { mutationOnly: Set<string>; names: Set<string> } {
  const { kind, flags, depth } = index.structure;
  const written = new Set<string>();
  const other = new Set<string>();
  const names = new Set<string>();
  index.symbols.forEach((symbol, i) => {
    if (symbol.kind === 'path') return;
    const isField = kind[i] === FIELD;
    const f = flags[i]!;
    const mutationField = isField && (f & SymbolFlag.MutationField) !== 0;
    if (!mutationField && (f & SymbolFlag.WriteOnly) === 0) for (const word of splitIdentifier(symbol.name)) names.add(stem(word));
    if (isField && depth[i] !== 0) return;
    if (!isField && (f & SymbolFlag.WriteOnly) !== 0) return;
    const name = isField ? symbol.name.slice(symbol.name.lastIndexOf('.') + 1) : symbol.name;
    const target = mutationField ? written : other;
    for (const word of splitIdentifier(name)) target.add(stem(word));
  });
  for (const word of other) written.delete(word);
  return { mutationOnly: written, names };
}

function vocabulary(index: SearchIndex): Vocabulary {
  let words = computed.get(index);
  if (words === undefined) {
    words = index.precomputed?.vocabulary() ?? buildVocabulary(index);
    computed.set(index, words);
  }
  return words;
}

/** Whether a (lower-case, unstemmed) word is one the schema uses only to name mutations. */
export function mutationOnlyWords(index: SearchIndex): (word: string) => boolean {
  const set = vocabulary(index).mutationOnly;
  return (word) => set.has(stem(word));
}

/** Whether a (lower-case, unstemmed) word occurs in the name of an element a read can reach. */
export function schemaNameWords(index: SearchIndex): (word: string) => boolean {
  const set = vocabulary(index).names;
  return (word) => set.has(stem(word));
}

/** Words of mutation names that name nothing (`pin_to_top`, `markDiscussionCommentAsAnswer`). */
const NAME_FILLER = new Set(['to', 'of', 'by', 'for', 'the', 'a', 'an', 'in', 'on', 'at', 'as', 'from', 'with', 'into']);

const namedBy = new WeakMap<SearchIndex, { byWord: ReadonlyMap<string, readonly number[]>; names: readonly (readonly string[])[] }>();

/**
 * Whether a request's first word is a word of a mutation field's name of two words or more, and
 * its words hold every word of that name (stems): `pin update to top` holds `pin_to_top`.
 */
export function namesMutation(index: SearchIndex): (first: string, words: readonly string[]) => boolean {
  let built = namedBy.get(index);
  if (built === undefined) {
    const byWord = new Map<string, number[]>();
    const names: string[][] = [];
    const { kind, flags } = index.structure;
    index.symbols.forEach((symbol, i) => {
      if (kind[i] !== FIELD || (flags[i]! & SymbolFlag.MutationField) === 0) return;
      const words = splitIdentifier(symbol.name.slice(symbol.name.lastIndexOf('.') + 1)).filter((w) => !NAME_FILLER.has(w));
      const stems = [...new Set(words.map(stem))];
      if (stems.length < 2) return;
      const k = names.push(stems) - 1;
      for (const w of new Set(words)) {
        const list = byWord.get(w);
        if (list === undefined) byWord.set(w, [k]);
        else list.push(k);
      }
    });
    built = { byWord, names };
    namedBy.set(index, built);
  }
  const { byWord, names } = built;
  return (first, words) => {
    const ks = byWord.get(first);
    if (ks === undefined) return false;
    const stems = new Set(words.map(stem));
    return ks.some((k) => names[k]!.every((n) => stems.has(n)));
  };
}
