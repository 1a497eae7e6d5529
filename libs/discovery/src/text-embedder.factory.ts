/**
 * Picks the embedding provider from configuration and wraps it for the
 * discovery service: vectors cached by text across indexes and replicas,
 * returned as int8. `none` turns the meaning signal off.
 */
import type { EmbeddingsConfig } from '@discovery/config';
import type { EmbeddingCache } from '@discovery/storage';
import type { TextEmbedder } from './ports.js';

export interface TextEmbedderHandle extends TextEmbedder {
  /** Resolves once the model is loaded (readiness). */
  ready(): Promise<void>;
  close(): Promise<void>;
}

export async function createTextEmbedder(
  config: EmbeddingsConfig,
  _cache: EmbeddingCache,
): Promise<TextEmbedderHandle | undefined> {
  if (config.provider === 'none') return undefined;
  throw new Error(`embeddings provider ${config.provider} is not wired yet`);
}
