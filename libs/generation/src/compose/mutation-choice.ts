/**
 * Which mutation a request to change data asks for, or none (docs/composer.md
 * "Mutations"). A mutation is composed only when the request covers its own
 * words: its verb (or a paraphrase of it, or the verb its description opens
 * with) and its object (every other word of its name). A destructive verb
 * (delete, cancel, revoke, archive ...) must be asked for by the request
 * itself. A mutation's exact name typed in the request is taken as asked.
 * Candidates come from the search, best first; when none is covered the
 * answer names the closest ones instead of guessing.
 */
import {
  getNullableType,
  isEnumType,
  isInputObjectType,
  isNonNullType,
  isObjectType,
  type GraphQLField,
  type GraphQLInputType,
  type GraphQLSchema,
} from 'graphql';
import type { GenerationHit } from '../generation-index.js';
import { asksForDestructive, coversVerb, isActionStem, isDestructiveStem, isLightStem, paraphrasesOf } from './action-words.js';
import { nameStems, splitWords, stem } from './prompt-words.js';

const SET = stem('set');

/** How many of the search's best mutations are examined. */
const CANDIDATES = 5;
/** How many are named in the reason when none fits. */
const CLOSEST = 3;

/** Name words that say nothing about the object (`bulk`, `to`, `multiple`). */
const FILLER = new Set(
  [
    'bulk',
    'to',
    'from',
    'in',
    'on',
    'by',
    'of',
    'for',
    'with',
    'multiple',
    'simple',
    'many',
    'one',
    'mutation',
    'input',
    'and',
    'or',
    'the',
    'a',
    'an',
    'my',
    'me',
    'own',
    'current',
    'viewer',
  ].map(stem),
);

export interface MutationChoice {
  /** The mutation field to compose, when the request covers its words. */
  field?: string;
  /** The search's best mutations, for the reason when none is composed. */
  closest: string[];
}

/** The reason given when no mutation is composed. */
export function noMutationReason(closest: readonly string[]): string {
  return closest.length > 0
    ? `The request matches no mutation with confidence; closest: ${closest.join(', ')}.`
    : 'The request matches no mutation with confidence.';
}

/** Words that negate the next ones ("don't delete it", "without the comments"). */
const NEGATION = /\b(?:don'?t|do not|does not|doesn'?t|not|never|without|no longer|no)\s+(?:(?:the|a|an|to|it|them|be|any)\s+)?([a-z]+)/g;

/** Stems of every word of the prompt, hyphenated compounds also joined (`re-run` -> rerun); negated words left out. */
export function promptStemsOf(prompt: string): Set<string> {
  const negated = new Set([...prompt.toLowerCase().matchAll(NEGATION)].map((match) => stem(match[1] ?? '')));
  const stems = new Set(
    splitWords(prompt)
      .map(stem)
      .filter((word) => !negated.has(word)),
  );
  for (const match of prompt.toLowerCase().matchAll(/\b([a-z]+)-([a-z]+)\b/g)) stems.add(stem(`${match[1]}${match[2]}`));
  for (const [phrase, verbs] of PHRASAL) if (phrase.test(prompt)) for (const verb of verbs) stems.add(stem(verb));
  return stems;
}

/**
 * Phrasal verbs and the verbs mutations are named with that they mean ("take the mug out of my cart"
 * removes, "switch their accounts off" deactivates); the particle may follow the object by a few words.
 */
const PHRASAL: readonly (readonly [RegExp, readonly string[]])[] = [
  [/\btak(?:e|es|ing)\b(?:\s+\S+){0,6}?\s+(?:out\s+of|away\s+from)\b/i, ['remove']],
  [/\b(?:turn|switch)(?:s|ed|ing)?\b(?:\s+\S+){0,4}?\s+off\b/i, ['disable', 'deactivate']],
  [/\b(?:turn|switch)(?:s|ed|ing)?\b(?:\s+\S+){0,4}?\s+on\b/i, ['enable', 'activate']],
  [/\b(?:give|pay)(?:s|ing)?\b(?:\s+\S+){0,4}?\s+back\b/i, ['refund']],
  [/\btak(?:e|es|ing)\b(?:\s+\S+){0,6}?\s+off\s+(?:the\s+|our\s+|my\s+)?(?:online\s+)?(?:store|storefront|shop|site|website|catalog)\b/i, ['unpublish']],
  [/\bsign(?:s|ed|ing)?\s+up\b/i, ['register']],
  [/\bset(?:s|ting)?\s+up\b/i, ['create']],
  [/\bkick(?:s|ed|ing)?\s+off\b/i, ['create', 'start']],
  [/^\s*new\s+[a-z]/i, ['create']],
  // A thumbs-up is a like, an emoji reaction, a vote ("give update 334455 a thumbs-up").
  [/\bthumbs?[- ]?up\b/i, ['like', 'react', 'reaction', 'emoji', 'award', 'vote']],
];

/** A name word the prompt uses, as written or as the stem of a longer name word (`labelable` <- label). */
function coversWord(word: string, promptStems: ReadonlySet<string>): boolean {
  if (promptStems.has(word)) return true;
  for (const candidate of promptStems) if (candidate.length >= 4 && word.length > candidate.length && word.startsWith(candidate)) return true;
  return false;
}

/**
 * Whether the request covers the mutation's verb and object: one verb word of the name (its action)
 * is asked for, by itself or a paraphrase, or the verb the description opens with is, or the request
 * opens with the thing a create-like mutation makes ("refund order 1042" -> refundCreate); every
 * other word of the name is in the request, except "add"/"create" (`addStar` stars); a name that is
 * only a light verb and filler (`createAddOn` for "add 20 % tax") is not covered. A destructive verb
 * anywhere in the name must be asked for.
 */
export function coversMutation(
  field: GraphQLField<unknown, unknown>,
  promptStems: ReadonlySet<string>,
  leadingStem: string | undefined,
  madeStems: ReadonlySet<string> = promptStems,
  shortened?: { typeNames: ReadonlySet<string>; said: ReadonlySet<string> },
): boolean {
  const words = splitWords(field.name)
    .map(stem)
    .filter((word) => !FILLER.has(word));
  for (const word of words) if (isDestructiveStem(word) && !asksForDestructive(word, promptStems)) return false;
  const shorthand = shortened ? shorthandWords(words, promptStems, shortened.typeNames) : new Set<number>();
  const described = splitWords(field.description ?? '').map(stem)[0];
  const rest = (without: (word: string, at: number) => boolean, action: string): boolean => {
    // A second verb of the name is covered by a paraphrase of its own that does not also paraphrase the first
    // ("email ... an invitation" for `customerSendAccountInviteEmail`; "change" is not both edit and update).
    const own = paraphrasesOf(action);
    // A shortened type name only with the verb itself, as the request writes it ("delete webhook", not "set up").
    const covers = (word: string, at: number): boolean =>
      (action.length >= 3 && word.length > action.length && word.startsWith(action) && coversVerb(action, promptStems)) ||
      (shorthand.has(at) && shortened?.said.has(action) === true) ||
      coversWord(word, promptStems) ||
      (isActionStem(word) && [...paraphrasesOf(word)].some((other) => !own.has(other) && promptStems.has(other)));
    const others = [...words.entries()].filter(([at, word]) => !without(word, at) && !isLightStem(word));
    if (others.length === 0) return !isLightStem(action) || words.length === 1;
    // "Add Alice to the group": what an add/create makes is named before the "to"; the container may follow it
    // ("put product 4411 into the assortment" -> addAssortmentProduct).
    if (isLightStem(action)) return others.every(([at, word]) => covers(word, at)) && others.some(([, word]) => coversWord(word, madeStems));
    return others.every(([at, word]) => covers(word, at));
  };
  for (const [at, word] of words.entries()) {
    if (!isActionStem(word) || !coversVerb(word, promptStems)) continue;
    // After a leading "add"/"create" the verb word may be the object (`createUpdate`): only the word itself counts.
    // Unless the name adds it to what takes it (`addLabelsToLabelable`: "tag issue #5" labels it).
    const taker = words.findIndex((other, index) => index > at && other.length > word.length && other.startsWith(word));
    if (at > 0 && isLightStem(words[0] as string) && !promptStems.has(word) && taker < 0) continue;
    // A name opening with "set" before the verb the request uses (`setUserTags` for "tag user vip") sets what that verb makes.
    if (rest((_, index) => index === at || (at > 0 && index === 0 && words[0] === SET), word)) return true;
  }
  if (described !== undefined && isActionStem(described) && !isDestructiveStem(described) && coversVerb(described, promptStems)) {
    const family = paraphrasesOf(described);
    const at = words.findIndex((word) => word === described || family.has(word));
    if (rest((_, index) => index === at, described)) return true;
  }
  // A name whose verb no family knows (`processExpense`) may take the verb from a value of a required enum
  // argument ("pay out expense 4521": action PAY); its first word is then the verb.
  if (
    words.length > 1 &&
    !words.some((word) => isActionStem(word) || isLightStem(word)) &&
    requiredEnumValues(field).some((value) => value.length > 0 && value.every((word) => asksForWord(word, promptStems)))
  ) {
    if (rest((_, index) => index === 0, '')) return true;
  }
  if (leadingStem !== undefined && words.includes(leadingStem) && words.some(isLightStem)) {
    if (rest((word) => word === leadingStem, leadingStem)) return true;
  }
  return false;
}

/** Whether the request uses `word`: itself, or for a verb a paraphrase (a destructive one only when asked for). */
function asksForWord(word: string, promptStems: ReadonlySet<string>): boolean {
  if (promptStems.has(word)) return true;
  if (isDestructiveStem(word)) return asksForDestructive(word, promptStems);
  return isActionStem(word) && coversVerb(word, promptStems);
}

/** The values (as word stems, filler left out) of the enum arguments a mutation requires, and of the enum fields its required input requires. */
function requiredEnumValues(field: GraphQLField<unknown, unknown>): string[][] {
  const values: string[][] = [];
  const add = (type: GraphQLInputType): void => {
    const named = getNullableType(type);
    if (isEnumType(named))
      for (const value of named.getValues())
        values.push(
          splitWords(value.name)
            .map(stem)
            .filter((word) => !FILLER.has(word) && word !== 'as'),
        );
  };
  for (const arg of field.args) {
    if (!isNonNullType(arg.type)) continue;
    const named = getNullableType(arg.type);
    if (isInputObjectType(named)) for (const inner of Object.values(named.getFields())) if (isNonNullType(inner.type)) add(inner.type);
    add(arg.type);
  }
  return values;
}

/**
 * Name words the request leaves out of a type's name it shortens: a run of name words that spells a
 * type of two or more words (`webhookSubscriptionDelete`: WebhookSubscription) of which the request
 * names some, while what it names is no type of its own ("delete webhook" when there is no `Webhook`).
 * Returns the positions in `words` so excused.
 */
function shorthandWords(words: readonly string[], promptStems: ReadonlySet<string>, typeNames: ReadonlySet<string>): Set<number> {
  const excused = new Set<number>();
  if (typeNames.size === 0) return excused;
  for (let from = 0; from < words.length; from++) {
    for (let to = from + 2; to <= Math.min(words.length, from + 3); to++) {
      const run = words.slice(from, to);
      if (!typeNames.has(run.join(' '))) continue;
      const named = run.filter((word) => coversWord(word, promptStems));
      if (named.length === 0 || named.length === run.length || typeNames.has(named.join(' '))) continue;
      for (let at = from; at < to; at++) if (!coversWord(words[at] as string, promptStems)) excused.add(at);
    }
  }
  return excused;
}

const typeNamesBySchema = new WeakMap<GraphQLSchema, Set<string>>();

/** The schema's type names as their stems joined by spaces (`WebhookSubscription` -> "webhook subscription"). */
function typeNamesOf(schema: GraphQLSchema): Set<string> {
  let names = typeNamesBySchema.get(schema);
  if (!names) {
    names = new Set(
      Object.keys(schema.getTypeMap())
        .filter((name) => !name.startsWith('__'))
        .map((name) => splitWords(name).map(stem).join(' ')),
    );
    typeNamesBySchema.set(schema, names);
  }
  return names;
}

/** What a person given by an email address or an @handle is, as mutation objects name it. */
const PERSON = ['user', 'member', 'person', 'people', 'invitee', 'contact', 'collaborator'].map(stem);
const PERSON_VALUE = /[\w.+-]+@[\w-]+\.[a-z]{2,}|(?<![\w.])@[A-Za-z0-9][\w-]*/i;
/** A pronoun that stands for a person as the object of the verb ("take him out of the organization"). */
const PERSON_PRONOUN = /\b(?:him|her|himself|herself)\b/i;

/** Per schema: the stem of each one-word object type's name -> the name stems of the interfaces it implements. */
const interfacesByStem = new WeakMap<GraphQLSchema, Map<string, string[]>>();

function interfaceStems(schema: GraphQLSchema): Map<string, string[]> {
  let map = interfacesByStem.get(schema);
  if (!map) {
    map = new Map();
    for (const type of Object.values(schema.getTypeMap())) {
      if (!isObjectType(type) || type.name.startsWith('__')) continue;
      const words = splitWords(type.name);
      if (words.length !== 1) continue;
      const stems = type.getInterfaces().flatMap((implemented) => splitWords(implemented.name).map(stem));
      if (stems.length > 0) map.set(stem(words[0] as string), stems);
    }
    interfacesByStem.set(schema, map);
  }
  return map;
}

/**
 * The request's stems with what its words imply for a mutation's object: a person given by email or
 * @handle is a user or a member ("invite anna@acme.io" -> inviteUsers); a one-word type the request
 * names stands for the interfaces it implements ("follow the rails collective" -> followAccount).
 */
export function impliedStems(schema: GraphQLSchema, prompt: string, stems: ReadonlySet<string>, pronouns = true): Set<string> {
  const implied = new Set(stems);
  if (PERSON_VALUE.test(prompt) || (pronouns && PERSON_PRONOUN.test(prompt))) for (const word of PERSON) implied.add(word);
  const interfaces = interfaceStems(schema);
  for (const word of stems) for (const implemented of interfaces.get(word) ?? []) implied.add(implemented);
  return implied;
}

/** Verbs that make a message ("send a notification", "leave a review", "post a comment"). */
const COMMUNICATE = /\b(?:send|sends|sent|post|leave|write|drop)\b/i;
const MAKE = ['create', 'add'].map(stem);
/** What such verbs make. */
const MESSAGE = new Set(['notification', 'message', 'comment', 'note', 'reply', 'review', 'email', 'invitation', 'announcement', 'post'].map(stem));

/** Whether a create-like mutation makes a message (`create_notification`, `createProductReview`). */
function makesMessage(name: string): boolean {
  const words = splitWords(name).map(stem);
  return words.some(isLightStem) && words.some((word) => MESSAGE.has(word));
}

/** Opening words that are not a verb of their own ("the", "please", "make" ...). */
const NOT_OWN_VERB = new Set(
  ['the', 'a', 'an', 'i', 'we', 'my', 'our', 'please', 'make', 'give', 'get', 'let', 'set', 'put', 'have', 'can', 'now', 'then', 'also', 'just'].map(stem),
);

const typeWordsBySchema = new WeakMap<GraphQLSchema, Set<string>>();

/** Stems of every word of the schema's type names (nouns, as far as a name tells). */
function typeWordsOf(schema: GraphQLSchema): Set<string> {
  let words = typeWordsBySchema.get(schema);
  if (!words) {
    words = new Set(Object.keys(schema.getTypeMap()).flatMap((name) => splitWords(name).map(stem)));
    typeWordsBySchema.set(schema, words);
  }
  return words;
}

/**
 * The search's best mutation when the request opens with a verb of its own that no verb family knows
 * ("land pull request #77", "nest issue #20 under #3") and covers every word of the mutation's object
 * (at least two of them): the request's verb cannot be checked, its object can. Never a destructive one.
 */
function ownVerbChoice(
  schema: GraphQLSchema,
  field: GraphQLField<unknown, unknown> | undefined,
  leading: string | undefined,
  stems: ReadonlySet<string>,
): string | undefined {
  if (!field || leading === undefined || isActionStem(leading) || isLightStem(leading) || NOT_OWN_VERB.has(leading) || typeWordsOf(schema).has(leading))
    return undefined;
  const words = splitWords(field.name)
    .map(stem)
    .filter((word) => !FILLER.has(word));
  if (words.some(isDestructiveStem)) return undefined;
  // The first verb of the name is its action; a later one is a noun of the object (`mergePullRequest`: pull, request).
  const verb = words.findIndex((word) => isActionStem(word) || isLightStem(word));
  const objects = words.filter((word, at) => at !== verb && !isLightStem(word));
  return objects.length >= 2 && objects.every((word) => coversWord(word, stems)) ? field.name : undefined;
}

/** Words after which the request qualifies its object instead of naming it. */
const QUALIFIER = /\b(?:with|without|including|saying|so that|because|since|once)\b/i;

/** Tokens of the prompt that can be a mutation's exact name (`productCreate`, `create_item`). */
function typedTokens(prompt: string): string[] {
  return prompt.match(/[A-Za-z_][A-Za-z0-9_]*/g) ?? [];
}

/** A mutation whose exact name the prompt types (written as a name: camelCase, snake_case, or alone). */
export function typedMutation(schema: GraphQLSchema, prompt: string): string | undefined {
  const mutation = schema.getMutationType();
  if (!mutation) return undefined;
  const fields = mutation.getFields();
  const typed = typedTokens(prompt);
  return typed.find((token) => Object.hasOwn(fields, token) && !fields[token]?.deprecationReason && (/[A-Z_]/.test(token.slice(1)) || typed.length <= 2));
}

/**
 * A mutation whose whole name the request spells as words, in order ("forgot password email" ->
 * `forgotPassword`): two words at least, filler included; the longest such name.
 */
export function spelledMutation(schema: GraphQLSchema, prompt: string): string | undefined {
  const mutation = schema.getMutationType();
  if (!mutation) return undefined;
  const said = ` ${splitWords(prompt).map(stem).join(' ')} `;
  let best: { name: string; length: number } | undefined;
  for (const [name, field] of Object.entries(mutation.getFields())) {
    if (field.deprecationReason) continue;
    const words = nameStems(name);
    if (words.length < 2 || (best && best.length >= words.length)) continue;
    if (said.includes(` ${words.join(' ')} `)) best = { name, length: words.length };
  }
  return best?.name;
}

/** The mutation to compose for `prompt` from the search's `hits`, or the closest ones. */
export function chooseMutation(schema: GraphQLSchema, prompt: string, hits: readonly GenerationHit[]): MutationChoice {
  const mutation = schema.getMutationType();
  if (!mutation || !isObjectType(mutation)) return { closest: [] };
  const fields = mutation.getFields();
  const prefix = `field:${mutation.name}.`;
  const ranked: string[] = [];
  for (const hit of hits) {
    const name = hit.symbol.coordinate.startsWith(prefix) ? hit.symbol.coordinate.slice(prefix.length) : undefined;
    if (name !== undefined && fields[name] && !fields[name].deprecationReason && !ranked.includes(name)) ranked.push(name);
  }
  const exact = typedMutation(schema, prompt) ?? spelledMutation(schema, prompt);
  if (exact) return { field: exact, closest: ranked.slice(0, CLOSEST) };
  const stems = impliedStems(schema, prompt, promptStemsOf(prompt));
  const shortened = { typeNames: typeNamesOf(schema), said: new Set(splitWords(prompt).map(stem)) };
  // The request's first word, when a word follows it (a verb: "refund the order", not "Issue #10").
  const opening = /^\s*([A-Za-z]+)\s+[A-Za-z]/.exec(prompt);
  const leading = opening ? stem(opening[1] as string) : undefined;
  const container = /\b(?:to|into|onto)\b/i.exec(prompt);
  const made = container ? impliedStems(schema, prompt.slice(0, container.index), promptStemsOf(prompt.slice(0, container.index))) : stems;
  const covered = (name: string, words: ReadonlySet<string>, madeWords: ReadonlySet<string>): boolean =>
    coversMutation(fields[name] as GraphQLField<unknown, unknown>, words, leading, madeWords, shortened);
  // What follows "with", "without", "saying" ... qualifies the object: a mutation covered without it comes first
  // ("a copy of board 300400 with all its items" duplicates the board, not an item).
  const qualifier = QUALIFIER.exec(prompt);
  const head = qualifier ? impliedStems(schema, prompt.slice(0, qualifier.index), promptStemsOf(prompt.slice(0, qualifier.index))) : undefined;
  const candidates = ranked.slice(0, CANDIDATES);
  const field =
    (head && candidates.find((name) => covered(name, head, container && container.index < (qualifier?.index ?? 0) ? made : head))) ??
    candidates.find((name) => covered(name, stems, made)) ??
    (COMMUNICATE.test(prompt) ? candidates.find((name) => makesMessage(name) && covered(name, new Set([...stems, ...MAKE]), made)) : undefined) ??
    // A verb no family knows cannot be checked, so its object must be named, not only referred to ("make her a ...").
    ownVerbChoice(schema, fields[candidates[0] ?? ''], leading, impliedStems(schema, prompt, promptStemsOf(prompt), false));
  return field ? { field, closest: ranked.slice(0, CLOSEST) } : { closest: ranked.slice(0, CLOSEST) };
}

/**
 * Whether a request the search reads as a question still opens with the verb of a mutation it covers
 * ("pin update to top", "shut down agent ci-agent-22"): its first word is a verb mutations are named
 * with, no query root field is named with that word (so "merge requests of ..." stays a read), and
 * a mutation among the hits is covered.
 */
export function opensWithMutationVerb(schema: GraphQLSchema, prompt: string, hits: readonly GenerationHit[]): boolean {
  const opening = /^\s*([A-Za-z]+)\s+[A-Za-z]/.exec(prompt);
  const leading = opening ? stem(opening[1] as string) : undefined;
  if (leading === undefined || !isActionStem(leading)) return false;
  const query = schema.getQueryType();
  if (query && Object.keys(query.getFields()).some((name) => splitWords(name).map(stem).includes(leading))) return false;
  return chooseMutation(schema, prompt, hits).field !== undefined;
}
