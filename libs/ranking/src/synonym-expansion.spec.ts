import { describe, expect, it } from '@jest/globals';
import { analyzeQuery, type QueryIntent } from './query-intent.js';
import { DEFAULT_RANKING_OPTIONS } from './ranking-options.js';
import { baseForms, expandSynonyms, type SynonymOptions } from './synonym-expansion.js';
import { stem } from './tokenizer.js';
import { wordNet } from './wordnet-thesaurus.js';

/** A schema vocabulary (stems), as the index's term dictionary would hold it. */
const vocabulary = (...words: string[]): ((term: string) => boolean) => {
  const terms = new Set(words.map(stem));
  return (term) => terms.has(term);
};
const on: SynonymOptions = { ...DEFAULT_RANKING_OPTIONS, writeSynonymWeight: 0.5, readSynonymWeight: 0.3, synonymUnknownOnly: true };
/** A request to change data, without the action thesaurus (so only WordNet adds words). */
const asWrite = (query: string): QueryIntent => ({ ...analyzeQuery(query, undefined, 0), write: true });
const added = (before: QueryIntent, after: QueryIntent): { term: string; weight: number }[] => after.weighted.slice(before.weighted.length);

describe('baseForms', () => {
  it.each<[string, string]>([
    ['refunds', 'refund'],
    ['shipped', 'ship'],
    ['merging', 'merge'],
    ['categories', 'category'],
    ['batches', 'batch'],
  ])('%s may come from %s', (word, base) => expect(baseForms(word)).toContain(base));
});

describe('expandSynonyms', () => {
  it.each<[string, string, (t: string) => boolean, Partial<SynonymOptions>, { term: string; weight: number }[]]>([
    ['adds a synonym the schema uses, at the write weight', 'W:repay order 5', vocabulary('refund', 'order'), {}, [{ term: 'refund', weight: 0.5 }]],
    ['adds none the schema lacks', 'W:repay order 5', vocabulary('order'), {}, []],
    ['reads multi-word lemmas', 'W:give back the deposit', vocabulary('refund', 'deposit'), {}, [{ term: 'refund', weight: 0.5 }]],
    ['leaves words the schema knows alone', 'W:repay order 5', vocabulary('repay', 'refund', 'order'), {}, []],
    ['expands known words too when asked', 'W:repay order 5', vocabulary('repay', 'refund', 'order'), { synonymUnknownOnly: false }, [{ term: 'refund', weight: 0.5 }]],
    ['adds hypernyms at a share of the weight', 'W:reimburse order 5', vocabulary('refund', 'order'), { broaderFactor: 0.5 }, [{ term: 'refund', weight: 0.25 }]],
    ['adds no hypernyms without that share', 'W:reimburse order 5', vocabulary('refund', 'order'), { broaderFactor: 0 }, []],
    ['uses noun senses for read questions', 'R:which sprint is running', vocabulary('dash', 'run'), {}, [{ term: 'dash', weight: 0.3 }]],
    ['leaves reads alone at read weight 0', 'R:which sprint is running', vocabulary('dash', 'run'), { readSynonymWeight: 0 }, []],
    ['caps the synonyms per word', 'W:tag issue 5', vocabulary('label', 'mark', 'issue'), { synonymsPerWord: 1, synonymUnknownOnly: false }, [{ term: 'label', weight: 0.5 }]],
  ])('%s', (_, query, known, patch, expected) => {
    const intent = query.startsWith('W:') ? asWrite(query.slice(2)) : analyzeQuery(query.slice(2));
    const after = expandSynonyms(intent, query.slice(2), wordNet, known, { ...on, ...patch });
    expect(added(intent, after)).toEqual(expected);
  });

  it('does not load the thesaurus when its weight is 0', () => {
    const intent = asWrite('repay order 5');
    const unloaded = (): never => {
      throw new Error('thesaurus loaded');
    };
    expect(expandSynonyms(intent, 'repay order 5', unloaded, vocabulary('refund'), { ...on, writeSynonymWeight: 0 })).toBe(intent);
  });
});

describe('the action thesaurus weight', () => {
  it.each<[number, boolean]>([
    [0.7, true],
    [0, false],
  ])('at %p, a request for money back is matched on refund: %p', (weight, matched) => {
    const intent = analyzeQuery('Give the customer their money back for order 5', undefined, weight);
    expect(intent.write).toBe(true);
    expect(intent.weighted.some((w) => w.term === stem('refund') && w.weight === weight)).toBe(matched);
  });
});
