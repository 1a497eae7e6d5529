/**
 * Token counts linear in the text (issue 23 finding 1): exact for ordinary
 * text, and runs longer than LONG_RUN estimated above the exact count instead
 * of handed to the quadratic byte-pair encoder. Work is counted, never timed.
 */
import { describe, expect, it } from '@jest/globals';
import { countTokens as exactCount } from 'gpt-tokenizer';
import { COSMO_DEMO, readFixture } from './testing/index.js';
import { countTokens, LONG_RUN, tokenCountStats, tokenizerLoaded } from './token-count.js';

describe('countTokens', () => {
  // First in this file: nothing has counted yet in this module registry.
  it('loads the byte-pair encoder on the first count, not at import (a serving replica never counts)', () => {
    expect(tokenizerLoaded()).toBe(false);
    expect(countTokens('open issues of a repository')).toBe(exactCount('open issues of a repository'));
    expect(tokenizerLoaded()).toBe(true);
  });

  it('is exact on schema text and prose', () => {
    const sdl = readFixture(COSMO_DEMO);
    expect(countTokens(sdl)).toBe(exactCount(sdl));
    for (const text of ['', 'a', 'open issues of a repository', `  ${'x'.repeat(LONG_RUN)}: Int`]) expect(countTokens(text)).toBe(exactCount(text));
  });

  it('never hands a run over LONG_RUN characters to the encoder', () => {
    const before = { ...tokenCountStats };
    const hostile = `  f${'a'.repeat(200_000)}(ids: [Int] = ${'!'.repeat(50_000)}): ${' '.repeat(10_000)}Int ${'ж'.repeat(30_000)}`;
    const tokens = countTokens(hostile);
    expect(tokenCountStats.estimatedRuns - before.estimatedRuns).toBe(4);
    expect(tokenCountStats.exactChars - before.exactChars).toBeLessThan(100);
    expect(tokens).toBeGreaterThan(0);
  });

  it.each([
    ['a', (n: number) => 'a'.repeat(n)],
    ['random letters', (n: number) => Array.from({ length: n }, (_, i) => String.fromCharCode(97 + ((i * 7919) % 26))).join('')],
    ['capitals', (n: number) => Array.from({ length: n }, (_, i) => String.fromCharCode(65 + ((i * 31) % 26))).join('')],
    ['punctuation', (n: number) => Array.from({ length: n }, (_, i) => '!#$%&*+-/<=>?@^|~'[(i * 13) % 17]).join('')],
    ['CJK', (n: number) => Array.from({ length: n }, (_, i) => String.fromCodePoint(0x4e00 + ((i * 101) % 2000))).join('')],
    ['spaces', (n: number) => ' '.repeat(n)],
  ])('estimates a long run (%s) at no less than its exact count', (_, make) => {
    for (const length of [LONG_RUN + 1, 600, 2_000]) {
      const run = make(length);
      expect(countTokens(run)).toBeGreaterThanOrEqual(exactCount(run));
    }
  });
});
