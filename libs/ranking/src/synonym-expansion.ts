/**
 * Meaning from a general thesaurus (WordNet, wordnet-thesaurus.ts): a query
 * word the schema does not use (`reimburse`, `dispatch`) is expanded to its
 * WordNet synonyms that the schema does use (`refund`, `send`), at a reduced
 * weight. Only words of the searched index's vocabulary are ever added, so a
 * thesaurus sense that the schema cannot express costs nothing.
 */
import type { RankingOptions } from './ranking-options.js';
import type { QueryIntent, WeightedTerm } from './query-intent.js';
import { isStopWord, stem, textWords } from './tokenizer.js';
import type { Thesaurus } from './wordnet-thesaurus.js';

export type SynonymOptions = Pick<
  RankingOptions,
  'writeSynonymWeight' | 'readSynonymWeight' | 'synonymSenses' | 'synonymsPerWord' | 'synonymUnknownOnly' | 'broaderFactor'
>;

/** Inflection endings and what the base form ends with instead (WordNet's `morphy` rules, verbs and nouns). */
const DETACH: readonly (readonly [string, string])[] = [
  ['ies', 'y'], ['ches', 'ch'], ['shes', 'sh'], ['sses', 'ss'], ['xes', 'x'], ['zes', 'z'], ['es', 'e'], ['es', ''],
  ['s', ''], ['ied', 'y'], ['ed', 'e'], ['ed', ''], ['ing', 'e'], ['ing', ''], ['men', 'man'],
];
const MIN_WORD = 3;

/** The word itself, then its possible base forms (`refunds` -> refund, `shipped` -> ship). */
export function baseForms(word: string): string[] {
  const forms = [word];
  for (const [end, base] of DETACH) {
    if (word.length > end.length + 1 && word.endsWith(end)) forms.push(word.slice(0, -end.length) + base);
  }
  // shipped -> ship, planning -> plan
  const doubled = /^(.*([bdgklmnprt]))\2(ed|ing)$/.exec(word);
  if (doubled !== null) forms.push(doubled[1]!);
  return forms;
}

/** Units to look up: single content words, and adjacent word pairs (`give back`). */
function lookupUnits(words: readonly string[]): { unit: string; single: boolean }[] {
  const units: { unit: string; single: boolean }[] = [];
  for (let k = 0; k < words.length; k++) {
    const word = words[k]!;
    if (k + 1 < words.length) units.push({ unit: `${word} ${words[k + 1]!}`, single: false });
    if (word.length >= MIN_WORD && /^[a-z]+$/.test(word) && !isStopWord(word)) units.push({ unit: word, single: true });
  }
  return units;
}

/**
 * Adds WordNet synonyms (and, with `broaderFactor`, hypernyms) of the query's words that the index
 * knows (`known(stem)`), after the intent's own terms. The thesaurus is only loaded when a weight is set.
 */
export function expandSynonyms(
  intent: QueryIntent,
  query: string,
  thesaurus: () => Thesaurus,
  known: (term: string) => boolean,
  o: Readonly<SynonymOptions>,
): QueryIntent {
  const weight = intent.write ? o.writeSynonymWeight : o.readSynonymWeight;
  if (weight <= 0) return intent;
  const seen = new Set(intent.weighted.map((w) => w.term));
  const added: WeightedTerm[] = [];
  for (const { unit, single } of lookupUnits(textWords(query))) {
    if (single && o.synonymUnknownOnly && known(stem(unit))) continue;
    const forms = single ? baseForms(unit) : [unit];
    let senses;
    let lemma = unit;
    for (const form of forms) {
      senses = thesaurus().senses(form);
      lemma = form;
      if (senses !== undefined) break;
    }
    if (senses === undefined) continue;
    // A request to change data names its action with a verb; a question names things with nouns.
    const ordered = intent.write ? [senses.verbs] : [senses.nouns];
    let count = 0;
    const add = (word: string, w: number): void => {
      const term = stem(word);
      if (count >= o.synonymsPerWord || word === lemma || seen.has(term) || !known(term)) return;
      seen.add(term);
      added.push({ term, weight: w });
      count++;
    };
    for (const list of ordered) {
      for (const sense of list.slice(0, o.synonymSenses)) {
        for (const word of sense.words) add(word, weight);
        if (o.broaderFactor > 0) for (const word of sense.broader) add(word, weight * o.broaderFactor);
      }
    }
  }
  return added.length === 0 ? intent : { ...intent, weighted: [...intent.weighted, ...added] };
}
