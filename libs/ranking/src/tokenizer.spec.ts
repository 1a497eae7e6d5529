import { describe, expect, it } from '@jest/globals';
import fc from 'fast-check';
import { analyzeQuery } from './query-intent.js';
import { identifierTerms, splitIdentifier, stem, textTerms } from './tokenizer.js';

describe('splitIdentifier', () => {
  it.each([
    ['defaultBranchRef', ['default', 'branch', 'ref']],
    ['PullRequest', ['pull', 'request']],
    ['HTTPServer2FA', ['http', 'server', '2', 'fa']],
    ['total_price_set', ['total', 'price', 'set']],
    ['SCREAMING_CASE', ['screaming', 'case']],
    ['userID', ['user', 'id']],
    ['sha256', ['sha', '256']],
    ['', []],
    ['__typename', ['typename']],
  ])('%s', (input, words) => {
    expect(splitIdentifier(input)).toEqual(words);
  });
});

/** The regular-expression form splitIdentifier had: the one-pass scanner must split exactly as it did. */
function regexSplit(identifier: string): string[] {
  const words: string[] = [];
  for (const chunk of identifier.match(/[A-Za-z0-9]+/g) ?? []) {
    const spaced = chunk
      .replace(/([a-z])([A-Z])/g, '$1 $2')
      .replace(/([A-Z]+)([A-Z][a-z])/g, '$1 $2')
      .replace(/([A-Za-z])(\d)/g, '$1 $2')
      .replace(/(\d)([A-Za-z])/g, '$1 $2');
    for (const word of spaced.split(' ')) if (word.length > 0) words.push(word.toLowerCase());
  }
  return words;
}

describe('splitIdentifier against the regular-expression split', () => {
  const identifierChars = fc.constantFrom(...'aAbBzZ09_.-: é'.split(''), 'X', 'y', '5');
  it('splits every identifier-like string the same', () => {
    fc.assert(
      fc.property(fc.array(identifierChars, { maxLength: 24 }), (chars) => {
        const text = chars.join('');
        expect(splitIdentifier(text)).toEqual(regexSplit(text));
      }),
      { numRuns: 5000 },
    );
  });
  it('splits any string the same', () => {
    fc.assert(
      fc.property(fc.string({ maxLength: 40 }), (text) => {
        expect(splitIdentifier(text)).toEqual(regexSplit(text));
      }),
      { numRuns: 2000 },
    );
  });
});

describe('stem', () => {
  it.each([
    ['repositories', 'repositori'],
    ['repository', 'repositori'],
    ['orders', 'order'],
    ['merged', 'merg'],
    ['2026', '2026'],
  ])('%s -> %s', (word, stemmed) => {
    expect(stem(word)).toBe(stemmed);
  });

  it('maps singular and plural to one term', () => {
    expect(stem('authors')).toBe(stem('author'));
  });
});

describe('identifierTerms / textTerms', () => {
  it('adds the compound of a multi-word identifier', () => {
    expect(identifierTerms('pullRequests')).toEqual(['pull', 'request', 'pullrequest']);
  });

  it('keeps stop words inside identifiers but not in prose', () => {
    expect(identifierTerms('first')).toEqual(['first']);
    expect(textTerms('Show me the orders for this customer')).toEqual(['order', 'custom']);
  });
});

describe('analyzeQuery', () => {
  it.each([
    ['Which open pull requests are drafts?', false],
    ['List merged pull requests with their authors', false],
    ['create a new issue in the repository', true],
    ['How do I delete a webhook?', true],
    ['update the price of a product', true],
    ['recently created issues', false],
    ['pull request review requests', false],
    ['audit log entries for org.add_member actions', false],
    ['Delete: the old webhook', true],
    ['segments with their name and last edit date', false],
    ['show the latest update of each order', false],
  ])('%s -> write %s', (query, write) => {
    expect(analyzeQuery(query).write).toBe(write);
  });

  it('drops stop words and duplicate terms', () => {
    expect(analyzeQuery('What are the orders and orders of a customer?').terms).toEqual(['order', 'custom']);
  });

  it('falls back to stop words when nothing else is left', () => {
    expect(analyzeQuery('which').terms).toEqual(['which']);
  });
});

describe('implied schema vocabulary', () => {
  it.each([
    ['issues closed last week', ['at', 'date', 'state', 'statu']],
    ['how many stars', ['count', 'total']],
    ['repository owner', []],
  ])('%s adds %j', (query, implied) => {
    const intent = analyzeQuery(query);
    expect(intent.weighted.filter((t) => t.weight < 1).map((t) => t.term)).toEqual(implied);
    expect(intent.weighted.filter((t) => t.weight === 1).map((t) => t.term)).toEqual(intent.terms);
  });
});
