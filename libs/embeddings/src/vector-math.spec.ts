import { describe, expect, it } from '@jest/globals';
import fc from 'fast-check';
import { cosine, cosineInt8, cosineInt8Exact, dequantizeInt8, dot, dotInt8, normalizeInPlace, quantizeInt8 } from './vector-math.js';

const unitVector = fc
  .array(fc.float({ min: -1, max: 1, noNaN: true }), { minLength: 8, maxLength: 64 })
  .filter((xs) => xs.some((x) => Math.abs(x) > 1e-3))
  .map((xs) => normalizeInPlace(Float32Array.from(xs)));

describe('int8 quantization', () => {
  it('maps unit components to [-127, 127] and clamps', () => {
    expect(Array.from(quantizeInt8(new Float32Array([1, -1, 0.5, 0, 1.2, -3])))).toEqual([127, -127, 64, 0, 127, -127]);
    expect(Array.from(dequantizeInt8(new Int8Array([127, -127, 0])))).toEqual([1, -1, 0]);
  });

  it('round-trips every component within half a step, and keeps cosines within 0.02', () => {
    fc.assert(
      fc.property(unitVector, unitVector, (a, b) => {
        const back = dequantizeInt8(quantizeInt8(a));
        back.forEach((x, i) => {
          expect(Math.abs(x - (a[i] as number))).toBeLessThanOrEqual(0.5 / 127 + 1e-6);
        });
        if (a.length === b.length) {
          expect(Math.abs(cosineInt8(quantizeInt8(a), quantizeInt8(b)) - dot(a, b))).toBeLessThan(0.02);
        }
      }),
    );
  });

  it('computes int8 dot products and exact cosines', () => {
    const a = new Int8Array([1, 2, 3]);
    const b = new Int8Array([-1, 0, 2]);
    expect(dotInt8(a, b)).toBe(5);
    expect(cosineInt8Exact(a, b)).toBeCloseTo(5 / (Math.sqrt(14) * Math.sqrt(5)), 10);
    expect(cosineInt8Exact(a, new Int8Array(3))).toBe(0);
    expect(cosine([1, 0], [0, 2])).toBe(0);
    expect(cosine([3, 4], [6, 8])).toBeCloseTo(1, 10);
  });

  it('rejects vectors of different lengths', () => {
    expect(() => dotInt8(new Int8Array(2), new Int8Array(3))).toThrow(/lengths differ: 2 and 3/);
    expect(() => dot([1], [1, 2])).toThrow(/lengths differ/);
  });

  it('normalizes in place and leaves a zero vector alone', () => {
    expect(Array.from(normalizeInPlace(new Float32Array([3, 4])))).toEqual([0.6000000238418579, 0.800000011920929]);
    expect(Array.from(normalizeInPlace(new Float32Array(2)))).toEqual([0, 0]);
  });
});
