import { describe, expect, it } from '@jest/globals';
import { kthSmallest, selectTop, topK } from './top-k.js';

/** A small deterministic generator (mulberry32), so failures reproduce. */
function random(seed: number): () => number {
  let a = seed;
  return () => {
    a = (a + 0x6d2b79f5) | 0;
    let t = Math.imul(a ^ (a >>> 15), 1 | a);
    t = (t + Math.imul(t ^ (t >>> 7), 61 | t)) ^ t;
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

function reference(positions: readonly number[], scores: Float64Array, limit: number): number[] {
  return [...positions].sort((a, b) => scores[b]! - scores[a]! || a - b).slice(0, limit);
}

describe('topK', () => {
  it('matches a full sort for random scores, with and without ties, at every size', () => {
    const next = random(7);
    for (let round = 0; round < 300; round++) {
      const n = 1 + Math.floor(next() * 3000);
      const scores = new Float64Array(n + 10);
      // Coarse values make many ties; fine ones make few.
      const levels = round % 3 === 0 ? 4 : round % 3 === 1 ? 50 : 1e9;
      for (let i = 0; i < scores.length; i++) scores[i] = Math.floor(next() * levels) / levels;
      const positions = Array.from({ length: n }, (_, k) => k).sort(() => next() - 0.5);
      const limit = Math.floor(next() * (n + 5));
      expect(topK(positions, scores, limit)).toEqual(reference(positions, scores, limit));
    }
  });

  it('returns nothing for an empty list or a zero limit, and leaves its input alone', () => {
    const scores = Float64Array.from([3, 1, 2]);
    const positions = [0, 1, 2];
    expect(topK([], scores, 5)).toEqual([]);
    expect(topK(positions, scores, 0)).toEqual([]);
    expect(topK(positions, scores, 2)).toEqual([0, 2]);
    expect(positions).toEqual([0, 1, 2]);
  });

  it('breaks ties by position when every score is equal', () => {
    const scores = new Float64Array(100).fill(1);
    const positions = Array.from({ length: 100 }, (_, k) => 99 - k);
    expect(topK(positions, scores, 5)).toEqual([0, 1, 2, 3, 4]);
  });
});

describe('kthSmallest', () => {
  it('finds the k-th smallest value of random arrays', () => {
    const next = random(11);
    for (let round = 0; round < 200; round++) {
      const n = 1 + Math.floor(next() * 500);
      const values = Float64Array.from({ length: n }, () => Math.floor(next() * (round % 2 === 0 ? 5 : 1000)));
      const sorted = [...values].sort((a, b) => a - b);
      const k = Math.floor(next() * n);
      expect(kthSmallest(values, n, k)).toBe(sorted[k]);
    }
  });
});

describe('selectTop', () => {
  it('selects the same positions as topK, at every size and tie level', () => {
    const next = random(13);
    for (let round = 0; round < 300; round++) {
      const n = 1 + Math.floor(next() * 2000);
      const scores = new Float64Array(n);
      const levels = round % 3 === 0 ? 3 : round % 3 === 1 ? 40 : 1e9;
      for (let i = 0; i < n; i++) scores[i] = Math.floor(next() * levels);
      const positions = Array.from({ length: n }, (_, k) => k).sort(() => next() - 0.5);
      const limit = Math.floor(next() * (n + 5));
      const selected = selectTop(positions, scores, limit);
      expect([...selected].sort((a, b) => a - b)).toEqual(reference(positions, scores, limit).sort((a, b) => a - b));
    }
  });

  it('keeps the ties at the limit up to tieLimit in all, by ascending position', () => {
    const scores = Float64Array.from([5, 1, 3, 3, 3, 3, 0]);
    const positions = [6, 5, 4, 3, 2, 1, 0];
    const sorted = (limit: number, tieLimit?: number): number[] => [...selectTop(positions, scores, limit, tieLimit)].sort((a, b) => a - b);
    expect(sorted(2)).toEqual([0, 2]);
    expect(sorted(2, 4)).toEqual([0, 2, 3, 4]);
    expect(sorted(2, 10)).toEqual([0, 2, 3, 4, 5]);
    // Below the limit's score nothing joins.
    expect(sorted(6, 10)).toEqual([0, 1, 2, 3, 4, 5]);
  });
});
