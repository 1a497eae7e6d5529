/**
 * @jest-environment ./test/jest/native-typed-arrays.environment.cjs
 */
import { cpSync, mkdirSync, mkdtempSync, renameSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from '@jest/globals';
import { StaticEmbeddingProvider } from './static/static.provider.js';
import { DEFAULT_TRANSFORMERS_MODEL, TransformersEmbeddingProvider } from './transformers-embedding.provider.js';
import { dot } from './vector-math.js';

/** Texts of every shape a schema gives: names, sentences, long descriptions, unusual characters. */
const TEXTS = [
  'Adds an emoji award to an awardable',
  'refund order 1042',
  "Repository.defaultBranchRef: The Ref associated with the repository's default branch.",
  'x',
  'Ünïcødé naïve café — 日本語',
  'createIssue(input: CreateIssueInput!): CreateIssuePayload',
  'The HTTP URL for this pull request. '.repeat(40),
];

describe('TransformersEmbeddingProvider on the shipped model (real transformers.js and onnxruntime)', () => {
  const reference = new StaticEmbeddingProvider();
  beforeAll(() => reference.init());

  it('loads the shipped model with no EMBEDDINGS_MODEL_PATH and gives the static provider’s vectors', async () => {
    const provider = new TransformersEmbeddingProvider({ batchSize: 3 });
    await provider.init();
    expect(provider.dimensions).toBe(512);
    expect(provider.id).toMatch(/^transformers:use-lite-static-onnx@[0-9a-f]{12};dtype=fp32;mean$/);
    // Batches of 3 texts of different lengths: padding and the attention mask in mean pooling are exercised.
    const vectors = await provider.embed(TEXTS);
    const expected = await reference.embed(TEXTS);
    vectors.forEach((v, i) => {
      expect(v).toHaveLength(512);
      expect(dot(v, v)).toBeCloseTo(1, 5);
      expect(dot(v, expected[i]!)).toBeGreaterThan(0.9999);
    });
    // A text alone gives the same vector as inside a padded batch.
    const [alone] = await provider.embed([TEXTS[3]!]);
    expect(dot(alone!, vectors[3]!)).toBeGreaterThan(0.99999);
    await provider.close();
    await expect(provider.embed(['x'])).rejects.toMatchObject({ code: 'closed' });
  });

  describe('a model folder elsewhere (EMBEDDINGS_MODEL_PATH)', () => {
    let root: string;
    beforeEach(() => {
      root = mkdtempSync(join(tmpdir(), 'embeddings-transformers-'));
    });
    afterEach(() => rmSync(root, { recursive: true, force: true }));

    it('loads a copy from another folder, with a quantized file name (dtype q8)', async () => {
      const folder = join(root, 'my-model');
      cpSync(fileURLToPath(DEFAULT_TRANSFORMERS_MODEL), folder, { recursive: true });
      renameSync(join(folder, 'onnx', 'model.onnx'), join(folder, 'onnx', 'model_quantized.onnx'));
      const provider = new TransformersEmbeddingProvider({ modelPath: folder, dtype: 'q8' });
      await provider.init();
      expect(provider.id).toMatch(/^transformers:my-model@[0-9a-f]{12};dtype=q8;mean$/);
      const [v] = await provider.embed([TEXTS[0]!]);
      const [expected] = await reference.embed([TEXTS[0]!]);
      expect(dot(v!, expected!)).toBeGreaterThan(0.9999);
      await provider.close();
    });

    it('fails init() with model_failed for a folder whose files are not a model', async () => {
      const folder = join(root, 'broken');
      mkdirSync(join(folder, 'onnx'), { recursive: true });
      for (const f of ['config.json', 'tokenizer.json', 'tokenizer_config.json']) writeFileSync(join(folder, f), '{}');
      writeFileSync(join(folder, 'onnx', 'model.onnx'), 'not a model');
      const provider = new TransformersEmbeddingProvider({ modelPath: folder });
      await expect(provider.init()).rejects.toMatchObject({ code: 'model_failed', message: expect.stringContaining(folder) });
    });

    it('fails init() listing what the folder lacks, before importing anything', async () => {
      let imported = false;
      const importer = async (): Promise<unknown> => {
        imported = true;
        return {};
      };
      const empty = new TransformersEmbeddingProvider({ modelPath: join(root, 'nowhere') }, importer);
      await expect(empty.init()).rejects.toMatchObject({ code: 'provider_unavailable', message: expect.stringContaining('EMBEDDINGS_MODEL_PATH') });
      const partial = join(root, 'partial');
      mkdirSync(partial);
      writeFileSync(join(partial, 'config.json'), '{}');
      const lacking = new TransformersEmbeddingProvider({ modelPath: partial }, importer);
      await expect(lacking.init()).rejects.toMatchObject({ message: expect.stringMatching(/missing tokenizer\.json, onnx\/model\.onnx/) });
      const quantized = new TransformersEmbeddingProvider({ modelPath: fileURLToPath(DEFAULT_TRANSFORMERS_MODEL), dtype: 'q8' }, importer);
      await expect(quantized.init()).rejects.toMatchObject({ message: expect.stringContaining('onnx/model_quantized.onnx') });
      expect(imported).toBe(false);
    });
  });

  it('fails init() naming the package to install when @huggingface/transformers cannot be imported', async () => {
    const provider = new TransformersEmbeddingProvider({}, () => import('@huggingface/not-installed-for-this-test' as string));
    await expect(provider.init()).rejects.toMatchObject({
      code: 'provider_unavailable',
      message: expect.stringContaining('npm install @huggingface/transformers'),
    });
  });

  it('rejects bad settings', () => {
    expect(() => new TransformersEmbeddingProvider({ modelPath: ' ' })).toThrow(/modelPath/);
    expect(() => new TransformersEmbeddingProvider({ batchSize: 0 })).toThrow(/batchSize/);
    expect(() => new TransformersEmbeddingProvider({ dtype: 'fp64' as 'fp32' })).toThrow(/dtype/);
  });

  afterAll(() => reference.close());
});
