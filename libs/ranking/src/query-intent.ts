/**
 * What a query asks for: its search terms, and whether it asks to change data
 * (create, update, delete, ...) or only to read. Read-only questions keep
 * mutation fields out of their answers.
 */
import { expansionTerms, type Abbreviations } from './abbreviations.js';
import { isStopWord, stem, textWords } from './tokenizer.js';
import { detectWriteIntent, type MutationOnlyWord, type SchemaNameWord } from './write-intent.js';
import { DEFAULT_RANKING_OPTIONS } from './ranking-options.js';
import { requestClassMask } from './verb-classes.js';

/**
 * Schema vocabulary implied by common question words: GraphQL schemas name timestamps `...At`,
 * counts `totalCount`, lifecycles `state`/`status`. Expansion terms count at `weight` of a typed term.
 */
const IMPLIED: readonly { words: readonly string[]; terms: readonly string[]; weight: number }[] = [
  {
    words: [
      'when',
      'date',
      'time',
      'timestamp',
      'yesterday',
      'today',
      'recent',
      'recently',
      'ago',
      'since',
      'day',
      'days',
      'week',
      'weeks',
      'month',
      'months',
      'year',
      'years',
    ],
    terms: ['at', 'date'],
    weight: 0.3,
  },
  { words: ['many', 'count', 'number'], terms: ['count', 'total'], weight: 0.4 },
  {
    words: [
      'open',
      'opened',
      'closed',
      'merged',
      'draft',
      'pending',
      'active',
      'inactive',
      'archived',
      'resolved',
      'unresolved',
      'unfulfilled',
      'fulfilled',
      'paid',
      'unpaid',
    ],
    terms: ['state', 'statu'],
    weight: 0.3,
  },
];

/** A word that stands alone in a query (not part of `3PL`, `prNumber` or `org_id`). */
const STANDALONE_WORD = /(?<![\w-])[a-z]+(?![\w-])/g;

export interface WeightedTerm {
  term: string;
  weight: number;
}

export interface QueryIntent {
  /** Distinct stemmed terms, in query order. */
  terms: string[];
  /** The terms with weight 1, then implied schema vocabulary (IMPLIED), abbreviations and the thesaurus with their lower weights. */
  weighted: WeightedTerm[];
  /** The terms a symbol's name is compared with: for a read the typed terms and what their abbreviations stand for; for a request to change data every weighted term. */
  nameTerms: string[];
  /** The query asks to change data. */
  write: boolean;
  /** For a request to change data, the classes of its verbs (verb-classes.ts); 0 otherwise. */
  verbClasses: number;
}

/** The schema's abbreviations and the weight of what they stand for. */
export interface AbbreviationUse {
  of: Abbreviations;
  weight: number;
}

/**
 * Analyzes a query; falls back to stop words as terms when the query has nothing else. With the
 * schema's mutation-only words, a request that opens with one of them counts as a write too. A
 * request to change data also gets the schema words its phrases stand for, at `thesaurusWeight`;
 * with the schema's abbreviations, any query gets the words its abbreviations stand for. With the
 * words of the schema's names, a word it names nothing with (nor abbreviates) may open a request.
 */
export function analyzeQuery(
  query: string,
  mutationOnly?: MutationOnlyWord,
  thesaurusWeight: number = DEFAULT_RANKING_OPTIONS.thesaurusWeight,
  abbreviations?: AbbreviationUse,
  schemaName?: SchemaNameWord,
  namesMutation?: (first: string, words: readonly string[]) => boolean,
): QueryIntent {
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
  const add = (term: string, weight: number): boolean => {
    if (seen.has(term)) return false;
    seen.add(term);
    weighted.push({ term, weight });
    return true;
  };
  const abbreviated: string[] = [];
  if (abbreviations && abbreviations.weight > 0) {
    // Whole words only: `pl` of "3PL" or `pr` of `prNumber` abbreviates nothing.
    for (const word of new Set(query.toLowerCase().match(STANDALONE_WORD) ?? [])) {
      const expansion = abbreviations.of.expand(word);
      for (const term of expansion ? expansionTerms(expansion) : []) if (add(term, abbreviations.weight)) abbreviated.push(term);
    }
  }
  const detected = detectWriteIntent(
    query,
    mutationOnly,
    schemaName && abbreviations ? (w) => schemaName(w) || abbreviations.of.expand(w) !== undefined : schemaName,
    namesMutation,
  );
  const write = detected.write;
  for (const word of write && thesaurusWeight > 0 ? detected.expansions : []) add(stem(word), thesaurusWeight);
  // A request to change data is matched on every weighted term; a read on what it typed and its abbreviations.
  const nameTerms = write ? weighted.map((w) => w.term) : [...terms, ...abbreviated];
  return { terms, weighted, nameTerms, write, verbClasses: write ? requestClassMask(detected.verbs) : 0 };
}
