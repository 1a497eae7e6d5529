/**
 * EmbeddingProvider: turns texts into unit-length vectors. Adapters: the
 * bundled USE-Lite model (UseLiteProvider), its distilled static table in the
 * same vector space (StaticEmbeddingProvider), transformers.js with a local
 * ONNX model, an OpenAI-compatible /v1/embeddings endpoint. Build one with
 * createEmbeddingProvider(config).
 */
export interface EmbeddingProvider {
  /**
   * Stable identity of the model and its settings; part of the index version
   * (changing it marks indexes stale). An index's vectors and its queries must
   * come from providers with the same id. Final once init() has resolved
   * (providers that hash their model files learn it there).
   */
  readonly id: string;
  /** Length of every vector. Final once init() has resolved. */
  readonly dimensions: number;
  /** Loads the model (idempotent). Readiness waits on it. Fails with EmbeddingError (`provider_unavailable`, `model_failed`). */
  init(): Promise<void>;
  /** One unit-length vector per text, in order. Empty texts are `invalid_input`. */
  embed(texts: string[], signal?: AbortSignal): Promise<Float32Array[]>;
  /** Releases threads and memory; later calls fail with `closed`. */
  close(): Promise<void>;
}
