/**
 * What each mutation says it does, in the schema's own words: the words of its
 * name, of its description's first sentence ("Adds an emoji award to an
 * awardable": add, emoji, award, awardable) and the names of what it takes
 * (its arguments and the fields of the input objects they take, one level:
 * `issueUpdate(input: { assigneeId, labelIds, ... })`). A request to change
 * data is scored by how much of it these words explain (rerank.ts), so a
 * request reaches a mutation whose name does not use its words but whose
 * description or input does. Term ids of the index's vocabulary, computed
 * once per index on the first request that writes, for mutation fields only
 * (nothing is stored with the index).
 */
import { SYMBOL_KINDS } from '@discovery/schema-symbols';
import { SymbolFlag, type SearchIndex } from './search-index.js';
import { localName } from './symbol-fields.js';
import { identifierTerms, textTerms } from './tokenizer.js';

const INPUT = SYMBOL_KINDS.indexOf('input');
const NONE = new Int32Array(0);
/** The first sentence: up to the first period followed by a space or the end, or the first line. */
const FIRST_SENTENCE = /^[^\n]*?(?:\.(?=\s|$)|\n|$)/;
/** Words of plumbing that every input has (`clientMutationId`) say nothing about the action. */
const PLUMBING = new Set(['client', 'mutat', 'clientmutationid', 'id', 'input']);

const computed = new WeakMap<SearchIndex, (Int32Array | undefined)[]>();

/** Sorted distinct term ids of a mutation field's own words; empty for other symbols. */
export function mutationWords(index: SearchIndex, i: number): Int32Array {
  let table = computed.get(index);
  if (table === undefined) computed.set(index, (table = new Array(index.symbols.length)));
  if ((index.structure.flags[i]! & SymbolFlag.MutationField) === 0) return NONE;
  return (table[i] ??= wordsOf(index, i));
}

function wordsOf(index: SearchIndex, i: number): Int32Array {
  const symbol = index.symbols[i]!;
  const { termIds } = index.lexical;
  const ids = new Set<number>();
  const add = (terms: readonly string[]): void => {
    for (const t of terms) {
      const id = termIds.get(t);
      if (id !== undefined && !PLUMBING.has(t)) ids.add(id);
    }
  };
  add(identifierTerms(localName(symbol)));
  const sentence = symbol.description === undefined ? undefined : FIRST_SENTENCE.exec(symbol.description.trim())?.[0];
  if (sentence) add(textTerms(sentence));
  for (const arg of symbol.args ?? []) {
    add(identifierTerms(arg.name));
    const input = index.byCoordinate.get(`input:${arg.type.replace(/[[\]!]/g, '')}`);
    if (input === undefined || index.structure.kind[input] !== INPUT) continue;
    for (const member of index.members[input]!) add(identifierTerms(localName(index.symbols[member]!)));
  }
  return Int32Array.from([...ids].sort((a, b) => a - b));
}

/** Share of the query's terms (term ids) found in a sorted id list. */
export function queryShareIn(words: Int32Array, query: Int32Array): number {
  if (query.length === 0 || words.length === 0) return 0;
  let hit = 0;
  for (let q = 0; q < query.length; q++) {
    const t = query[q]!;
    let lo = 0;
    let hi = words.length - 1;
    while (lo <= hi) {
      const mid = (lo + hi) >> 1;
      const w = words[mid]!;
      if (w === t) {
        hit++;
        break;
      }
      if (w < t) lo = mid + 1;
      else hi = mid - 1;
    }
  }
  return hit / query.length;
}
