/**
 * Turns identifiers, descriptions and queries into index terms: split at case
 * changes, underscores, digits and punctuation, lower-cased, stop words removed
 * (prose only), Porter-stemmed. Deterministic and pure.
 */
import { stemmer } from 'stemmer';
import { STOP_WORDS } from './stop-words.js';

const MAX_WORD_LENGTH = 40;
/**
 * Stems of recent words: texts and questions repeat a small vocabulary, and the stemmer is
 * regex-heavy. Only words up to MAX_WORD_LENGTH are kept, so the memo stays under a few MB.
 */
const STEMS = new Map<string, string>();
const MAX_STEMS = 20_000;

/** Character classes of splitIdentifier: anything else, a-z, A-Z, 0-9. */
const OTHER = 0;
const LOWER = 1;
const UPPER = 2;
const DIGIT = 3;

function classAt(text: string, i: number): number {
  const c = text.charCodeAt(i);
  if (c >= 97 && c <= 122) return LOWER;
  if (c >= 65 && c <= 90) return UPPER;
  if (c >= 48 && c <= 57) return DIGIT;
  return OTHER;
}

/**
 * Splits one identifier into lower-case words: `defaultBranchRef` -> default, branch, ref; `HTTPServer2` -> http, server, 2.
 * Words are runs of ASCII letters and digits, cut where a lower-case letter meets an upper-case one, before the last
 * capital of a run that a lower-case letter follows (`HTTPServer`), and between letters and digits. One pass over the
 * characters: every index build and every cold index's lookups split each of its names (docs/performance.md).
 */
export function splitIdentifier(identifier: string): string[] {
  const words: string[] = [];
  const n = identifier.length;
  let start = -1;
  let prev = OTHER;
  let lowerOnly = true;
  for (let i = 0; i < n; i++) {
    const cls = classAt(identifier, i);
    if (cls === OTHER) {
      if (start >= 0) words.push(lowerOnly ? identifier.slice(start, i) : identifier.slice(start, i).toLowerCase());
      start = -1;
      prev = OTHER;
      continue;
    }
    if (start < 0) {
      start = i;
      lowerOnly = cls === LOWER;
    } else if (
      (prev === LOWER && cls === UPPER) ||
      (prev === UPPER && cls === UPPER && i + 1 < n && classAt(identifier, i + 1) === LOWER) ||
      (prev === DIGIT) !== (cls === DIGIT)
    ) {
      words.push(lowerOnly ? identifier.slice(start, i) : identifier.slice(start, i).toLowerCase());
      start = i;
      lowerOnly = cls === LOWER;
    } else if (cls !== LOWER) {
      lowerOnly = false;
    }
    prev = cls;
  }
  if (start >= 0) words.push(lowerOnly ? identifier.slice(start) : identifier.slice(start).toLowerCase());
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
