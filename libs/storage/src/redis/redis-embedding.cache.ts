/**
 * RedisEmbeddingCache: one key per (model, text hash) holding the raw int8
 * bytes, with a TTL refreshed on every read (GETEX), so vectors nobody uses
 * age out. Reads and writes go in chunks, one Lua call per chunk (far cheaper
 * than one command per key); keys of one model share a hash tag, so a chunk
 * stays on one Redis Cluster slot.
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
  /** Keys per round trip (one Lua call). Default 500. */
  chunkSize?: number;
}

/**
 * sdEmbGet: KEYS = vector keys of one model; ARGV[1] TTL ms. Returns each value (nil when missing),
 * refreshing its TTL. allow-oom: refreshing a TTL takes no memory, so reads work at maxmemory.
 */
const EMB_GET = `#!lua flags=allow-oom
local out = {}
for i = 1, #KEYS do out[i] = redis.call('GETEX', KEYS[i], 'PX', ARGV[1]) end
return out`;

/** sdEmbSet: KEYS = vector keys of one model; ARGV[1] TTL ms, ARGV[2..] one value per key. */
const EMB_SET = `
for i = 1, #KEYS do redis.call('SET', KEYS[i], ARGV[i + 1], 'PX', ARGV[1]) end
return #KEYS`;

type ScriptCall = (numberOfKeys: number, ...args: (string | Buffer | number)[]) => Promise<unknown>;

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
    if (!('sdEmbGet' in this.client)) this.client.defineCommand('sdEmbGet', { lua: EMB_GET });
    if (!('sdEmbSet' in this.client)) this.client.defineCommand('sdEmbSet', { lua: EMB_SET });
  }

  private script(name: 'sdEmbGetBuffer' | 'sdEmbSet'): ScriptCall {
    const fn = (this.client as unknown as Record<string, ScriptCall>)[name];
    if (!fn) throw new Error(`script ${name} is not defined`);
    return fn.bind(this.client);
  }

  async getMany(model: string, keys: string[]): Promise<(Int8Array | undefined)[]> {
    checkEmbeddingKeys(model, keys);
    const out: (Int8Array | undefined)[] = [];
    for (let start = 0; start < keys.length; start += this.chunkSize) {
      const chunk = keys.slice(start, start + this.chunkSize).map((key) => this.keys.embedding(model, key));
      const replies = (await storageCall('read cached embeddings', () =>
        this.script('sdEmbGetBuffer')(chunk.length, ...chunk, this.ttlMs),
      )) as (Buffer | null)[];
      for (const reply of replies) out.push(Buffer.isBuffer(reply) ? toInt8(reply) : undefined);
    }
    return out;
  }

  async setMany(model: string, entries: { key: string; vector: Int8Array }[]): Promise<void> {
    checkEmbeddingKeys(model, entries.map((entry) => entry.key));
    checkVectors(entries);
    for (let start = 0; start < entries.length; start += this.chunkSize) {
      const chunk = entries.slice(start, start + this.chunkSize);
      const keys = chunk.map(({ key }) => this.keys.embedding(model, key));
      const values = chunk.map(({ vector }) => Buffer.from(vector.buffer, vector.byteOffset, vector.byteLength));
      await storageCall('store cached embeddings', () => this.script('sdEmbSet')(keys.length, ...keys, this.ttlMs, ...values));
    }
  }
}

function toInt8(buffer: Buffer): Int8Array {
  return new Int8Array(buffer.buffer.slice(buffer.byteOffset, buffer.byteOffset + buffer.byteLength));
}
