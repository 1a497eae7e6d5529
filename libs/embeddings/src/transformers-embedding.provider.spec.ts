import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from '@jest/globals';
import { TransformersEmbeddingProvider, type FeatureExtractor, type TransformersModule } from './transformers-embedding.provider.js';
import { dot } from './vector-math.js';

/** A model folder with the files transformers.js needs (weights are a placeholder). */
function modelFolder(root: string, files = ['config.json', 'tokenizer.json', 'onnx/model.onnx']): string {
  const dir = join(root, 'mini-model');
  mkdirSync(join(dir, 'onnx'), { recursive: true });
  for (const f of files) writeFileSync(join(dir, f), f === 'config.json' ? '{"hidden_size":3}' : 'x');
  return dir;
}

/** A stand-in for transformers.js: records how it is called, returns [len, 1, 0] per text. */
function fakeModule(calls: { model: string; options: Record<string, unknown>; pooling: unknown[]; env?: TransformersModule['env'] }): TransformersModule {
  const env = { allowRemoteModels: true, allowLocalModels: false, localModelPath: '/models/' };
  calls.env = env;
  return {
    env,
    async pipeline(_task, model, options) {
      calls.model = model;
      calls.options = options;
      const extractor = (async (texts: string[], opts: unknown) => {
        calls.pooling.push(opts);
        return { data: Float32Array.from(texts.flatMap((t) => [t.length, 1, 0])), dims: [texts.length, 3] };
      }) as FeatureExtractor;
      return extractor;
    },
  };
}

describe('TransformersEmbeddingProvider', () => {
  let root: string;
  beforeEach(() => {
    root = mkdtempSync(join(tmpdir(), 'embeddings-transformers-'));
  });
  afterEach(() => rmSync(root, { recursive: true, force: true }));

  it('fails init() naming the package to install when @huggingface/transformers is missing', async () => {
    const provider = new TransformersEmbeddingProvider({ modelPath: modelFolder(root) }, () => import('@huggingface/not-installed-for-this-test' as string));
    await expect(provider.init()).rejects.toMatchObject({
      code: 'provider_unavailable',
      message: expect.stringContaining('npm install @huggingface/transformers'),
    });
  });

  it('with the default importer, fails the same way in this repository (the package is not a dependency)', async () => {
    const provider = new TransformersEmbeddingProvider({ modelPath: modelFolder(root) });
    await expect(provider.init()).rejects.toMatchObject({ code: 'provider_unavailable', message: expect.stringContaining('is not installed') });
  });

  it('fails init() listing what the model folder lacks, before importing anything', async () => {
    let imported = false;
    const importer = async (): Promise<unknown> => ((imported = true), {});
    const empty = new TransformersEmbeddingProvider({ modelPath: join(root, 'nowhere') }, importer);
    await expect(empty.init()).rejects.toMatchObject({ code: 'provider_unavailable', message: expect.stringContaining('EMBEDDINGS_MODEL_PATH') });
    const partial = new TransformersEmbeddingProvider({ modelPath: modelFolder(root, ['config.json']) }, importer);
    await expect(partial.init()).rejects.toMatchObject({ message: expect.stringMatching(/missing tokenizer\.json, onnx\/model\.onnx/) });
    const quantized = new TransformersEmbeddingProvider({ modelPath: modelFolder(root), dtype: 'q8' }, importer);
    await expect(quantized.init()).rejects.toMatchObject({ message: expect.stringContaining('onnx/model_quantized.onnx') });
    expect(imported).toBe(false);
  });

  it('loads from the local folder only, with mean pooling, normalized, in batches', async () => {
    const calls = { model: '', options: {}, pooling: [] as unknown[] } as Parameters<typeof fakeModule>[0];
    const dir = modelFolder(root);
    const provider = new TransformersEmbeddingProvider({ modelPath: dir, batchSize: 2 }, async () => fakeModule(calls));
    await provider.init();
    expect(calls.env).toEqual({ allowRemoteModels: false, allowLocalModels: true, localModelPath: `${root}/` });
    expect(calls.model).toBe('mini-model');
    expect(calls.options).toMatchObject({ dtype: 'fp32', local_files_only: true });
    expect(provider.dimensions).toBe(3);
    expect(provider.id).toMatch(/^transformers:mini-model@[0-9a-f]{12};dtype=fp32;mean$/);
    calls.pooling.length = 0;
    const vectors = await provider.embed(['abc', 'a', 'abcd']);
    expect(calls.pooling).toEqual([{ pooling: 'mean', normalize: true }, { pooling: 'mean', normalize: true }]);
    expect(vectors.map((v) => Number(dot(v, v).toFixed(5)))).toEqual([1, 1, 1]);
    expect((vectors[0] as Float32Array)[0]).toBeCloseTo(3 / Math.sqrt(10), 5);
    await provider.close();
    await expect(provider.embed(['x'])).rejects.toMatchObject({ code: 'closed' });
  });

  it('rejects bad settings', () => {
    expect(() => new TransformersEmbeddingProvider({ modelPath: ' ' })).toThrow(/modelPath/);
    expect(() => new TransformersEmbeddingProvider({ modelPath: root, batchSize: 0 })).toThrow(/batchSize/);
    expect(() => new TransformersEmbeddingProvider({ modelPath: root, dtype: 'fp64' as 'fp32' })).toThrow(/dtype/);
  });
});
