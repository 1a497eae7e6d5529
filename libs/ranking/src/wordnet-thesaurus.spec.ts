import { describe, expect, it } from '@jest/globals';
import { wordNet } from './wordnet-thesaurus.js';

describe('wordNet', () => {
  it.each<[string, 'verbs' | 'nouns', string[]]>([
    ['refund', 'verbs', ['refund', 'return', 'repay']],
    ['give back', 'verbs', ['refund', 'return', 'repay']],
    ['tag', 'verbs', ['tag', 'label', 'mark']],
    ['sprint', 'nouns', ['dash', 'sprint']],
  ])('reads the first %s sense (%s) with its one-word lemmas', (lemma, pos, words) => {
    const senses = wordNet().senses(lemma);
    expect(senses?.[pos][0]?.words).toEqual(words);
  });

  it('gives the lemmas one level up', () => {
    expect(wordNet().senses('reimburse')?.verbs[0]?.broader).toEqual(['refund', 'return', 'repay']);
  });

  it.each(['qwertyuiop', 'pull request', 'Refund', 'refund;'])('knows nothing of %p', (lemma) => {
    expect(wordNet().senses(lemma)).toBeUndefined();
  });

  it('keeps one instance per process', () => {
    expect(wordNet()).toBe(wordNet());
  });
});
