import { describe, expect, it } from '@jest/globals';
import { TextMemo, detach } from './text-memo.js';

describe('TextMemo', () => {
  it('computes each text once and returns the same value after', () => {
    const seen: string[] = [];
    const memo = new TextMemo(10_000, (text) => {
      seen.push(text);
      return text.toUpperCase();
    });
    expect(memo.get('abc')).toBe('ABC');
    expect(memo.get('abc')).toBe('ABC');
    expect(memo.get('de')).toBe('DE');
    expect(seen).toEqual(['abc', 'de']);
  });

  it('memoizes undefined results too', () => {
    let calls = 0;
    const memo = new TextMemo<string | undefined>(10_000, () => {
      calls += 1;
      return undefined;
    });
    memo.get('blank');
    memo.get('blank');
    expect(calls).toBe(1);
  });

  it('holds at most maxChars of keys: the newest generation and the one before survive', () => {
    const seen: string[] = [];
    // Each 8-character key counts 8 + 32 = 40; a generation holds 100 characters: two keys.
    const memo = new TextMemo(200, (text) => {
      seen.push(text);
      return text.length;
    });
    for (const key of ['aaaaaaa1', 'aaaaaaa2', 'aaaaaaa3', 'aaaaaaa4', 'aaaaaaa5']) memo.get(key);
    expect(memo.size).toBeLessThanOrEqual(4);
    seen.length = 0;
    memo.get('aaaaaaa5');
    memo.get('aaaaaaa4');
    expect(seen).toEqual([]);
    memo.get('aaaaaaa1');
    expect(seen).toEqual(['aaaaaaa1']);
  });

  it('does not keep texts longer than half its size', () => {
    let calls = 0;
    const memo = new TextMemo(100, () => (calls += 1));
    memo.get('x'.repeat(60));
    memo.get('x'.repeat(60));
    expect(calls).toBe(2);
    expect(memo.size).toBe(0);
  });
});

describe('detach', () => {
  it('returns an equal string', () => {
    const long = 'a description longer than thirteen characters';
    expect(detach(long.slice(2, 30))).toBe(long.slice(2, 30));
    expect(detach('short')).toBe('short');
    expect(detach('')).toBe('');
  });
});
