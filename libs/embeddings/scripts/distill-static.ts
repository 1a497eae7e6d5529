/**
 * Distils USE-Lite into the static token table (the Model2Vec method): every
 * id of the model's SentencePiece vocabulary is run through the real model
 * alone, and the 8,000 × 512 vectors are written in the StaticTable format.
 *
 *   npx nx run embeddings:build && npx node libs/embeddings/scripts/distill-static.ts
 *
 * Writes libs/embeddings/data/use-lite-static.bin (about 4 MB; commit it).
 * Deterministic: rerunning on the same model gives the same file.
 */
import { createHash } from 'node:crypto';
import { writeFileSync } from 'node:fs';
import { encodeStaticTable, UseLiteProvider } from '@discovery/embeddings';

const VOCABULARY_SIZE = 8000;
const out = new URL('../data/use-lite-static.bin', import.meta.url);

const provider = new UseLiteProvider({ batchSize: 256 });
const started = performance.now();
try {
  await provider.init();
  const ids = Array.from({ length: VOCABULARY_SIZE }, (_, id) => [id]);
  const vectors = await provider.embedTokenIds(ids);
  const rows = new Float32Array(VOCABULARY_SIZE * provider.dimensions);
  vectors.forEach((v, i) => rows.set(v, i * provider.dimensions));
  const bytes = encodeStaticTable({ vocabularySize: VOCABULARY_SIZE, dimensions: provider.dimensions, rows });
  writeFileSync(out, bytes);
  const sha = createHash('sha256').update(bytes).digest('hex');
  const seconds = ((performance.now() - started) / 1000).toFixed(1);
  console.log(`wrote ${out.pathname}: ${bytes.length} bytes, sha256 ${sha}, ${seconds} s`);
} finally {
  await provider.close();
}
