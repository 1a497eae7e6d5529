/**
 * The meaning signal: cosine between the query vector and symbols' int8
 * vectors, fused with the word scores by weighted score fusion (word scores
 * normalized by their maximum, cosine above a floor scaled by a weight). Only
 * the word candidates are compared, and for a request to change data every
 * mutation field too (a request's paraphrase may share no word with the
 * mutation it needs); the whole index is scanned only with `vectorScanAll`.
 */
import type { RankingOptions } from './ranking-options.js';
import { RankingError, RankingErrorCode } from './ranking.errors.js';
import { SymbolFlag, type SearchIndex } from './search-index.js';

/** Scale of the int8 quantization: a unit vector component c is stored as round(c * 127). */
export const INT8_SCALE = 127;

/** Quantizes a unit vector to int8 (the form buildSearchIndex expects). */
export function quantizeVector(vector: Float32Array): Int8Array {
  const out = new Int8Array(vector.length);
  for (let i = 0; i < vector.length; i++) {
    out[i] = Math.max(-127, Math.min(127, Math.round(vector[i]! * INT8_SCALE)));
  }
  return out;
}

/** What the meaning pass leaves: the candidates, and for a request the mutation field closest in meaning. */
export interface VectorScoring {
  candidates: number[];
  /** The mutation field with the highest cosine above the floor (a request only; ties to the earlier field). */
  closestMutation: number | undefined;
}

/**
 * Rewrites `scores` of candidates as fused scores and adds symbols found by meaning only.
 * For a request to change data every mutation field is compared, so the closest one comes too.
 */
export function addVectorScores(
  index: SearchIndex,
  query: Float32Array,
  candidates: ArrayLike<number> & Iterable<number>,
  scores: Float64Array,
  o: Readonly<RankingOptions>,
  write = false,
): VectorScoring {
  const { vectors, dimensions } = index;
  if (vectors === undefined) return { candidates: [...candidates], closestMutation: undefined };
  if (query.length !== dimensions) {
    throw new RankingError(RankingErrorCode.InvalidRequest, `The query vector has ${query.length} dimensions; the index has ${dimensions}.`);
  }
  let maxWord = 0;
  for (const i of candidates) maxWord = Math.max(maxWord, scores[i]!);
  const inCandidates = new Uint8Array(index.symbols.length);
  for (const i of candidates) {
    inCandidates[i] = 1;
    scores[i] = maxWord > 0 ? scores[i]! / maxWord : 0;
  }
  const out = [...candidates];
  const span = 1 - o.vectorFloor;
  const { flags } = index.structure;
  let closest: number | undefined;
  let closestCosine = o.vectorFloor;
  const score = (i: number): void => {
    const base = i * dimensions;
    let dot = 0;
    for (let d = 0; d < dimensions; d++) dot += query[d]! * vectors[base + d]!;
    const cosine = dot / INT8_SCALE;
    if (cosine <= o.vectorFloor) return;
    if (write && (flags[i]! & SymbolFlag.MutationField) !== 0 && (cosine > closestCosine || (cosine === closestCosine && i < closest!))) {
      closest = i;
      closestCosine = cosine;
    }
    if (inCandidates[i] === 0) {
      inCandidates[i] = 1;
      out.push(i);
    }
    scores[i]! += (o.vectorWeight * (cosine - o.vectorFloor)) / span;
  };
  if (o.vectorScanAll) {
    for (let i = 0; i < index.symbols.length; i++) score(i);
  } else {
    for (const i of candidates) score(i);
    if (write) for (const i of mutationFields(index)) if (inCandidates[i] === 0) score(i);
  }
  return { candidates: out, closestMutation: closest };
}

const mutationFieldLists = new WeakMap<SearchIndex, Int32Array>();

/** Positions of the mutation root's fields, computed once per index. */
function mutationFields(index: SearchIndex): Int32Array {
  let list = mutationFieldLists.get(index);
  if (list === undefined) {
    const found: number[] = [];
    index.structure.flags.forEach((f, i) => {
      if ((f & SymbolFlag.MutationField) !== 0) found.push(i);
    });
    list = Int32Array.from(found);
    mutationFieldLists.set(index, list);
  }
  return list;
}
