/**
 * EmbeddingCache: vectors by (model, SHA-256 of the text), shared by every
 * index and replica, so a text is embedded once per model.
 */
export interface EmbeddingCache {
  /** One entry per key, undefined where missing. Keys are hex SHA-256 of the text. */
  getMany(model: string, keys: string[]): Promise<(Int8Array | undefined)[]>;
  setMany(model: string, entries: { key: string; vector: Int8Array }[]): Promise<void>;
}
