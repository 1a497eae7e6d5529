/**
 * The schema's own write vocabulary: stems that occur in the names of mutation
 * root fields but in no query root field name and in no type name
 * (`snooze` of `snoozeIssue`, not `issue`). A request that opens with such a
 * word asks to change data (write-intent.ts). Computed once per index.
 */
import { SYMBOL_KINDS } from '@discovery/schema-symbols';
import { SymbolFlag, type SearchIndex } from './search-index.js';
import { splitIdentifier, stem } from './tokenizer.js';

const FIELD = SYMBOL_KINDS.indexOf('field');
const computed = new WeakMap<SearchIndex, ReadonlySet<string>>();

function build(index: SearchIndex): ReadonlySet<string> {
  const { kind, flags, depth } = index.structure;
  const written = new Set<string>();
  const other = new Set<string>();
  index.symbols.forEach((symbol, i) => {
    const isField = kind[i] === FIELD;
    if (isField && depth[i] !== 0) return;
    const name = isField ? symbol.name.slice(symbol.name.lastIndexOf('.') + 1) : symbol.name;
    const target = isField && (flags[i]! & SymbolFlag.MutationField) !== 0 ? written : other;
    if (symbol.kind === 'path') return;
    for (const word of splitIdentifier(name)) target.add(stem(word));
  });
  for (const word of other) written.delete(word);
  return written;
}

/** Whether a (lower-case, unstemmed) word is one the schema uses only to name mutations. */
export function mutationOnlyWords(index: SearchIndex): (word: string) => boolean {
  let words = computed.get(index);
  if (words === undefined) {
    words = build(index);
    computed.set(index, words);
  }
  const set = words;
  return (word) => set.has(stem(word));
}
