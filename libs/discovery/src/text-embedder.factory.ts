/**
 * Picks the embedding provider from configuration and wraps it for the
 * discovery service: symbol vectors cached by text across indexes and
 * replicas (returned as int8), query vectors straight from the model. `none`
 * turns the meaning signal off. The model is loaded before this returns, so
 * its identity (part of the index version) is known.
 */
import type { EmbeddingsConfig } from '@discovery/config';
import { CachingEmbedder, createEmbeddingProvider, type EmbeddingProviderConfig } from '@discovery/embeddings';
import type { EmbeddingCache } from '@discovery/storage';
import type { TextEmbedder } from './ports.js';

export interface TextEmbedderHandle extends TextEmbedder {
  /** Resolves once the model is loaded (readiness). */
  ready(): Promise<void>;
  close(): Promise<void>;
}

export function providerConfig(config: EmbeddingsConfig): EmbeddingProviderConfig | undefined {
  switch (config.provider) {
    case 'none':
      return undefined;
    case 'static':
      return config.modelPath ? { provider: 'static', table: config.modelPath } : { provider: 'static' };
    case 'use-lite':
      return { provider: 'use-lite' };
    case 'transformers':
      return { provider: 'transformers', modelPath: config.modelPath ?? '' };
    case 'openai':
      return {
        provider: 'openai',
        baseURL: config.baseUrl ?? '',
        model: config.model ?? '',
        dimensions: config.dimensions ?? 0,
        ...(config.apiKey ? { apiKey: config.apiKey } : {}),
      };
  }
}

export async function createTextEmbedder(config: EmbeddingsConfig, cache: EmbeddingCache): Promise<TextEmbedderHandle | undefined> {
  const settings = providerConfig(config);
  if (!settings) return undefined;
  const provider = createEmbeddingProvider(settings);
  await provider.init();
  const cached = new CachingEmbedder(provider, cache);
  return {
    id: provider.id,
    embed: (texts, signal) => cached.embed(texts, signal),
    async embedQuery(text) {
      const [vector] = await provider.embed([text]);
      if (!vector) throw new Error('the embedding model returned no vector for the query');
      return vector;
    },
    ready: () => provider.init(),
    close: () => provider.close(),
  };
}
