/**
 * Vector helpers for unit-length embeddings: int8 quantization (scale 127,
 * so a unit vector's components map to [-127, 127]), dot products and
 * cosines on int8 and float vectors, and normalization.
 */
import { EmbeddingError, EmbeddingErrorCode } from './embedding.errors.js';

/** Components of a unit vector times this scale are stored as int8. */
export const INT8_SCALE = 127;

/** Quantizes a unit-length vector to int8 (each component × 127, rounded and clamped). */
export function quantizeInt8(v: Float32Array): Int8Array {
  const out = new Int8Array(v.length);
  for (let i = 0; i < v.length; i++) {
    const q = Math.round((v[i] as number) * INT8_SCALE);
    out[i] = Math.min(127, Math.max(-127, q));
  }
  return out;
}

/** Inverse of quantizeInt8 (up to rounding). */
export function dequantizeInt8(v: Int8Array): Float32Array {
  const out = new Float32Array(v.length);
  for (let i = 0; i < v.length; i++) out[i] = (v[i] as number) / INT8_SCALE;
  return out;
}

function assertSameLength(a: ArrayLike<number>, b: ArrayLike<number>): void {
  if (a.length !== b.length) {
    throw new EmbeddingError(EmbeddingErrorCode.InvalidInput, `vector lengths differ: ${a.length} and ${b.length}`);
  }
}

/** Raw integer dot product of two int8 vectors. */
export function dotInt8(a: Int8Array, b: Int8Array): number {
  assertSameLength(a, b);
  let s = 0;
  for (let i = 0; i < a.length; i++) s += (a[i] as number) * (b[i] as number);
  return s;
}

/**
 * Cosine of two quantized unit vectors, approximated as dot / 127² (exact up to
 * quantization error, about 0.01). Use cosineInt8Exact when the vectors may not be unit-length.
 */
export function cosineInt8(a: Int8Array, b: Int8Array): number {
  return dotInt8(a, b) / (INT8_SCALE * INT8_SCALE);
}

/** Cosine of two int8 vectors, normalized by their own norms; 0 when either is zero. */
export function cosineInt8Exact(a: Int8Array, b: Int8Array): number {
  const na = Math.sqrt(dotInt8(a, a));
  const nb = Math.sqrt(dotInt8(b, b));
  return na === 0 || nb === 0 ? 0 : dotInt8(a, b) / (na * nb);
}

/** Dot product of two float vectors (the cosine when both are unit-length). */
export function dot(a: ArrayLike<number>, b: ArrayLike<number>): number {
  assertSameLength(a, b);
  let s = 0;
  for (let i = 0; i < a.length; i++) s += (a[i] as number) * (b[i] as number);
  return s;
}

/** Cosine of two float vectors of any length; 0 when either is zero. */
export function cosine(a: ArrayLike<number>, b: ArrayLike<number>): number {
  const na = Math.sqrt(dot(a, a));
  const nb = Math.sqrt(dot(b, b));
  return na === 0 || nb === 0 ? 0 : dot(a, b) / (na * nb);
}

/** Scales v to unit length in place and returns it; a zero vector stays zero. */
export function normalizeInPlace(v: Float32Array): Float32Array {
  let s = 0;
  for (let i = 0; i < v.length; i++) s += (v[i] as number) * (v[i] as number);
  if (s === 0) return v;
  const inv = 1 / Math.sqrt(s);
  for (let i = 0; i < v.length; i++) v[i] = (v[i] as number) * inv;
  return v;
}
