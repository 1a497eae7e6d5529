import { describe, expect, it } from '@jest/globals';
import { fitStaticTable, type FitCorpus } from './fit-static-table.js';

/** Deterministic pseudo-random numbers in [-1, 1). */
function random(seed: number): () => number {
  let s = seed;
  return () => {
    s = (s * 1103515245 + 12345) % 2147483648;
    return s / 1073741824 - 1;
  };
}

const V = 6;
const D = 3;
const next = random(7);
const truth = Float32Array.from({ length: V * D }, next);
const weights = Float32Array.from({ length: V }, (_, i) => 1 / (i + 1));

/** Targets are exact weighted means of the true rows, so a perfect fit exists. */
function corpus(n: number): FitCorpus {
  const tokens = Array.from({ length: n }, () => Array.from({ length: 3 }, () => Math.floor(((next() + 1) / 2) * V)));
  const targets = new Float32Array(n * D);
  tokens.forEach((ids, t) => {
    const total = ids.reduce((a, id) => a + (weights[id] as number), 0);
    for (const id of ids)
      for (let j = 0; j < D; j++) targets[t * D + j] = (targets[t * D + j] as number) + ((weights[id] as number) / total) * (truth[id * D + j] as number);
  });
  return { tokens, targets };
}

function error(table: Float32Array, data: FitCorpus): number {
  let sum = 0;
  data.tokens.forEach((ids, t) => {
    const total = ids.reduce((a, id) => a + (weights[id] as number), 0);
    for (let j = 0; j < D; j++) {
      const predicted = ids.reduce((a, id) => a + ((weights[id] as number) / total) * (table[id * D + j] as number), 0);
      sum += (predicted - (data.targets[t * D + j] as number)) ** 2;
    }
  });
  return sum / data.tokens.length;
}

describe('fitStaticTable', () => {
  const data = corpus(200);
  const start = Float32Array.from(truth, (x, i) => x * 0.3 + (i % 2 === 0 ? 0.5 : -0.2));

  it('the linear map alone reduces the error of a distorted table', () => {
    const fitted = fitStaticTable(start, V, D, weights, data, { mapLambda: 1e-6, tokenLambda: 0, iterations: 0 });
    expect(error(fitted, data)).toBeLessThan(error(start, data) / 2);
  });

  it('per-token corrections recover the true table when the corpus determines it', () => {
    const fitted = fitStaticTable(start, V, D, weights, data, { mapLambda: 1e-6, tokenLambda: 1e-9, iterations: 60 });
    expect(error(fitted, data)).toBeLessThan(1e-8);
    fitted.forEach((x, i) => {
      expect(x).toBeCloseTo(truth[i] as number, 3);
    });
  });

  it('a strong ridge keeps tokens at their mapped rows', () => {
    const mapped = fitStaticTable(start, V, D, weights, data, { mapLambda: 1e-6, tokenLambda: 0, iterations: 0 });
    const pulled = fitStaticTable(start, V, D, weights, data, { mapLambda: 1e-6, tokenLambda: 1e6, iterations: 10 });
    pulled.forEach((x, i) => {
      expect(x).toBeCloseTo(mapped[i] as number, 4);
    });
  });
});
