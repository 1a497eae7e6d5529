/**
 * BM25F postings: for every term, the symbols that contain it and the term's
 * precomputed impact in each (idf times saturated, length-normalized, weighted
 * term frequency). A query only sums impacts over its terms' postings, so a
 * search never scans the texts.
 */
import { BM25_K1, BM25F_FIELDS, FIELD_NAMES, type SymbolFields } from './symbol-fields.js';

export interface LexicalIndex {
  /** Term strings, by term id. */
  terms: string[];
  termIds: Map<string, number>;
  /** Postings of term t are [postingStart[t], postingStart[t + 1]). */
  postingStart: Uint32Array;
  postingDoc: Uint32Array;
  postingImpact: Float32Array;
}

/** Builds postings over the fields of every document (symbol), in document order. */
export function buildLexicalIndex(docs: readonly SymbolFields[]): LexicalIndex {
  const avgLength = averageFieldLengths(docs);
  const termIds = new Map<string, number>();
  const terms: string[] = [];
  const docsOf: number[][] = [];
  const tfsOf: number[][] = [];
  docs.forEach((fields, doc) => {
    for (const [term, tf] of weightedFrequencies(fields, avgLength)) {
      let id = termIds.get(term);
      if (id === undefined) {
        id = terms.length;
        termIds.set(term, id);
        terms.push(term);
        docsOf.push([]);
        tfsOf.push([]);
      }
      docsOf[id]!.push(doc);
      tfsOf[id]!.push(tf);
    }
  });
  const total = docsOf.reduce((sum, list) => sum + list.length, 0);
  const postingStart = new Uint32Array(terms.length + 1);
  const postingDoc = new Uint32Array(total);
  const postingImpact = new Float32Array(total);
  let at = 0;
  for (let t = 0; t < terms.length; t++) {
    postingStart[t] = at;
    const list = docsOf[t]!;
    const idf = inverseDocumentFrequency(docs.length, list.length);
    for (let k = 0; k < list.length; k++) {
      const tf = tfsOf[t]![k]!;
      postingDoc[at] = list[k]!;
      postingImpact[at] = (idf * tf) / (BM25_K1 + tf);
      at++;
    }
  }
  postingStart[terms.length] = at;
  return { terms, termIds, postingStart, postingDoc, postingImpact };
}

/** Robertson-Sparck Jones idf, kept positive. */
export function inverseDocumentFrequency(docCount: number, docFrequency: number): number {
  return Math.log(1 + (docCount - docFrequency + 0.5) / (docFrequency + 0.5));
}

function averageFieldLengths(docs: readonly SymbolFields[]): Record<string, number> {
  const avg: Record<string, number> = {};
  for (const field of FIELD_NAMES) {
    let sum = 0;
    let count = 0;
    for (const doc of docs) {
      if (doc[field].length > 0) {
        sum += doc[field].length;
        count++;
      }
    }
    avg[field] = count === 0 ? 1 : sum / count;
  }
  return avg;
}

/** BM25F pseudo-frequency of each term of one document. */
function weightedFrequencies(fields: SymbolFields, avgLength: Record<string, number>): Map<string, number> {
  const tf = new Map<string, number>();
  for (const field of FIELD_NAMES) {
    const words = fields[field];
    if (words.length === 0) continue;
    const { weight, b } = BM25F_FIELDS[field];
    const norm = weight / (1 - b + (b * words.length) / avgLength[field]!);
    for (const word of words) tf.set(word, (tf.get(word) ?? 0) + norm);
  }
  return tf;
}
