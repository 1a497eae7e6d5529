/**
 * EmbeddingProvider: turns texts into unit-length vectors. Adapters: the
 * bundled USE-Lite model (offline default), transformers.js with a local ONNX
 * model, an OpenAI-compatible /v1/embeddings endpoint.
 */
export interface EmbeddingProvider {
  /** Stable identity of the model and its settings; part of the index version (changing it marks indexes stale). */
  readonly id: string;
  readonly dimensions: number;
  /** Loads the model (idempotent). Readiness waits on it. */
  init(): Promise<void>;
  /** One unit-length vector per text, in order. */
  embed(texts: string[], signal?: AbortSignal): Promise<Float32Array[]>;
  close(): Promise<void>;
}
