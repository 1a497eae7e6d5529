/**
 * Words of a prompt and of schema names, reduced to comparable stems: names
 * split on case and underscores (`totalCount` -> total, count; `area_km_2`
 * -> area, km), lower-cased, a light English stemmer (plural and common
 * suffixes), and the stop words of requests ("show me all the ...").
 */

/** Request filler: verbs of asking, articles, pronouns, prepositions. Never a field the prompt asks for. */
const STOP_WORDS = new Set(
  (
    'a about above across after again against all along also am an and any are as at be been before being below ' +
    'between both but by can could did do does doing down during each either every few for from further get gets ' +
    'give given gives had has have having he her here hers him his how i if in including include includes into is ' +
    'it its itself just let list lists me more most my no nor not now of off on once only or other our out over own ' +
    'please provide retrieve return returns same she should show shows so some such than that the their them then there ' +
    'these they this those through to too under until up us very was we were what when where which while who whom why ' +
    'will with would you your find fetch display tell know want need see look lookup along together there whose ' +
    'disclose obtain present reveal identify determine count many much number total along having named called ' +
    'whether exist exists available current currently latest recent recently past last next first per via using use ' +
    'data information info detail details record records value values kind kinds type types item items thing things ' +
    'one two three four five six seven eight nine ten two weeks week day days month months year years ago today ' +
    'yesterday tomorrow time times since between greater less equal above below within than older newer new old'
  ).split(' '),
);

/** Requests that ask for no data at all. */
const GREETINGS = new Set('hi hello hey there thanks thank you ok okay bye goodbye cheers yes no good morning evening afternoon how are doing'.split(' '));

/** Splits a schema name or a phrase into lower-case words. */
export function splitWords(text: string): string[] {
  return text
    .replace(/([a-z0-9])([A-Z])/g, '$1 $2')
    .replace(/([A-Z]+)([A-Z][a-z])/g, '$1 $2')
    .toLowerCase()
    .split(/[^a-z0-9]+/)
    .filter((word) => word !== '' && !/^\d+$/.test(word));
}

/** A light stem: enough to match `repositories` with `repository` and `merged` with `merge`. */
export function stem(word: string): string {
  let w = word.toLowerCase();
  if (w.length > 4 && w.endsWith('ies')) w = `${w.slice(0, -3)}y`;
  else if (w.length > 4 && /(sses|xes|ches|shes)$/.test(w)) w = w.slice(0, -2);
  else if (w.length > 3 && w.endsWith('s') && !w.endsWith('ss') && !w.endsWith('us') && !w.endsWith('is')) w = w.slice(0, -1);
  if (w.length > 5 && w.endsWith('ing')) w = w.slice(0, -3);
  else if (w.length > 4 && w.endsWith('ed')) w = w.slice(0, -2);
  if (w.length > 4 && w.endsWith('e')) w = w.slice(0, -1);
  return w;
}

/** Stems per schema name, shared by every schema (names repeat across prompts); cleared when large. */
const stemsByName = new Map<string, string[]>();
const MAX_CACHED_NAMES = 200_000;

/** Stems of a schema name (`pullRequests` -> pull, request). Do not modify the returned array. */
export function nameStems(name: string): string[] {
  let stems = stemsByName.get(name);
  if (stems === undefined) {
    if (stemsByName.size >= MAX_CACHED_NAMES) stemsByName.clear();
    stems = splitWords(name).map(stem);
    stemsByName.set(name, stems);
  }
  return stems;
}

export function isStopWord(word: string): boolean {
  return STOP_WORDS.has(word.toLowerCase());
}

/** The content words of a prompt (stop words and literals removed), each with its stem and position. */
export interface PromptWord {
  word: string;
  stem: string;
  position: number;
}

/** Content words of `text` in order. */
export function contentWords(text: string): PromptWord[] {
  const words = text
    .toLowerCase()
    .split(/[^a-z0-9_]+/)
    .filter((word) => word !== '');
  const out: PromptWord[] = [];
  words.forEach((word, position) => {
    for (const part of word.split('_')) {
      if (part.length < 2 || /\d/.test(part) || STOP_WORDS.has(part)) continue;
      out.push({ word: part, stem: stem(part), position });
    }
  });
  return out;
}

/** True when the prompt is only a greeting or small talk. */
export function asksForNothing(text: string): boolean {
  const words = text
    .toLowerCase()
    .split(/[^a-z]+/)
    .filter((word) => word !== '');
  return words.length > 0 && words.length <= 8 && words.every((word) => GREETINGS.has(word));
}

/** Share of `name`'s stems found among `stems` (0-1). */
export function overlap(name: string, stems: ReadonlySet<string>): number {
  const parts = nameStems(name);
  if (parts.length === 0) return 0;
  return parts.filter((part) => stems.has(part)).length / parts.length;
}

/** Words that join the nouns of one count ("how many issues and pull requests"). */
const COUNT_JOINERS = new Set(['and', 'or']);

/**
 * Stems of the things the prompt asks to count: the content words after "how many" / "number of"
 * (up to the next function word; "and" / "or" join more nouns), and the one or two before "count" /
 * "counts" ("the total review count"). A connection of those things is read by its `totalCount`.
 */
export function countedStems(text: string): Set<string> {
  const words = text
    .toLowerCase()
    .split(/[^a-z0-9]+/)
    .filter((word) => word !== '');
  const counted = new Set<string>();
  const content = (word: string): boolean => word.length > 1 && !/\d/.test(word) && !STOP_WORDS.has(word);
  for (const [at, word] of words.entries()) {
    const opens = (word === 'many' && words[at - 1] === 'how') || (word === 'of' && words[at - 1] === 'number');
    if (opens) {
      for (let next = at + 1; next < words.length && next <= at + 6; next++) {
        const candidate = words[next] as string;
        if (content(candidate)) counted.add(stem(candidate));
        else if (!COUNT_JOINERS.has(candidate) || !content(words[next + 1] ?? '')) break;
      }
    }
    if (word === 'count' || word === 'counts') {
      for (const before of words.slice(Math.max(0, at - 2), at).reverse()) {
        if (!content(before)) break;
        counted.add(stem(before));
      }
    }
  }
  return counted;
}
