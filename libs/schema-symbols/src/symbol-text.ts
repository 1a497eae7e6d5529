/**
 * Text helpers for symbols: descriptions are untrusted data (they end up in
 * model prompts), so they are cleaned of control, bidi, zero-width and Unicode
 * tag characters (text a person reviewing the schema does not see but a model
 * reads) and cut to size; identifiers are split into words for embedding and
 * lexical search.
 * The costly helpers are memoized by their text (text-memo.ts).
 */
import { TextMemo } from './text-memo.js';

/** Longest description kept on an element's own record. */
export const MAX_DESCRIPTION_CHARS = 1000;
/** Longest description kept for nested entries (arguments, enum values). */
export const MAX_NESTED_DESCRIPTION_CHARS = 300;
/** Upper bound on the words of an embedding text (the embedding model is slow on long texts). */
export const MAX_EMBEDDING_WORDS = 25;

// C0 controls except tab and newline, DEL, C1 controls, zero-width spaces and joiners and bidi marks
// (U+200B-U+200F), bidi embeddings/overrides (U+202A-U+202E), word joiner and invisible operators
// (U+2060-U+2064), bidi isolates (U+2066-U+2069), BOM / zero-width no-break space, and the Unicode
// tag characters (U+E0000-U+E007F), which spell hidden ASCII text.
const UNSAFE_CHAR_CLASS =
  '[\\u0000-\\u0008\\u000B\\u000C\\u000E-\\u001F\\u007F-\\u009F\\u200B-\\u200F\\u202A-\\u202E\\u2060-\\u2064\\u2066-\\u2069\\uFEFF\\u{E0000}-\\u{E007F}]';
const UNSAFE_CHARS = new RegExp(UNSAFE_CHAR_CLASS, 'gu');

// Terminal escape sequences whole (CSI `ESC [ ... final`, OSC `ESC ] ... BEL|ST`, two-character
// escapes), so none of their text is left behind once the ESC itself would be removed.
// biome-ignore lint/suspicious/noControlCharactersInRegex: control characters are what this matches
const ESCAPE_SEQUENCES = /\u001B(?:\[[0-?]*[ -/]*[@-~]?|\][^\u0007\u001B]*(?:\u0007|\u001B\\)?|[ -~]?)/g;

/**
 * `text` without the characters a reader does not see (the same set descriptions are cleaned of)
 * and without terminal escape sequences: the one cleaning of untrusted text (schema, model, prompt)
 * before it reaches an agent, a terminal or a file (docs/reliability.md, issue 23).
 */
export function stripHidden(text: string): string {
  const plain = text.includes('\u001B') ? text.replace(ESCAPE_SEQUENCES, '') : text;
  return plain.replace(UNSAFE_CHARS, '');
}

const ELLIPSIS = '…';

/**
 * Cleans a description for storage: normalizes line ends, removes control and
 * bidi characters, collapses blank-line runs and trims. Returns undefined for
 * absent or blank input; truncates to `maxChars` (ellipsis included), on a word
 * boundary when one is near.
 */
export function cleanDescription(text: string | null | undefined, maxChars = MAX_DESCRIPTION_CHARS): string | undefined {
  if (text === null || text === undefined) return undefined;
  if (maxChars === MAX_DESCRIPTION_CHARS) return cleanedOwn.get(text);
  if (maxChars === MAX_NESTED_DESCRIPTION_CHARS) return cleanedNested.get(text);
  return cleanUncached(text, maxChars);
}

/**
 * Key characters each text memo holds at most (8 MiB of UTF-16 at worst, with
 * values no larger): the descriptions of a schema the size of Shopify Admin's
 * (1 M characters) fit a few times over, and a hostile schema cannot grow them.
 */
export const TEXT_MEMO_CHARS = 4 * 1024 * 1024;

const NEEDS_CLEANING = new RegExp(`\\r|${UNSAFE_CHAR_CLASS}|[ \\t]\\n|\\n\\n\\n`, 'u');

function cleanUncached(text: string, maxChars: number): string | undefined {
  const result = NEEDS_CLEANING.test(text)
    ? text
        .replace(/\r\n?/g, '\n')
        .replace(UNSAFE_CHARS, '')
        .replace(/[ \t]+\n/g, '\n')
        .replace(/\n{3,}/g, '\n\n')
        .trim()
    : text.trim();
  return result === '' ? undefined : truncate(result, maxChars);
}

/** Cuts `text` to at most `maxChars` characters, ending in an ellipsis when cut. */
export function truncate(text: string, maxChars: number): string {
  if (text.length <= maxChars) return text;
  const limit = Math.max(0, maxChars - ELLIPSIS.length);
  let cut = text.slice(0, limit);
  const space = cut.search(/\s\S*$/);
  if (space > limit * 0.8) cut = cut.slice(0, space);
  return cut.trimEnd() + ELLIPSIS;
}

const WORD_PATTERN = /[A-Z]+(?![a-z])|[A-Z]?[a-z]+|[0-9]+/g;

/**
 * Splits an identifier into words: camelCase, PascalCase, snake_case,
 * SCREAMING_CASE, acronyms and digits (`userID` -> user, ID; `HTTPServer` ->
 * HTTP, Server; `link__Import` -> link, Import).
 */
export function splitIdentifier(name: string): string[] {
  return name.match(WORD_PATTERN) ?? [];
}

/** Identifier as lowercase words: `currentMood` -> `current mood`. */
export function identifierWords(name: string): string {
  return splitIdentifier(name).join(' ').toLowerCase();
}

/** Type name as words keeping their case: `EmployeeConnection` -> `Employee Connection`. */
export function typeNameWords(name: string): string {
  const words = splitIdentifier(name);
  return words.length > 0 ? words.join(' ') : name;
}

/**
 * First sentence of a (cleaned) description in plain words: markdown links
 * become their text, code ticks and emphasis go, whitespace collapses.
 */
export function firstSentence(description: string | undefined): string {
  return description === undefined ? '' : sentences.get(description);
}

/** Drops the memoized texts (tests; the memos are bounded and otherwise live with the thread). */
export function clearTextMemo(): void {
  cleanedOwn.clear();
  cleanedNested.clear();
  sentences.clear();
}

const FIRST_SENTENCE_SCAN = 600;

function firstSentenceUncached(description: string): string {
  const plain = description
    .slice(0, FIRST_SENTENCE_SCAN)
    .replace(/\[([^\]]*)\]\([^)]*\)/g, '$1')
    .replace(/https?:\/\/\S+/g, '')
    .replace(/[`*_#>]+/g, '')
    .replace(/\s+/g, ' ')
    .trim();
  const end = plain.search(/[.!?](\s|$)/);
  return end === -1 ? plain : plain.slice(0, end + 1);
}

/**
 * Joins parts into one text of at most `maxWords` words (later parts are cut
 * first). Parts must be single-spaced and trimmed (as the helpers above return them).
 */
export function limitWords(parts: readonly string[], maxWords = MAX_EMBEDDING_WORDS): string {
  const text = parts.filter((part) => part !== '').join(' ');
  let at = -1;
  for (let words = 0; words < maxWords; words++) {
    at = text.indexOf(' ', at + 1);
    if (at === -1) return text;
  }
  return text.slice(0, at);
}

const cleanedOwn = new TextMemo<string | undefined>(TEXT_MEMO_CHARS, (text) => cleanUncached(text, MAX_DESCRIPTION_CHARS));
const cleanedNested = new TextMemo<string | undefined>(TEXT_MEMO_CHARS, (text) => cleanUncached(text, MAX_NESTED_DESCRIPTION_CHARS));
const sentences = new TextMemo<string>(TEXT_MEMO_CHARS, firstSentenceUncached);
