import { describe, expect, it } from '@jest/globals';
import { createEmbeddingProvider } from './create-embedding-provider.js';
import { OpenAiEmbeddingProvider } from './openai-embedding.provider.js';
import { StaticEmbeddingProvider } from './static/static.provider.js';
import { TransformersEmbeddingProvider } from './transformers-embedding.provider.js';
import { UseLiteProvider } from './use-lite/use-lite.provider.js';

describe('createEmbeddingProvider', () => {
  it.each([
    [{ provider: 'use-lite' as const, workers: 1 }, UseLiteProvider],
    [{ provider: 'static' as const }, StaticEmbeddingProvider],
    [{ provider: 'transformers' as const, modelPath: '/models/minilm' }, TransformersEmbeddingProvider],
    [{ provider: 'openai' as const, baseURL: 'http://127.0.0.1:9/v1', model: 'm', dimensions: 8 }, OpenAiEmbeddingProvider],
  ])('builds %o', (config, type) => {
    expect(createEmbeddingProvider(config)).toBeInstanceOf(type);
  });

  it('puts model identity and settings in the id', () => {
    expect(createEmbeddingProvider({ provider: 'use-lite' }).id).toBe('use-lite@energetic-ai-0.2.0');
    expect(
      createEmbeddingProvider({ provider: 'openai', baseURL: 'https://api.example/v1', model: 'text-embedding-3-small', dimensions: 512, sendDimensions: true })
        .id,
    ).toBe('openai:text-embedding-3-small;d=512;shortened');
  });

  it('lists every problem of a bad configuration without echoing secrets', () => {
    const bad = () => createEmbeddingProvider({ provider: 'openai', baseURL: 'ftp://x', model: '', dimensions: -1, apiKey: 'sk-secret', extra: 1 } as never);
    expect(bad).toThrow(/invalid embedding provider configuration: .*baseURL.*model.*dimensions/);
    expect(bad).toThrow(expect.objectContaining({ code: 'invalid_input', message: expect.not.stringContaining('sk-secret') }));
    expect(() => createEmbeddingProvider({ provider: 'bert' } as never)).toThrow(/provider/);
    expect(() => createEmbeddingProvider({ provider: 'transformers', modelPath: ' ' })).toThrow(/EMBEDDINGS_MODEL_PATH/);
    expect(() => createEmbeddingProvider({ provider: 'use-lite', workers: 0 })).toThrow(/workers/);
  });
});
