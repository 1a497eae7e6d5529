import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { beforeAll, describe, expect, it } from '@jest/globals';
import fc from 'fast-check';
import { SentencePieceTokenizer } from './sentencepiece.tokenizer.js';
import { loadUseLiteVocabulary } from './use-lite/use-lite-vocabulary.js';

type Reference = { tokenizer: { encode(text: string): number[] } };
const require = createRequire(import.meta.url);

describe('SentencePieceTokenizer', () => {
  let fast: SentencePieceTokenizer;
  let reference: Reference['tokenizer'];
  beforeAll(async () => {
    const vocabulary = await loadUseLiteVocabulary();
    fast = new SentencePieceTokenizer(vocabulary);
    const { EmbeddingsModel } = require('@energetic-ai/embeddings') as { EmbeddingsModel: new (d: unknown) => Reference };
    reference = new EmbeddingsModel({ vocabulary, model: null }).tokenizer;
  });

  it('tokenizes like the model: pieces of a schema text', () => {
    const ids = fast.encode('Employee currentMood: Mood');
    expect(ids.map((id) => fast.piece(id)?.[0])).toEqual(['▁', 'Employ', 'ee', '▁current', 'Mo', 'od', ':', '▁Mo', 'od']);
  });

  it.each([
    ['empty', ''],
    ['spaces only', '   '],
    ['tabs and newlines', 'a\tb\nc'],
    ['unknown characters run', 'price in ₿₿₿ or 元'],
    ['emoji (astral)', 'rocket 🚀 launch 👩‍🚀'],
    ['accents (NFKC)', 'café ﬁle Ⅻ'],
    ['punctuation', 'Query.repository(owner:, name:) -> [PullRequest!]!'],
    ['null-scored pieces', 'see https://example.com :) or :('],
  ])('gives the reference ids for %s', (_label, text) => {
    expect(fast.encode(text)).toEqual(reference.encode(text));
  });

  it('gives the reference ids for every line of a real schema', () => {
    const lines = readFileSync(new URL('../../../test/fixtures/schemas/swapi.graphql', import.meta.url), 'utf8').split('\n');
    const mismatches = lines.filter((line) => JSON.stringify(fast.encode(line)) !== JSON.stringify(reference.encode(line)));
    expect(mismatches).toEqual([]);
  });

  it('gives the reference ids for arbitrary strings', () => {
    fc.assert(
      fc.property(fc.string({ unit: 'grapheme', maxLength: 40 }), (text) => {
        expect(fast.encode(text)).toEqual(reference.encode(text));
      }),
      { numRuns: 300 },
    );
  });
});
