/**
 * Distils USE-Lite into the static token table used by StaticEmbeddingProvider:
 *   1. every id of the model's 8,000-piece SentencePiece vocabulary is run
 *      through the real model alone (the Model2Vec method);
 *   2. 8,000 training texts (symbol texts and description sentences of the
 *      test fixture schemas, never the benchmark schemas) are embedded with the
 *      real model, and the table is fitted so that SIF-weighted means of rows
 *      approach those vectors (fitStaticTable in src/static/fit-static-table.ts);
 *   3. the table is written int8 with one scale per row.
 *
 *   npx nx run embeddings:build
 *   npx node libs/embeddings/scripts/distill-static.ts [--corpus-cache /tmp/use-lite-train.bin]
 *
 * Writes libs/embeddings/data/use-lite-static.bin (about 4 MB; commit it). Step 2
 * takes minutes (about 10 ms per text per core); --corpus-cache keeps its vectors
 * between runs. With the same corpus vectors the file is reproduced bit for bit (the
 * committed one: sha256 3d82251da7a4…); a fresh corpus embedding may differ in rounding.
 */
import { createHash } from 'node:crypto';
import { existsSync, readFileSync, writeFileSync } from 'node:fs';
import { DEFAULT_SIF_A, encodeStaticTable, fitStaticTable, loadUseLiteVocabulary, SentencePieceTokenizer, UseLiteProvider } from '@discovery/embeddings';
// Node runs the .ts sibling (type stripping); tsc checks it through the type-only import.
import type * as TrainingCorpus from './training-corpus.js';

const { trainingCorpus } = (await import(new URL('./training-corpus.ts', import.meta.url).href)) as typeof TrainingCorpus;

const TRAINING_TEXTS = 8000;
const FIT = { mapLambda: 0.01, tokenLambda: 0.01, iterations: 20 };
const out = new URL('../data/use-lite-static.bin', import.meta.url);
const cacheArg = process.argv.indexOf('--corpus-cache');
const cache = cacheArg > 0 ? process.argv[cacheArg + 1] : undefined;

const flatten = (vs: Float32Array[], d: number): Float32Array => {
  const flat = new Float32Array(vs.length * d);
  vs.forEach((v, i) => {
    flat.set(v, i * d);
  });
  return flat;
};

async function corpusVectors(provider: UseLiteProvider, texts: string[]): Promise<Float32Array> {
  if (cache && existsSync(cache)) {
    const flat = new Float32Array(readFileSync(cache).buffer.slice(0));
    if (flat.length === texts.length * provider.dimensions) return flat;
    console.log(`ignoring ${cache}: it holds a different corpus`);
  }
  const flat = flatten(await provider.embed(texts), provider.dimensions);
  if (cache) writeFileSync(cache, flat);
  return flat;
}

const provider = new UseLiteProvider({ batchSize: 64 });
const started = performance.now();
const seconds = (): string => ((performance.now() - started) / 1000).toFixed(1);
try {
  await provider.init();
  const vocabulary = await loadUseLiteVocabulary();
  const d = provider.dimensions;
  const v = vocabulary.length;
  const table0 = flatten(await provider.embedTokenIds(vocabulary.map((_, id) => [id])), d);
  console.log(`embedded ${v} tokens alone (${seconds()} s)`);
  const texts = trainingCorpus(TRAINING_TEXTS);
  const targets = await corpusVectors(provider, texts);
  console.log(`embedded ${texts.length} training texts (${seconds()} s)`);
  const tokenizer = new SentencePieceTokenizer(vocabulary);
  const weights = Float32Array.from(vocabulary, ([, logP]) => DEFAULT_SIF_A / (DEFAULT_SIF_A + Math.exp(logP ?? 0)));
  const rows = fitStaticTable(table0, v, d, weights, { tokens: texts.map((t) => tokenizer.encode(t)), targets }, FIT);
  const bytes = encodeStaticTable({ vocabularySize: v, dimensions: d, rows });
  writeFileSync(out, bytes);
  const sha = createHash('sha256').update(bytes).digest('hex');
  console.log(`wrote ${out.pathname}: ${bytes.length} bytes, sha256 ${sha} (${seconds()} s)`);
} finally {
  await provider.close();
}
