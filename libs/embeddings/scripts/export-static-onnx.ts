/**
 * Writes the static table as a transformers.js model folder,
 * libs/embeddings/data/use-lite-static-onnx/ (config.json, tokenizer.json,
 * tokenizer_config.json, onnx/model.onnx; about 4 MB, committed): the model the
 * `transformers` provider loads when EMBEDDINGS_MODEL_PATH is not set
 * (src/static/static-onnx-export.ts says how it is made). Deterministic: the
 * same table gives the same bytes, which a spec checks.
 *
 *   npx node libs/embeddings/scripts/export-static-onnx.ts
 */
import { mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { DEFAULT_SIF_A, DEFAULT_STATIC_TABLE, DEFAULT_TRANSFORMERS_MODEL, exportStaticOnnx, loadUseLiteVocabulary } from '@discovery/embeddings';

const folder = fileURLToPath(DEFAULT_TRANSFORMERS_MODEL);
const files = exportStaticOnnx(readFileSync(DEFAULT_STATIC_TABLE), await loadUseLiteVocabulary(), DEFAULT_SIF_A);
for (const [name, content] of Object.entries(files)) {
  const path = join(folder, name);
  mkdirSync(dirname(path), { recursive: true });
  writeFileSync(path, content);
  process.stdout.write(`wrote ${path} (${typeof content === 'string' ? Buffer.byteLength(content) : content.length} bytes)\n`);
}
