/**
 * Picks the embedding provider from configuration and wraps it for the
 * services (the index builder and the index reader): symbol vectors cached by text across indexes and
 * replicas (returned as int8), query vectors straight from the model. `none`
 * turns the meaning signal off. The model is loaded before this returns, so
 * its identity (part of the index version) is known. Models trained with
 * instructions (e5, bge) get their query and document prefixes here
 * (EMBEDDINGS_QUERY_PREFIX, EMBEDDINGS_DOCUMENT_PREFIX); both are part of the id.
 */
import { createHash } from 'node:crypto';
import type { EmbeddingsConfig } from '@discovery/config';
import type { EmbeddingCache } from '@discovery/storage';
import { CachingEmbedder } from './caching-embedder.js';
import type { EmbeddingProvider } from './embedding-provider.js';
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
      return config.modelPath ? { provider: 'transformers', modelPath: config.modelPath } : { provider: 'transformers' };
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

/** The provider's id, with a digest of each prefix that is set (`;q=<hex8>;d=<hex8>`). */
export function embedderId(providerId: string, prefixes: { queryPrefix: string; documentPrefix: string }): string {
  const digest = (text: string): string => createHash('sha256').update(text).digest('hex').slice(0, 8);
  return `${providerId}${prefixes.queryPrefix ? `;q=${digest(prefixes.queryPrefix)}` : ''}${prefixes.documentPrefix ? `;d=${digest(prefixes.documentPrefix)}` : ''}`;
}

/** `query:` + `refund an order` -> `query: refund an order` (an empty prefix adds nothing). */
function withPrefix(prefix: string, text: string): string {
  return prefix ? `${prefix} ${text}` : text;
}

/** The provider as the symbol texts' embedder: under the embedder's id, each text after the document prefix. */
function documentsOf(provider: EmbeddingProvider, id: string, prefix: string): EmbeddingProvider {
  return {
    id,
    get dimensions() {
      return provider.dimensions;
    },
    init: () => provider.init(),
    embed: (texts, signal) => provider.embed(prefix ? texts.map((t) => withPrefix(prefix, t)) : texts, signal),
    close: () => provider.close(),
  };
}

export async function createTextEmbedder(config: EmbeddingsConfig, cache: EmbeddingCache): Promise<TextEmbedderHandle | undefined> {
  const settings = providerConfig(config);
  if (!settings) return undefined;
  const provider = createEmbeddingProvider(settings);
  await provider.init();
  const { queryPrefix, documentPrefix } = config;
  const id = embedderId(provider.id, config);
  // Cache keys are namespaced by the id, so prefixed texts never meet unprefixed ones.
  const cached = new CachingEmbedder(documentsOf(provider, id, documentPrefix), cache);
  return {
    id,
    embed: (texts, signal) => cached.embed(texts, signal),
    async embedQuery(text) {
      const [vector] = await provider.embed([withPrefix(queryPrefix, text)]);
      if (!vector) throw new Error('the embedding model returned no vector for the query');
      return vector;
    },
    ready: () => provider.init(),
    close: () => provider.close(),
  };
}
