/**
 * Fits the distilled token table to USE-Lite's sentence vectors (the idea of
 * Tokenlearn, a refinement of Model2Vec). Embedding each token alone gives a
 * table whose weighted means agree poorly with the real model (mean cosine
 * about 0.35), so the table is fitted on a corpus of (text, USE-Lite vector)
 * pairs in two least-squares steps, so that the weighted mean of a text's
 * rows approaches the model's vector for it:
 *   1. a linear map W (512 × 512, ridge): table1 = table0 · W, keeps the table
 *      a table (mean and W commute) and moves every token, seen or not;
 *   2. per-token corrections by conjugate gradient on the normal equations,
 *      pulled towards table1 (ridge), so tokens rarely seen stay where step 1 put them.
 */

export interface FitCorpus {
  /** Token ids per text. */
  tokens: number[][];
  /** USE-Lite vector per text, row-major, n × d. */
  targets: Float32Array;
}

/** Sparse rows: for each text, its distinct token ids and their weights (summing to 1). */
interface Design {
  ids: Int32Array[];
  weights: Float64Array[];
}

function design(tokens: number[][], tokenWeight: Float32Array): Design {
  const ids: Int32Array[] = [];
  const weights: Float64Array[] = [];
  for (const seq of tokens) {
    const acc = new Map<number, number>();
    for (const id of seq) acc.set(id, (acc.get(id) ?? 0) + (tokenWeight[id] as number));
    const total = [...acc.values()].reduce((a, b) => a + b, 0) || 1;
    ids.push(Int32Array.from(acc.keys()));
    weights.push(Float64Array.from([...acc.values()].map((w) => w / total)));
  }
  return { ids, weights };
}

/** out (n × d) = A · E, with A the sparse design. */
function multiply(a: Design, e: Float64Array, d: number): Float64Array {
  const out = new Float64Array(a.ids.length * d);
  a.ids.forEach((ids, t) => {
    const w = a.weights[t] as Float64Array;
    for (let k = 0; k < ids.length; k++) {
      const base = (ids[k] as number) * d;
      const wk = w[k] as number;
      for (let j = 0; j < d; j++) out[t * d + j] = (out[t * d + j] as number) + wk * (e[base + j] as number);
    }
  });
  return out;
}

/** out (V × d) = Aᵀ · M. */
function multiplyTransposed(a: Design, m: Float64Array, v: number, d: number): Float64Array {
  const out = new Float64Array(v * d);
  a.ids.forEach((ids, t) => {
    const w = a.weights[t] as Float64Array;
    for (let k = 0; k < ids.length; k++) {
      const base = (ids[k] as number) * d;
      const wk = w[k] as number;
      for (let j = 0; j < d; j++) out[base + j] = (out[base + j] as number) + wk * (m[t * d + j] as number);
    }
  });
  return out;
}

/** Solves (S + λI) X = B for symmetric positive S (d × d), B (d × d), by Cholesky. */
function solveSymmetric(s: Float64Array, b: Float64Array, d: number, lambda: number): Float64Array {
  const l = new Float64Array(d * d);
  for (let i = 0; i < d; i++) {
    for (let j = 0; j <= i; j++) {
      let sum = (s[i * d + j] as number) + (i === j ? lambda : 0);
      for (let k = 0; k < j; k++) sum -= (l[i * d + k] as number) * (l[j * d + k] as number);
      l[i * d + j] = i === j ? Math.sqrt(sum) : sum / (l[j * d + j] as number);
    }
  }
  const x = new Float64Array(b);
  for (let c = 0; c < d; c++) {
    for (let i = 0; i < d; i++) {
      let sum = x[i * d + c] as number;
      for (let k = 0; k < i; k++) sum -= (l[i * d + k] as number) * (x[k * d + c] as number);
      x[i * d + c] = sum / (l[i * d + i] as number);
    }
    for (let i = d - 1; i >= 0; i--) {
      let sum = x[i * d + c] as number;
      for (let k = i + 1; k < d; k++) sum -= (l[k * d + i] as number) * (x[k * d + c] as number);
      x[i * d + c] = sum / (l[i * d + i] as number);
    }
  }
  return x;
}

/** Step 1: W minimizing ||X W - Y||² + λ||W||² (λ relative to the mean diagonal of XᵀX). */
function fitLinearMap(x: Float64Array, y: Float32Array, n: number, d: number, relativeLambda: number): Float64Array {
  const xtx = new Float64Array(d * d);
  const xty = new Float64Array(d * d);
  for (let t = 0; t < n; t++) {
    for (let i = 0; i < d; i++) {
      const xi = x[t * d + i] as number;
      if (xi === 0) continue;
      for (let j = 0; j < d; j++) {
        xtx[i * d + j] = (xtx[i * d + j] as number) + xi * (x[t * d + j] as number);
        xty[i * d + j] = (xty[i * d + j] as number) + xi * (y[t * d + j] as number);
      }
    }
  }
  let trace = 0;
  for (let i = 0; i < d; i++) trace += xtx[i * d + i] as number;
  return solveSymmetric(xtx, xty, d, (relativeLambda * trace) / d);
}

export interface FitStaticTableOptions {
  /** Ridge of the linear map, relative to the mean diagonal of XᵀX. */
  mapLambda: number;
  /** Ridge pulling each token towards its mapped row. */
  tokenLambda: number;
  /** Conjugate gradient iterations for step 2 (0 skips it). */
  iterations: number;
}

/** Returns the fitted table (V × d, Float32). */
export function fitStaticTable(
  table0: Float32Array,
  v: number,
  d: number,
  tokenWeight: Float32Array,
  corpus: FitCorpus,
  options: FitStaticTableOptions,
): Float32Array {
  const a = design(corpus.tokens, tokenWeight);
  const n = corpus.tokens.length;
  const e0 = Float64Array.from(table0);
  const w = fitLinearMap(multiply(a, e0, d), corpus.targets, n, d, options.mapLambda);
  const e1 = new Float64Array(v * d);
  for (let r = 0; r < v; r++) {
    for (let k = 0; k < d; k++) {
      const ek = e0[r * d + k] as number;
      if (ek === 0) continue;
      for (let j = 0; j < d; j++) e1[r * d + j] = (e1[r * d + j] as number) + ek * (w[k * d + j] as number);
    }
  }
  if (options.iterations === 0) return Float32Array.from(e1);
  // Step 2: (AᵀA + λI) E = AᵀY + λE1, all d columns at once, started at E1.
  const lambda = options.tokenLambda;
  const apply = (e: Float64Array): Float64Array => {
    const out = multiplyTransposed(a, multiply(a, e, d), v, d);
    for (let i = 0; i < out.length; i++) out[i] = (out[i] as number) + lambda * (e[i] as number);
    return out;
  };
  const e = new Float64Array(e1);
  const rhs = multiplyTransposed(a, Float64Array.from(corpus.targets), v, d);
  const start = apply(e);
  const r = new Float64Array(v * d);
  for (let i = 0; i < r.length; i++) r[i] = (rhs[i] as number) + lambda * (e1[i] as number) - (start[i] as number);
  const p = new Float64Array(r);
  const columnDot = (x: Float64Array, y: Float64Array): Float64Array => {
    const out = new Float64Array(d);
    for (let i = 0; i < v; i++) for (let j = 0; j < d; j++) out[j] = (out[j] as number) + (x[i * d + j] as number) * (y[i * d + j] as number);
    return out;
  };
  let rr = columnDot(r, r);
  for (let it = 0; it < options.iterations; it++) {
    const ap = apply(p);
    const pap = columnDot(p, ap);
    for (let i = 0; i < v; i++) {
      for (let j = 0; j < d; j++) {
        const alpha = (pap[j] as number) > 0 ? (rr[j] as number) / (pap[j] as number) : 0;
        e[i * d + j] = (e[i * d + j] as number) + alpha * (p[i * d + j] as number);
        r[i * d + j] = (r[i * d + j] as number) - alpha * (ap[i * d + j] as number);
      }
    }
    const next = columnDot(r, r);
    for (let i = 0; i < v; i++) {
      for (let j = 0; j < d; j++) {
        const beta = (rr[j] as number) > 0 ? (next[j] as number) / (rr[j] as number) : 0;
        p[i * d + j] = (r[i * d + j] as number) + beta * (p[i * d + j] as number);
      }
    }
    rr = next;
  }
  return Float32Array.from(e);
}
