export type { EmbeddingProvider } from './embedding-provider.js';
export { assertTexts, EmbeddingError, EmbeddingErrorCode, throwIfAborted } from './embedding.errors.js';
export { cosine, cosineInt8, cosineInt8Exact, dequantizeInt8, dot, dotInt8, INT8_SCALE, normalizeInPlace, quantizeInt8 } from './vector-math.js';
export { SentencePieceTokenizer, type Vocabulary } from './sentencepiece.tokenizer.js';
export { USE_LITE_DIMENSIONS, USE_LITE_MODEL_ID, type UseLiteOptions, UseLiteProvider } from './use-lite/use-lite.provider.js';
export { decodeStaticTable, encodeStaticTable, type QuantizedStaticTable, readQuantizedStaticTable, type StaticTable } from './static/static-table.js';
export { DEFAULT_SIF_A, DEFAULT_STATIC_TABLE, sifWeights, StaticEmbeddingProvider, type StaticProviderOptions } from './static/static.provider.js';
export { type OpenAiEmbeddingOptions, OpenAiEmbeddingProvider } from './openai-embedding.provider.js';
export {
  DEFAULT_TRANSFORMERS_MODEL,
  type FeatureExtractor,
  TRANSFORMERS_PACKAGE,
  TransformersEmbeddingProvider,
  type TransformersModule,
  type TransformersOptions,
} from './transformers-embedding.provider.js';
export { loadUseLiteVocabulary } from './use-lite/use-lite-vocabulary.js';
export { CachingEmbedder, type CachingEmbedderStats, MEMORY_CACHE_BYTES, textKey } from './caching-embedder.js';
export {
  createEmbeddingProvider,
  type EmbeddingProviderConfig,
  embeddingProviderConfigSchema,
  type EmbeddingProviderName,
} from './create-embedding-provider.js';
export { type FitCorpus, fitStaticTable, type FitStaticTableOptions } from './static/fit-static-table.js';
export { createTextEmbedder, embedderId, providerConfig, type TextEmbedder, type TextEmbedderHandle } from './text-embedder.factory.js';
export { exportStaticOnnx, type ModelFolderFiles } from './static/static-onnx-export.js';
