/**
 * Turns identifiers, descriptions and queries into index terms: split at case
 * changes, underscores, digits and punctuation, lower-cased, stop words removed
 * (prose only), Porter-stemmed. Deterministic and pure.
 */
import { stemmer } from 'stemmer';
import { STOP_WORDS } from './stop-words.js';

const WORD = /[A-Za-z0-9]+/g;
const LOWER_WORD = /^[a-z]+$/;
const MAX_WORD_LENGTH = 40;
/**
 * Stems of recent words: texts and questions repeat a small vocabulary, and the stemmer is
 * regex-heavy. Only words up to MAX_WORD_LENGTH are kept, so the memo stays under a few MB.
 */
const STEMS = new Map<string, string>();
const MAX_STEMS = 20_000;

/** Splits one identifier into lower-case words: `defaultBranchRef` -> default, branch, ref; `HTTPServer2` -> http, server, 2. */
export function splitIdentifier(identifier: string): string[] {
  const words: string[] = [];
  for (const chunk of identifier.match(WORD) ?? []) {
    if (LOWER_WORD.test(chunk)) {
      // Plain lower-case words (most of a question) have no inner boundary.
      words.push(chunk);
      continue;
    }
    const spaced = chunk
      .replace(/([a-z])([A-Z])/g, '$1 $2')
      .replace(/([A-Z]+)([A-Z][a-z])/g, '$1 $2')
      .replace(/([A-Za-z])(\d)/g, '$1 $2')
      .replace(/(\d)([A-Za-z])/g, '$1 $2');
    for (const word of spaced.split(' ')) {
      if (word.length > 0) words.push(word.toLowerCase());
    }
  }
  return words;
}

/** The index form of one lower-case word (Porter stem; very long words are cut). */
export function stem(word: string): string {
  let stemmed = STEMS.get(word);
  if (stemmed === undefined) {
    const w = word.length > MAX_WORD_LENGTH ? word.slice(0, MAX_WORD_LENGTH) : word;
    stemmed = /^\d+$/.test(w) ? w : stemmer(w);
    if (word.length <= MAX_WORD_LENGTH) {
      if (STEMS.size >= MAX_STEMS) STEMS.clear();
      STEMS.set(word, stemmed);
    }
  }
  return stemmed;
}

/** Terms of an identifier: each word stemmed, plus the whole compound (`pullrequest`) when it has several words. */
export function identifierTerms(identifier: string): string[] {
  const words = splitIdentifier(identifier);
  const terms = words.map(stem);
  if (words.length > 1) terms.push(stem(words.join('')));
  return terms;
}

/** Words of free text (descriptions, queries), lower-case, identifiers inside it split too. */
export function textWords(text: string): string[] {
  return splitIdentifier(text);
}

/** Terms of free text: words split and lower-cased, stop words dropped, stemmed. */
export function textTerms(text: string): string[] {
  const terms: string[] = [];
  for (const word of textWords(text)) {
    if (!STOP_WORDS.has(word)) terms.push(stem(word));
  }
  return terms;
}

/** True when the word is a stop word. */
export function isStopWord(word: string): boolean {
  return STOP_WORDS.has(word);
}
