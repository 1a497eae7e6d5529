/**
 * EmbeddingCache: vectors by (model, SHA-256 of the text), shared by every
 * index and replica, so a text is embedded once per model.
 */
import { StorageError, StorageErrorCode } from './storage.errors.js';

export interface EmbeddingCache {
  /** One entry per key, undefined where missing. Keys are hex SHA-256 of the text. */
  getMany(model: string, keys: string[]): Promise<(Int8Array | undefined)[]>;
  setMany(model: string, entries: { key: string; vector: Int8Array }[]): Promise<void>;
}

const TEXT_HASH = /^[0-9a-f]{64}$/;

/** Validates a model id and text hashes; throws StorageError INVALID_ARGUMENT. */
export function checkEmbeddingKeys(model: string, keys: readonly string[]): void {
  if (typeof model !== 'string' || model.length === 0 || model.length > 512) {
    throw new StorageError(StorageErrorCode.InvalidArgument, 'embedding model id must be a non-empty string of at most 512 characters');
  }
  const bad = keys.find((key) => typeof key !== 'string' || !TEXT_HASH.test(key));
  if (bad !== undefined) {
    throw new StorageError(StorageErrorCode.InvalidArgument, 'embedding cache keys must be 64 lowercase hex digits (SHA-256 of the text)');
  }
}

export function checkVectors(entries: readonly { key: string; vector: Int8Array }[]): void {
  if (entries.some((entry) => !(entry.vector instanceof Int8Array) || entry.vector.length === 0)) {
    throw new StorageError(StorageErrorCode.InvalidArgument, 'embedding vectors must be non-empty Int8Arrays');
  }
}
