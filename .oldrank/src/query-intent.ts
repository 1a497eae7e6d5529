/**
 * What a query asks for: its search terms, and whether it asks to change data
 * (create, update, delete, ...) or only to read. Read-only questions keep
 * mutation fields out of their answers.
 */
import { isStopWord, stem, textWords } from './tokenizer.js';

/**
 * Verbs (base form, as typed in a request) that unambiguously ask to change data. Words that are
 * also common nouns or read questions (`request`, `merge`, `star`, `link`, `transfer`) are left out.
 */
const WRITE_VERBS: ReadonlySet<string> = new Set(
  `add create update delete remove modify edit rename insert upsert mutate mutation mutations
  archive unarchive cancel submit publish unpublish assign unassign invite revoke approve dismiss
  enable disable reopen unset toggle unsubscribe unfollow unstar upload erase destroy attach detach`
    .split(/\s+/)
    .filter((w) => w.length > 0),
);

/**
 * Schema vocabulary implied by common question words: GraphQL schemas name timestamps `...At`,
 * counts `totalCount`, lifecycles `state`/`status`. Expansion terms count at `weight` of a typed term.
 */
const IMPLIED: readonly { words: readonly string[]; terms: readonly string[]; weight: number }[] = [
  {
    words: ['when', 'date', 'time', 'timestamp', 'yesterday', 'today', 'recent', 'recently', 'ago', 'since', 'day', 'days', 'week', 'weeks', 'month', 'months', 'year', 'years'],
    terms: ['at', 'date'],
    weight: 0.3,
  },
  { words: ['many', 'count', 'number'], terms: ['count', 'total'], weight: 0.4 },
  {
    words: ['open', 'opened', 'closed', 'merged', 'draft', 'pending', 'active', 'inactive', 'archived', 'resolved', 'unresolved', 'unfulfilled', 'fulfilled', 'paid', 'unpaid'],
    terms: ['state', 'statu'],
    weight: 0.3,
  },
];

export interface WeightedTerm {
  term: string;
  weight: number;
}

export interface QueryIntent {
  /** Distinct stemmed terms, in query order. */
  terms: string[];
  /** The terms with weight 1, then implied schema vocabulary (IMPLIED) with its lower weight. */
  weighted: WeightedTerm[];
  /** The query asks to change data. */
  write: boolean;
}

/** Analyzes a query; falls back to stop words as terms when the query has nothing else. */
export function analyzeQuery(query: string): QueryIntent {
  const words = textWords(query);
  const content = words.filter((w) => !isStopWord(w));
  const terms = [...new Set((content.length > 0 ? content : words).map(stem))];
  const weighted: WeightedTerm[] = terms.map((term) => ({ term, weight: 1 }));
  const seen = new Set(terms);
  for (const rule of IMPLIED) {
    if (!rule.words.some((w) => words.includes(w))) continue;
    for (const term of rule.terms) {
      if (!seen.has(term)) {
        seen.add(term);
        weighted.push({ term, weight: rule.weight });
      }
    }
  }
  return { terms, weighted, write: asksToWrite(query) };
}

/** Words before which a write verb is a noun (`the last edit date`, `an update`), not a request. */
const NOUN_MARKERS: ReadonlySet<string> = new Set(['a', 'an', 'the', 'last', 'latest', 'recent', 'first', 'each', 'every', 'its', 'their', 'any']);

/**
 * A write verb typed as a word of its own: tokens with inner punctuation (`org.add_member`,
 * `created_at:>2026`) are values or filters quoted in a question, not requests, and a verb after
 * an article or `last` is a noun.
 */
function asksToWrite(query: string): boolean {
  let previous = '';
  for (const raw of query.split(/\s+/)) {
    const token = raw.replace(/^[^A-Za-z]+|[^A-Za-z]+$/g, '').toLowerCase();
    if (/^[a-z]+$/.test(token) && WRITE_VERBS.has(token) && !NOUN_MARKERS.has(previous)) return true;
    previous = token;
  }
  return false;
}
