/**
 * Picks the embedding provider from configuration and wraps it for the
 * services (the index builder and the index reader): symbol vectors cached by text across indexes and
 * replicas (returned as int8), query vectors straight from the model. `none`
 * turns the meaning signal off. The model is loaded before this returns, so
 * its identity (part of the index version) is known.
 */
import type { EmbeddingsConfig } from '@discovery/config';
import type { EmbeddingCache } from '@discovery/storage';
import { CachingEmbedder } from './caching-embedder.js';
import { createEmbeddingProvider, type EmbeddingProviderConfig } from './create-embedding-provider.js';

/** Embeds symbol and query texts into int8 unit vectors of one model. */
export interface TextEmbedder {
  /** Model identity: part of the index version. */
  readonly id: string;
  embed(texts: string[], signal?: AbortSignal): Promise<Int8Array[]>;
  /** A query's unit vector, straight from the model (no shared cache: a warm search stays in process). */
  embedQuery(text: string): Promise<Float32Array>;
}

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
