/**
 * o200k token counts in time linear in the text (issue 23 finding 1).
 * gpt-tokenizer's byte-pair encoding is quadratic in the length of one
 * pre-token (`'a'.repeat(100_000)` takes seconds), and schema text (names,
 * string defaults, descriptions) or a prompt can hold such runs. Runs of
 * letters, of punctuation or of white space longer than LONG_RUN characters
 * are not encoded: each counts as one token per UTF-8 byte, which no byte-pair
 * encoding exceeds (o200k gives such runs 0.01-0.83), so a budget is never
 * exceeded because of an estimate. Everything else is counted exactly, which is every
 * text a schema within the build limits prints (docs/reliability.md, "Issue 23").
 */
import { createRequire } from 'node:module';

/**
 * gpt-tokenizer, loaded on the first count: its o200k tables cost a process about 40 MiB of memory,
 * which a serving replica's API thread never needs (slices run in their worker thread): idle RSS,
 * docs/performance.md "Many graphs".
 */
let exactCounter: ((text: string) => number) | undefined;

/** Whether this process has loaded the byte-pair encoder yet (tests: it is not loaded at import). */
export function tokenizerLoaded(): boolean {
  return exactCounter !== undefined;
}

function countExact(text: string): number {
  exactCounter ??= (createRequire(import.meta.url)('gpt-tokenizer') as { countTokens(text: string): number }).countTokens;
  return exactCounter(text);
}

/** Longest run encoded exactly; real names and words are far shorter (the longest measured is 91). */
export const LONG_RUN = 128;
const LONG_RUNS = new RegExp(`[\\p{L}\\p{M}]{${LONG_RUN + 1},}|[^\\s\\p{L}\\p{N}]{${LONG_RUN + 1},}|\\s{${LONG_RUN + 1},}`, 'gu');

/** What the counter did (tests count work with it, never time). */
export const tokenCountStats = { estimatedRuns: 0, exactChars: 0 };

/** Tokens of one run too long to encode: its UTF-8 bytes, the most a byte-pair encoding can give. */
export function estimateRunTokens(run: string): number {
  return Buffer.byteLength(run, 'utf8');
}

/** o200k tokens of `text`: exact unless it holds a run over LONG_RUN characters (then at least the exact count, give or take a token per run). */
export function countTokens(text: string): number {
  if (text.length <= LONG_RUN) return exact(text);
  LONG_RUNS.lastIndex = 0;
  let total = 0;
  let from = 0;
  for (let match = LONG_RUNS.exec(text); match; match = LONG_RUNS.exec(text)) {
    if (match.index > from) total += exact(text.slice(from, match.index));
    total += estimateRunTokens(match[0]);
    tokenCountStats.estimatedRuns += 1;
    from = match.index + match[0].length;
  }
  return total + (from === 0 ? exact(text) : from < text.length ? exact(text.slice(from)) : 0);
}

function exact(text: string): number {
  tokenCountStats.exactChars += text.length;
  return countExact(text);
}
