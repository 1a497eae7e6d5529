/**
 * Abbreviations: the short forms people type for a schema's words, read off
 * the schema's own type names, so that "repos of an org", "env secrets" and
 * "stale prs" find `Repository`, `Organization`, `Environment` and
 * `PullRequest`. Two kinds, both only where the schema makes them clear:
 *
 * - a clipped word (`org`, `repo`, `env`, `config`): the start of a longer word
 *   of the schema's type names, the most frequent such word when it dominates;
 * - initials (`pr`, `prs`): the first letters of a run of words that opens many
 *   type names (`PullRequest...`), the most frequent such run when it dominates.
 *
 * A word is not taken for an abbreviation when a type is named by it alone
 * (`shop` of `Shop` is not `Shopify`), or when the schema already uses it as
 * often as the word it would stand for. Mutation plumbing (`...Payload`,
 * `...Input`, `payload`) stands for nothing. No list of abbreviations is kept: a
 * schema that never says `Organization` expands nothing to it. Expansions
 * count at a lower weight than the words typed (see docs/search-quality.md).
 */
import { TYPE_SYMBOL_KINDS } from '@discovery/schema-symbols';
import type { SearchIndex } from './search-index.js';
import { lowerBound } from './sorted-strings.js';
import { splitIdentifier, stem } from './tokenizer.js';
import { STOP_WORDS } from './stop-words.js';
import type { AbbreviationTables } from './index-lookups.js';

/** Clipped words are 3 to 6 letters and stand for a word at least 3 letters longer. */
const MIN_CLIPPED = 3;
const MAX_CLIPPED = 6;
const MIN_EXTRA_LETTERS = 3;
/** Initials are those of the first two words of a type name (3-letter ones are too often words: `cat`, `art`). */
const INITIALS = 2;
/** The word stood for must occur in at least this many type names, the run open at least MIN_RUN_NAMES... */
const MIN_NAMES = 3;
const MIN_RUN_NAMES = 8;
/** ...at least this many times as many as the runner-up, and more than the typed word itself. */
const DOMINANCE = 2;
const LETTERS = /^[a-z]+$/;
/** Mutation plumbing: `CreateIssuePayload` and `CreateIssueInput` would make `ci` "create issue". */
const PLUMBING_TYPE = /(Payload|Input)$/;
/** Words of plumbing that no one abbreviates (`pay` is not `payload`). */
const PLUMBING_WORDS = new Set(['payload', 'input', 'connection', 'edge', 'edges']);

/** The schema words an abbreviation stands for, lower-case and unstemmed (`pull`, `request`). */
export type Expansion = readonly string[];

/** The tables of a schema's type names (objects, interfaces, unions, enums, inputs). */
export function abbreviationTables(typeNames: Iterable<string>): {
  wordNames: Map<string, number>;
  runs: Map<string, Map<string, number>>;
  wholeNames: Set<string>;
  sortedWords: string[];
} {
  const wordNames = new Map<string, number>();
  const runs = new Map<string, Map<string, number>>();
  const wholeNames = new Set<string>();
  for (const name of typeNames) {
    if (name.startsWith('__')) continue;
    const words = splitIdentifier(name);
    for (const word of new Set(words)) wordNames.set(word, (wordNames.get(word) ?? 0) + 1);
    if (words.length === 1 && words[0] !== undefined) wholeNames.add(words[0]);
    if (PLUMBING_TYPE.test(name)) continue;
    const run = words.slice(0, INITIALS);
    if (run.length < INITIALS || !run.every((word) => LETTERS.test(word))) continue;
    const initials = run.map((word) => word[0]).join('');
    let counts = runs.get(initials);
    if (!counts) {
      counts = new Map();
      runs.set(initials, counts);
    }
    const key = run.join(' ');
    counts.set(key, (counts.get(key) ?? 0) + 1);
  }
  return { wordNames, runs, wholeNames, sortedWords: clippable(wordNames.keys()) };
}

/** The words of `words` that may be clipped, sorted (`<` order). */
export function clippable(words: Iterable<string>): string[] {
  return [...words].filter((word) => LETTERS.test(word) && !PLUMBING_WORDS.has(word)).sort();
}

export class Abbreviations {
  private readonly wordNames: AbbreviationTables['wordNames'];
  private readonly runs: AbbreviationTables['runs'];
  private readonly wholeNames: AbbreviationTables['wholeNames'];
  private readonly sortedWords: readonly string[];
  private readonly memo = new Map<string, Expansion | null>();

  /** From the names of a schema's types (objects, interfaces, unions, enums, inputs), or their tables as stored. */
  constructor(typeNames: Iterable<string> | AbbreviationTables) {
    const tables = 'sortedWords' in typeNames ? typeNames : abbreviationTables(typeNames);
    this.wordNames = tables.wordNames;
    this.runs = tables.runs;
    this.wholeNames = tables.wholeNames;
    this.sortedWords = tables.sortedWords;
  }

  /** The words a typed word stands for, or undefined when it is no abbreviation in this schema. */
  expand(typed: string): Expansion | undefined {
    const word = typed.toLowerCase();
    let known = this.memo.get(word);
    if (known === undefined) {
      known = this.compute(word) ?? null;
      if (this.memo.size > 10_000) this.memo.clear();
      this.memo.set(word, known);
    }
    return known ?? undefined;
  }

  private compute(word: string): Expansion | undefined {
    if (!LETTERS.test(word) || STOP_WORDS.has(word)) return undefined;
    // A plural of an abbreviation (`prs`, `repos`, `orgs`).
    const forms = word.length > INITIALS && word.endsWith('s') ? [word, word.slice(0, -1)] : [word];
    for (const form of forms) {
      if (this.wholeNames.has(form)) return undefined;
      const expansion = this.initials(form) ?? this.clipped(form);
      if (expansion) return expansion;
    }
    return undefined;
  }

  /** How often the schema's type names already use the typed word as a word of their own. */
  private ownUse(word: string): number {
    return Math.max(this.wordNames.get(word) ?? 0, this.wordNames.get(`${word}s`) ?? 0);
  }

  private clipped(word: string): Expansion | undefined {
    if (word.length < MIN_CLIPPED || word.length > MAX_CLIPPED) return undefined;
    const candidates: [string, number][] = [];
    for (let at = lowerBound(this.sortedWords, word); at < this.sortedWords.length; at += 1) {
      const candidate = this.sortedWords[at] as string;
      if (!candidate.startsWith(word)) break;
      if (candidate.length < word.length + MIN_EXTRA_LETTERS) continue;
      candidates.push([candidate, this.wordNames.get(candidate) ?? 0]);
    }
    return dominant(candidates, this.ownUse(word), MIN_NAMES)?.split(' ');
  }

  private initials(word: string): Expansion | undefined {
    if (word.length !== INITIALS) return undefined;
    const counts = this.runs.get(word);
    if (!counts) return undefined;
    return dominant([...counts], this.ownUse(word), MIN_RUN_NAMES)?.split(' ');
  }
}

/** The most frequent candidate, when it is frequent enough and well ahead of the runner-up and of the typed word. */
function dominant(candidates: readonly [string, number][], typedUse: number, minNames: number): string | undefined {
  let best: [string, number] | undefined;
  let second = 0;
  for (const candidate of candidates) {
    if (!best || candidate[1] > best[1]) {
      second = best?.[1] ?? 0;
      best = candidate;
    } else second = Math.max(second, candidate[1]);
  }
  if (!best || best[1] < minNames || best[1] < DOMINANCE * second || best[1] <= typedUse) return undefined;
  return best[0];
}

/** Stemmed index terms of an expansion: each word, and the compound of a run (`pullrequest`). */
export function expansionTerms(expansion: Expansion): string[] {
  const terms = expansion.map(stem);
  if (expansion.length > 1) terms.push(stem(expansion.join('')));
  return terms;
}

const TYPE_KINDS: ReadonlySet<string> = new Set(TYPE_SYMBOL_KINDS);
const ofIndex = new WeakMap<SearchIndex, Abbreviations>();

/** The type names abbreviations are read from. */
export function abbreviationTypeNames(index: SearchIndex): string[] {
  return index.symbols.filter((symbol) => TYPE_KINDS.has(symbol.kind)).map((symbol) => symbol.name);
}

/** The abbreviations of an index's schema, built on first use and kept with the index (or opened from the stored tables). */
export function indexAbbreviations(index: SearchIndex): Abbreviations {
  let found = ofIndex.get(index);
  if (found === undefined) {
    const stored = index.precomputed?.abbreviations();
    found = new Abbreviations(stored ?? abbreviationTypeNames(index));
    ofIndex.set(index, found);
  }
  return found;
}
