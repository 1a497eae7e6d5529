/**
 * createEmbeddingProvider: picks and configures a provider from plain
 * configuration (what libs/config reads from the environment). The config is
 * validated here too, so a bad value fails with one message listing every problem.
 *
 *   use-lite      the bundled USE-Lite on worker threads (accurate, ~10 ms per text per core)
 *   static        USE-Lite distilled into a token table (same space, ~50 µs per text)
 *   transformers  transformers.js with a local ONNX model folder (EMBEDDINGS_MODEL_PATH; default: the shipped model)
 *   openai        an OpenAI-compatible /v1/embeddings endpoint
 */
import { z } from 'zod';
import type { EmbeddingProvider } from './embedding-provider.js';
import { EmbeddingError, EmbeddingErrorCode } from './embedding.errors.js';
import { OpenAiEmbeddingProvider } from './openai-embedding.provider.js';
import { StaticEmbeddingProvider } from './static/static.provider.js';
import { TransformersEmbeddingProvider } from './transformers-embedding.provider.js';
import { UseLiteProvider } from './use-lite/use-lite.provider.js';

const int = (min: number, max: number) => z.number().int().min(min).max(max);

export const embeddingProviderConfigSchema = z.discriminatedUnion('provider', [
  z.strictObject({ provider: z.literal('use-lite'), workers: int(1, 64).optional(), batchSize: int(1, 1024).optional() }),
  z.strictObject({ provider: z.literal('static'), table: z.string().min(1).optional(), sifA: z.number().positive().optional() }),
  z.strictObject({
    provider: z.literal('transformers'),
    modelPath: z.string().trim().min(1, 'modelPath (EMBEDDINGS_MODEL_PATH) must name a local model folder').optional(),
    dtype: z.enum(['fp32', 'fp16', 'q8', 'int8', 'uint8', 'q4', 'bnb4', 'q4f16']).optional(),
    batchSize: int(1, 1024).optional(),
  }),
  z.strictObject({
    provider: z.literal('openai'),
    baseURL: z.url({ protocol: /^https?$/ }),
    apiKey: z.string().optional(),
    model: z.string().trim().min(1),
    dimensions: int(1, 65536),
    sendDimensions: z.boolean().optional(),
    batchSize: int(1, 2048).optional(),
    concurrency: int(1, 64).optional(),
    timeoutMs: int(1, 3_600_000).optional(),
    maxRetries: int(0, 20).optional(),
    budgetMs: int(1, 3_600_000).optional(),
  }),
]);

export type EmbeddingProviderConfig = z.input<typeof embeddingProviderConfigSchema>;
export type EmbeddingProviderName = EmbeddingProviderConfig['provider'];

/** Builds the configured provider (not yet initialized: call init()). */
export function createEmbeddingProvider(config: EmbeddingProviderConfig): EmbeddingProvider {
  const parsed = embeddingProviderConfigSchema.safeParse(config);
  if (!parsed.success) {
    // Never echo values: the openai config holds an API key.
    const problems = parsed.error.issues.map((i) => `${i.path.join('.') || 'provider'}: ${i.message}`).join('; ');
    throw new EmbeddingError(EmbeddingErrorCode.InvalidInput, `invalid embedding provider configuration: ${problems}`);
  }
  const { data } = parsed;
  switch (data.provider) {
    case 'use-lite':
      return new UseLiteProvider(data);
    case 'static':
      return new StaticEmbeddingProvider(data);
    case 'transformers':
      return new TransformersEmbeddingProvider(data);
    case 'openai':
      return new OpenAiEmbeddingProvider(data);
  }
}
