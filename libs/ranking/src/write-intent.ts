/**
 * Does a query ask to change data? Read from the whole request, not from a
 * verb list alone: a request opens with a verb (after lead-ins such as
 * `please`, `can you`, `how do I`), in any of its clauses; an everyday phrase
 * for an action (`money back`, `get rid of`) asks anywhere; and a word that
 * the schema uses only in mutation names (`snooze` where only `snoozeIssue`
 * has it) asks when it opens a clause. Questions (`which`, `list`, ...) and
 * noun uses (`open orders`, `merge commits`) stay reads. Also returns the
 * schema words the request's phrases stand for (action-lexicon.ts).
 */
import {
  ACTION_ANYWHERE,
  ACTION_PHRASES,
  ACTION_VERBS as LISTED_VERBS,
  AMBIGUOUS_VERBS as LISTED_AMBIGUOUS,
  CLASS_VERBS_AMBIGUOUS,
  LEAD_INS,
  NOUN_SYNONYMS,
  VERB_CLASSES,
} from './action-lexicon.js';
import { isStopWord } from './tokenizer.js';

export interface WriteIntent {
  write: boolean;
  /** Schema words (not stemmed) the request's phrases stand for; empty for reads. */
  expansions: string[];
  /** The words that open the request's clauses, and with each the phrasal verbs it makes with a particle within reach (`take out`); empty for reads. */
  verbs: string[];
}

/** True for a stem the schema uses in mutation names only (see mutation-vocabulary.ts). */
export type MutationOnlyWord = (word: string) => boolean;
/** True for a word the schema uses in the name of an element a read can reach (mutation-vocabulary.ts). */
export type SchemaNameWord = (word: string) => boolean;

/** Words that follow a verb in a read: `give me`, `show us`. */
const READ_OBJECTS = new Set(['me', 'us']);
const BOUNDARY = new Set(['and', 'then', 'but']);
/** Words that open a question, a listing or a request for information (`Disclose the theme ...`): such a query reads, unless a later clause clearly acts. */
const READ_CUES = new Set(
  'what which who whom whose when where why list show find get fetch retrieve provide display search count does do did is are was were has have give tell lookup look return pull grab view read export download print compare summarize disclose share present convey hand obtain reveal report identify determine'.split(
    ' ',
  ),
);
/** The listed verbs and the one-word verbs of the verb classes that are no read cue. */
const ACTION_VERBS: ReadonlySet<string> = new Set([
  ...LISTED_VERBS,
  ...Object.values(VERB_CLASSES)
    .flat()
    .filter((v) => !v.includes(' ') && !READ_CUES.has(v)),
]);
const AMBIGUOUS_VERBS: ReadonlySet<string> = new Set([...LISTED_AMBIGUOUS, ...CLASS_VERBS_AMBIGUOUS]);

/** In a request that reads (`get me X ... and attach Y`), these verbs ask for more output, not a change. */
const INCLUDE_VERBS = new Set(['attach', 'add', 'include', 'append', 'put']);
const PRONOUN_OBJECTS = new Set(['it', 'them', 'this', 'that', 'these', 'those']);
/** `help me`, `let me`: lead-ins, not a read's recipient. */
const LEAD_IN_WORDS = new Set(['help', 'let']);
/** Words after a verb that show it has an object: `close the issue`, `pin #5`, `comment on it`. */
const OBJECT_MARKERS = new Set(
  'the a an this that these those it them him its their my our your his her all every each some both one two #'
    .split(' ')
    .concat('on to for with as from into onto off under over about'.split(' ')),
);
/** A request this short (`pin issue`) is a command even without an article. */
const SHORT_REQUEST_WORDS = 3;
const MAX_PHRASE_WORDS = 3;

/**
 * A verb written with its prefix apart (`re-run`, `un-archive`) is the verb written whole (`rerun`),
 * marked so that it needs a clear object like a noun-verb (`re-run workflow successes` is a noun).
 */
const HYPHENATED_PREFIX = /^(re|un|de|pre)-(?=[a-z])/;
const JOINED = '\u0000';

/** E-mail addresses, links and @handles, read as one word that marks an object (a possessive after a handle stays: `@carol's` -> `address0 s`). */
const ADDRESS_WORD = 'address0';
const ADDRESS = /\b[\w.+-]+@[\w-]+(?:\.[\w-]+)+\b|\bhttps?:\/\/\S+|(?<!\w)@[\w-]+/g;

/** Lower-case words with clause starts marked (sentence punctuation, `and`, `then`). */
function clauses(query: string): string[][] {
  const out: string[][] = [];
  // An address, a link or a handle names one thing, like a number: `Email jane@example.com ...`, `Call https://...`, `@carol`.
  const marked = query.toLowerCase().replace(ADDRESS, ` ${ADDRESS_WORD} `);
  for (const part of marked.split(/[,;:.!?()]+(?:\s|$)|\s-\s/)) {
    let current: string[] = [];
    for (const written of part.match(/[a-z0-9]+(?:-[a-z0-9]+)*/g) ?? []) {
      const word = HYPHENATED_PREFIX.test(written) ? written.replace(HYPHENATED_PREFIX, '$1') + JOINED : written;
      if (BOUNDARY.has(word) && current.length > 0) {
        out.push(current);
        current = [];
      }
      current.push(word);
    }
    if (current.length > 0) out.push(current);
  }
  return out;
}

function skipLeadIns(words: readonly string[]): number {
  let at = 0;
  for (let moved = true; moved; ) {
    moved = false;
    // An adverb before the verb: `permanently remove ...`, `quickly close ...`.
    if (/^[a-z]{4,}ly$/.test(words[at] ?? '') && words[at + 1] !== undefined) {
      at += 1;
      moved = true;
      continue;
    }
    for (const lead of LEAD_INS) {
      if (lead.every((w, k) => words[at + k] === w)) {
        at += lead.length;
        moved = true;
        break;
      }
    }
  }
  return at;
}

/** A word after which a verb has an object, not a plural noun (`orders`) or a participle (`merged`). */
function takesObject(next: string | undefined): boolean {
  if (next === undefined) return true;
  if (READ_OBJECTS.has(next)) return false;
  const plural = next.length > 3 && next.endsWith('s') && !/(ss|us|is)$/.test(next);
  return !plural && !next.endsWith('ed');
}

/** A number or an identifier with digits (`4521`, `ci-agent-17`, `prod-4411`). */
function isIdentifier(word: string): boolean {
  return /\d/.test(word);
}

/** The verb is followed by an article, a pronoun, a number or a preposition. */
function hasObjectMarker(next: string | undefined): boolean {
  return next !== undefined && (OBJECT_MARKERS.has(next) || /^\d/.test(next) || next === ADDRESS_WORD);
}

interface ClauseContext {
  /** The clause opens the query (a later clause of a question needs a clear object). */
  first: boolean;
  /** Some clause of the request opens with a read (`which`, `get me`, `fetch me`). */
  reads: boolean;
  /** Words in the whole query. */
  length: number;
  mutationOnly: MutationOnlyWord | undefined;
  schemaName: SchemaNameWord | undefined;
}

/** The verb that opens a clause asks to change data. */
function opensWithAction(words: readonly string[], c: ClauseContext): boolean {
  const at = skipLeadIns(words);
  const written = words[at];
  const joined = written?.endsWith(JOINED) === true;
  const verb = joined ? written!.slice(0, -1) : written;
  if (verb === undefined || verb.endsWith('ed')) return false;
  const next = words[at + 1];
  if (!c.first) {
    if (c.reads && INCLUDE_VERBS.has(verb)) return false;
    // `... and close it`: a pronoun object makes even a noun-verb a request.
    if (ACTION_VERBS.has(verb) && PRONOUN_OBJECTS.has(next ?? '')) return true;
    return ACTION_VERBS.has(verb) && !AMBIGUOUS_VERBS.has(verb) && hasObjectMarker(next);
  }
  if (multiWordPhraseAt(words, at) !== undefined) return next === undefined || !READ_OBJECTS.has(next);
  // Nouns and adjectives that are also verbs (`open orders`, `email campaign`) need a clear object.
  const numbered = takesObject(next) && words.slice(at + 2, at + 4).some(isIdentifier);
  // A possessive after the next word (`Mark carol's reply`, `Mark #'s reply`) opens an object too.
  const possessive = words[at + 2] === 's' && next !== undefined;
  const clear = hasObjectMarker(next) || numbered || possessive || (takesObject(next) && c.length <= SHORT_REQUEST_WORDS);
  // A prefixed verb written apart is as often a noun (`re-run workflow successes`): it needs an article or a number.
  if (joined) return ACTION_VERBS.has(verb) ? hasObjectMarker(next) || numbered : takesDeterminer(words, at);
  if (AMBIGUOUS_VERBS.has(verb) && ACTION_VERBS.has(verb)) {
    // A word the schema names things with, then a number, is a noun: `build 990 blocked state`.
    return clear && !(/^\d/.test(next ?? '') && c.schemaName?.(verb) === true);
  }
  // A verb that is no noun may still open a request by the rules below (`Promote users 401 and 402`).
  if (ACTION_VERBS.has(verb) && !READ_OBJECTS.has(next ?? '') && (clear || takesObject(next))) return true;
  // Any other verb asks when it takes a determiner as its object (`Run the flaky job again`, `Kick off a build`).
  if (takesDeterminer(words, at)) return true;
  // A word the schema names nothing with is no noun of it: with an object it is a verb (`Promote users 401`, `Shut down agent 22`).
  if (c.schemaName !== undefined && !c.schemaName(verb) && isPlainWord(verb) && hasNearObject(words, at)) return true;
  return c.mutationOnly !== undefined && !verb.endsWith('s') && !verb.endsWith('ing') && c.mutationOnly(verb) && clear;
}

/** Particles of phrasal verbs (`kick off`, `shut down`, `take out`). */
const PARTICLES = new Set(['up', 'down', 'out', 'off', 'on', 'in', 'over', 'back', 'away']);
/** Words that open a verb's object: articles, possessives, object pronouns. */
const DETERMINERS = new Set('the a an my our your his her their its this that these those it them him'.split(' '));

/**
 * A word that opens a request, is not a read cue, a function word or an inflected form, and is
 * followed (after a particle) by a determiner reads as an imperative verb whatever the verb: people
 * ask with verbs no list holds (`Promote`, `Donate`, `Bump`, `Leave a review`).
 */
function takesDeterminer(words: readonly string[], at: number): boolean {
  const verb = words[at]!;
  if (!isPlainWord(verb)) return false;
  const k = PARTICLES.has(words[at + 1] ?? '') ? at + 2 : at + 1;
  return DETERMINERS.has(words[k] ?? '');
}

/** Not a read cue, a function word, a number or an inflected form: a word that may be an imperative verb. */
function isPlainWord(verb: string): boolean {
  return !(READ_CUES.has(verb) || isStopWord(verb) || verb.length < 3 || /\d/.test(verb) || /(s|ed|ing|ly)$/.test(verb));
}

/** How far after the verb (and its particle) an object's marker may stand: `Promote users 401`. */
const OBJECT_REACH = 3;

/**
 * A particle and a word after it (`shut down agent 22`), or a determiner or a number within reach
 * (`Promote users 401 and 402`), unless a participle follows the word (`inactive followed users
 * 90 days` is a keyword read). Prepositions are no sign: keyword reads run `surrealism artworks
 * for sale`.
 */
function hasNearObject(words: readonly string[], at: number): boolean {
  const next = words[at + 1];
  if (next === undefined || next.endsWith('ed')) return false;
  if (PARTICLES.has(next)) return words[at + 2] !== undefined;
  return words.slice(at + 1, at + 1 + OBJECT_REACH).some((w) => DETERMINERS.has(w) || w === '#' || isIdentifier(w));
}

function multiWordPhraseAt(words: readonly string[], at: number): string | undefined {
  for (let n = MAX_PHRASE_WORDS; n >= 2; n--) {
    const phrase = words.slice(at, at + n).join(' ');
    if (phrase.split(' ').length === n && ACTION_PHRASES[phrase] !== undefined) return phrase;
  }
  return undefined;
}

/** Verb and particle may stand apart: `take the winter collection off`. */
const PARTICLE_REACH = 6;

/** Two-word phrases of the thesaurus by their first word (`take` -> `take off`, `take down`). */
const TWO_WORD_PHRASES: ReadonlyMap<string, readonly string[]> = (() => {
  const byVerb = new Map<string, string[]>();
  for (const phrase of Object.keys(ACTION_PHRASES)) {
    const parts = phrase.split(' ');
    if (parts.length === 2) byVerb.set(parts[0]!, [...(byVerb.get(parts[0]!) ?? []), phrase]);
  }
  return byVerb;
})();

/** Two-word phrases (`take off`) whose verb is at `at` and whose particle follows within reach. */
function splitPhrasesAt(words: readonly string[], at: number): string[] {
  const phrases = TWO_WORD_PHRASES.get(words[at]!);
  if (phrases === undefined) return [];
  const reach = words.slice(at + 2, at + 1 + PARTICLE_REACH);
  return phrases.filter((phrase) => reach.includes(phrase.slice(phrase.indexOf(' ') + 1)));
}

/** Schema words for every phrase of the thesaurus found in the words (longest phrases first). */
function expansionsOf(words: readonly string[]): string[] {
  const out = new Set<string>();
  for (let at = 0; at < words.length; at++) {
    for (const phrase of splitPhrasesAt(words, at)) for (const t of ACTION_PHRASES[phrase]!) out.add(t);
    for (let n = MAX_PHRASE_WORDS; n >= 1; n--) {
      const phrase = words.slice(at, at + n).join(' ');
      const targets = ACTION_PHRASES[phrase] ?? NOUN_SYNONYMS[phrase];
      if (targets !== undefined && phrase.split(' ').length === n) {
        for (const t of targets) out.add(t);
        break;
      }
    }
  }
  return [...out];
}

/**
 * `give` opens the request and what follows is not the asker (`give me`, `give us`) nor `back`
 * (an action phrase): a statement that gives someone or something else a thing (`Give the
 * Platform team access`, `Give update 334455 a thumbs-up`) asks to change data; `give me ...` reads,
 * and so does giving information (`Give the names of all farms`, `Give all orders from May`).
 */
function givesToOthers(first: readonly string[], query: string): boolean {
  const at = skipLeadIns(first);
  const next = first[at + 1];
  if (first[at] !== 'give' || next === undefined || READ_OBJECTS.has(next) || next === 'back' || query.trim().endsWith('?')) return false;
  // What is handed over is information (`Give the names of all farms`, `Give all orders from May`): a read.
  return !INFORMATION_OPENERS.has(next) && !first.slice(at + 1, at + 1 + OF_REACH).includes('of');
}

/** After `give`, words that open a listing, not a recipient: `Give all orders ...`. */
const INFORMATION_OPENERS = new Set(['all', 'every', 'each', 'any', 'some', 'both']);
/** How far after `give` an `of` marks information (`Give a short summary of ...`). */
const OF_REACH = 4;

/** Reads the whole query for a request to change data (see the file comment). */
export function detectWriteIntent(
  query: string,
  mutationOnly?: MutationOnlyWord,
  schemaName?: SchemaNameWord,
  namesMutation?: (first: string, words: readonly string[]) => boolean,
): WriteIntent {
  const parts = clauses(query);
  const words = parts.flat();
  // `Give the Platform team access ...`, `Give update 334455 a thumbs-up`: giving to someone other than the asker hands something over in the data.
  const gives = givesToOthers(parts[0] ?? [], query);
  const question = !gives && (query.trim().endsWith('?') || READ_CUES.has(words[0] ?? ''));
  // A read opens a clause (`which`, `get`), or a verb asks for something to be handed over (`give me`).
  const reads =
    parts.some((clause, k) => !(gives && k === 0) && READ_CUES.has(clause[skipLeadIns(clause)] ?? '')) ||
    words.some((w, k) => k > 0 && READ_OBJECTS.has(w) && !LEAD_IN_WORDS.has(words[k - 1]!));
  const context = (k: number): ClauseContext => ({ first: k === 0, reads, length: words.length, mutationOnly, schemaName });
  // `Can you cancel order 5?`, `How do I merge a pull request?`: a lead-in and a verb ask, question mark or not.
  const first = parts[0] ?? [];
  const asked = skipLeadIns(first) > 0 && opensWithAction(first, context(0));
  let write = gives || asked || parts.some((clause, k) => !(question && k === 0) && opensWithAction(clause, context(k)));
  if (!asked && question && query.trim().endsWith('?')) write = false;
  // A statement that opens with a word of a mutation's name, in its base form and with an object, and holds every word of that name asks for it (`pin update to top` -> `pin_to_top`).
  if (!write && !question && !reads && namesMutation !== undefined) {
    const at = skipLeadIns(first);
    const verb = first[at];
    if (verb !== undefined && !/(s|ed|ing)$/.test(verb) && first[at + 1] !== undefined && takesObject(first[at + 1])) write = namesMutation(verb, words);
  }
  if (!write && !query.trim().endsWith('?')) {
    // Multi-word action phrases ask anywhere in a request (`... their money back`), not in a question.
    for (let at = 0; at < words.length && !write; at++) write = ACTION_ANYWHERE.has(multiWordPhraseAt(words, at) ?? '');
  }
  return { write, expansions: write ? expansionsOf(words) : [], verbs: write ? clauseVerbs(parts) : [] };
}

/** The word that opens each clause (after lead-ins), and its phrases with the particles that follow within reach. */
function clauseVerbs(parts: readonly string[][]): string[] {
  const verbs: string[] = [];
  for (const clause of parts) {
    const at = skipLeadIns(clause);
    const written = clause[at];
    if (written === undefined) continue;
    const verb = written.endsWith(JOINED) ? written.slice(0, -1) : written;
    verbs.push(verb);
    for (const w of clause.slice(at + 1, at + 1 + PARTICLE_REACH)) if (PARTICLES.has(w) || w === 'through') verbs.push(`${verb} ${w}`);
    if (clause.length > at + 2) verbs.push(clause.slice(at, at + 3).join(' '));
  }
  return verbs;
}
