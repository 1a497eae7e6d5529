import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from '@jest/globals';
import { DEFAULT_TRANSFORMERS_MODEL } from '../transformers-embedding.provider.js';
import { loadUseLiteVocabulary } from '../use-lite/use-lite-vocabulary.js';
import { exportStaticOnnx } from './static-onnx-export.js';
import { DEFAULT_SIF_A, DEFAULT_STATIC_TABLE } from './static.provider.js';

describe('exportStaticOnnx', () => {
  it('reproduces the committed model folder byte for byte from the committed table', async () => {
    const files = exportStaticOnnx(readFileSync(DEFAULT_STATIC_TABLE), await loadUseLiteVocabulary(), DEFAULT_SIF_A);
    const folder = fileURLToPath(DEFAULT_TRANSFORMERS_MODEL);
    expect(Object.keys(files).sort()).toEqual(['config.json', 'onnx/model.onnx', 'tokenizer.json', 'tokenizer_config.json']);
    for (const [name, content] of Object.entries(files)) {
      const committed = readFileSync(join(folder, name));
      expect(Buffer.compare(committed, Buffer.from(content))).toBe(0);
    }
  });

  it('rejects bytes that are not a static table', async () => {
    const vocabulary = await loadUseLiteVocabulary();
    expect(() => exportStaticOnnx(new Uint8Array(8), vocabulary, DEFAULT_SIF_A)).toThrow(/not a static embedding table/);
  });
});
