/**
 * retryAfterMs: the three ways a server says how long to wait.
 */
import { describe, expect, it } from '@jest/globals';
import { retryAfterMs } from './model-caller.js';

describe('retryAfterMs', () => {
  const now = Date.parse('2026-01-01T00:00:00Z');
  const cases: [string, Record<string, string>, number | undefined][] = [
    ['retry-after-ms wins', { 'retry-after-ms': '250', 'retry-after': '9' }, 250],
    ['retry-after in seconds', { 'retry-after': '2' }, 2000],
    ['retry-after as an HTTP date', { 'retry-after': 'Thu, 01 Jan 2026 00:00:03 GMT' }, 3000],
    ['a date in the past is no wait', { 'retry-after': 'Wed, 31 Dec 2025 23:59:00 GMT' }, 0],
    ['garbage is ignored', { 'retry-after': 'soon' }, undefined],
    ['absent', {}, undefined],
  ];
  it.each(cases)('%s', (_name, headers, expected) => {
    expect(retryAfterMs(new Headers(headers), now)).toBe(expected);
  });
});
