/**
 * RedisEmbeddingCache: one key per (model, text hash) holding the raw int8
 * bytes, with a TTL refreshed on every read (GETEX), so vectors nobody uses
 * age out. Reads and writes are pipelined in chunks; keys of one model share a
 * hash tag so a pipeline stays on one Redis Cluster slot.
 */
import type { Redis } from 'ioredis';
import { checkEmbeddingKeys, checkVectors, type EmbeddingCache } from '../embedding-cache.js';
import { storageCall } from '../storage.errors.js';
import type { RedisKeys } from './keys.js';

export interface RedisEmbeddingCacheOptions {
  client: Redis;
  keys: RedisKeys;
  /** Lifetime of an unread vector. Default 30 days. */
  ttlMs?: number;
  /** Commands per pipeline round trip. Default 500. */
  chunkSize?: number;
}

export class RedisEmbeddingCache implements EmbeddingCache {
  private readonly client: Redis;
  private readonly keys: RedisKeys;
  private readonly ttlMs: number;
  private readonly chunkSize: number;

  constructor(options: RedisEmbeddingCacheOptions) {
    this.client = options.client;
    this.keys = options.keys;
    this.ttlMs = options.ttlMs ?? 30 * 24 * 3600 * 1000;
    this.chunkSize = options.chunkSize ?? 500;
  }

  async getMany(model: string, keys: string[]): Promise<(Int8Array | undefined)[]> {
    checkEmbeddingKeys(model, keys);
    const out: (Int8Array | undefined)[] = [];
    for (let start = 0; start < keys.length; start += this.chunkSize) {
      const chunk = keys.slice(start, start + this.chunkSize);
      const pipeline = this.client.pipeline();
      for (const key of chunk) pipeline.getexBuffer(this.keys.embedding(model, key), 'PX', this.ttlMs);
      const replies = await storageCall('read cached embeddings', async () => settle(await pipeline.exec()));
      for (const reply of replies) out.push(Buffer.isBuffer(reply) ? toInt8(reply) : undefined);
    }
    return out;
  }

  async setMany(model: string, entries: { key: string; vector: Int8Array }[]): Promise<void> {
    checkEmbeddingKeys(model, entries.map((entry) => entry.key));
    checkVectors(entries);
    for (let start = 0; start < entries.length; start += this.chunkSize) {
      const pipeline = this.client.pipeline();
      for (const { key, vector } of entries.slice(start, start + this.chunkSize)) {
        const bytes = Buffer.from(vector.buffer, vector.byteOffset, vector.byteLength);
        pipeline.set(this.keys.embedding(model, key), bytes, 'PX', this.ttlMs);
      }
      await storageCall('store cached embeddings', async () => settle(await pipeline.exec()));
    }
  }
}

/** Pipeline replies, throwing the first command error (ioredis reports them per command). */
function settle(replies: [Error | null, unknown][] | null): unknown[] {
  return (replies ?? []).map(([error, value]) => {
    if (error) throw error;
    return value;
  });
}

function toInt8(buffer: Buffer): Int8Array {
  return new Int8Array(buffer.buffer.slice(buffer.byteOffset, buffer.byteOffset + buffer.byteLength));
}
