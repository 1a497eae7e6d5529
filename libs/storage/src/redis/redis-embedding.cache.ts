/**
 * RedisEmbeddingCache: one key per (model, text hash) holding the raw int8
 * bytes, with a TTL refreshed on every read (GETEX), so vectors nobody uses
 * age out. Reads and writes go in chunks, one Lua call per chunk (far cheaper
 * than one command per key); keys of one model share a hash tag, so a chunk
 * stays on one Redis Cluster slot. A byte budget per model bounds it whatever
 * the TTL: a sorted set of the model's entries by last use, and a write that
 * takes the set over the budget's entry count drops the least recently used
 * (an index deleted at once must not leave its vectors filling Redis for 30 days).
 */
import { checkEmbeddingKeys, checkVectors, type EmbeddingCache } from '../embedding-cache.js';
import { storageCall } from '../storage.errors.js';
import type { RedisKeys } from './keys.js';
import type { RedisClient } from './redis-client.js';

export interface RedisEmbeddingCacheOptions {
  client: RedisClient;
  keys: RedisKeys;
  /** Lifetime of an unread vector. Default 30 days. */
  ttlMs?: number;
  /** Keys per round trip (one Lua call). Default 500. */
  chunkSize?: number;
  /** Budget per model, vectors plus their keys (EMBEDDING_CACHE_MAX_BYTES). Default 256 MiB. */
  maxBytes?: number;
}

/**
 * sdEmbGet: KEYS = vector keys of one model; ARGV[1] TTL ms. Returns each value (nil when missing),
 * refreshing its TTL. allow-oom: refreshing a TTL takes no memory, so reads work at maxmemory.
 */
const EMB_GET = `#!lua flags=allow-oom
local out = {}
local now = tonumber(ARGV[2])
local prefix = ARGV[3]
for i = 2, #KEYS do
  local value = redis.call('GETEX', KEYS[i], 'PX', ARGV[1])
  out[i - 1] = value
  if value then redis.call('ZADD', KEYS[1], 'XX', now, string.sub(KEYS[i], #prefix + 1)) end
end
return out`;

/**
 * sdEmbSet: KEYS[1] the model's set of entries, KEYS[2..] vector keys of that model; ARGV[1] TTL ms,
 * ARGV[2] now (ms), ARGV[3] most entries, ARGV[4] key prefix of the model's vectors, ARGV[5..] one
 * value per key. Drops the least recently used entries beyond the most (a bounded number per call)
 * and the members whose vectors expired long ago. Returns how many entries it dropped.
 */
const EMB_SET = `
local ttl = tonumber(ARGV[1])
local now = tonumber(ARGV[2])
local prefix = ARGV[4]
for i = 2, #KEYS do
  redis.call('SET', KEYS[i], ARGV[i + 3], 'PX', ttl)
  redis.call('ZADD', KEYS[1], now, string.sub(KEYS[i], #prefix + 1))
end
local expired = redis.call('ZRANGEBYSCORE', KEYS[1], '-inf', now - ttl, 'LIMIT', 0, 1000)
if #expired > 0 then redis.call('ZREM', KEYS[1], unpack(expired)) end
local over = redis.call('ZCARD', KEYS[1]) - tonumber(ARGV[3])
if over <= 0 then return 0 end
local dropped = redis.call('ZPOPMIN', KEYS[1], math.min(over, 2000))
for i = 1, #dropped, 2 do redis.call('DEL', prefix .. dropped[i]) end
return #dropped / 2`;

/** Bytes an entry costs Redis besides its vector: its key, its TTL, its member of the set. */
const ENTRY_OVERHEAD_BYTES = 256;

type ScriptCall = (numberOfKeys: number, ...args: (string | Buffer | number)[]) => Promise<unknown>;

export class RedisEmbeddingCache implements EmbeddingCache {
  private readonly client: RedisClient;
  private lastUse = 0;
  private readonly keys: RedisKeys;
  private readonly ttlMs: number;
  private readonly chunkSize: number;
  private readonly maxBytes: number;

  constructor(options: RedisEmbeddingCacheOptions) {
    this.client = options.client;
    this.keys = options.keys;
    this.ttlMs = options.ttlMs ?? 30 * 24 * 3600 * 1000;
    this.chunkSize = options.chunkSize ?? 500;
    this.maxBytes = options.maxBytes ?? 256 * 1024 * 1024;
    if (!('sdEmbGet' in this.client)) this.client.defineCommand('sdEmbGet', { lua: EMB_GET });
    if (!('sdEmbSet' in this.client)) this.client.defineCommand('sdEmbSet', { lua: EMB_SET });
  }

  private script(name: 'sdEmbGetBuffer' | 'sdEmbSet'): ScriptCall {
    const fn = (this.client as unknown as Record<string, ScriptCall>)[name];
    if (!fn) throw new Error(`script ${name} is not defined`);
    return fn.bind(this.client);
  }

  /**
   * The recency score of a use, in ms: strictly increasing from one call to the next in this process,
   * so calls within one millisecond keep their order and the least recently used really goes first.
   */
  private useTime(): number {
    this.lastUse = Math.max(Date.now(), this.lastUse + 1);
    return this.lastUse;
  }

  async getMany(model: string, keys: string[]): Promise<(Int8Array | undefined)[]> {
    checkEmbeddingKeys(model, keys);
    const out: (Int8Array | undefined)[] = [];
    for (let start = 0; start < keys.length; start += this.chunkSize) {
      const chunk = [this.keys.embeddingIndex(model), ...keys.slice(start, start + this.chunkSize).map((key) => this.keys.embedding(model, key))];
      const replies = (await storageCall('read cached embeddings', () =>
        this.script('sdEmbGetBuffer')(chunk.length, ...chunk, this.ttlMs, this.useTime(), this.keys.embedding(model, '')),
      )) as (Buffer | null)[];
      for (const reply of replies) out.push(Buffer.isBuffer(reply) ? toInt8(reply) : undefined);
    }
    return out;
  }

  async setMany(model: string, entries: { key: string; vector: Int8Array }[]): Promise<void> {
    checkEmbeddingKeys(
      model,
      entries.map((entry) => entry.key),
    );
    checkVectors(entries);
    const entryBytes = (entries[0]?.vector.byteLength ?? 0) + ENTRY_OVERHEAD_BYTES;
    const most = Math.max(1, Math.floor(this.maxBytes / entryBytes));
    const prefix = this.keys.embedding(model, '');
    for (let start = 0; start < entries.length; start += this.chunkSize) {
      const chunk = entries.slice(start, start + this.chunkSize);
      const keys = [this.keys.embeddingIndex(model), ...chunk.map(({ key }) => this.keys.embedding(model, key))];
      const values = chunk.map(({ vector }) => Buffer.from(vector.buffer, vector.byteOffset, vector.byteLength));
      await storageCall('store cached embeddings', () => this.script('sdEmbSet')(keys.length, ...keys, this.ttlMs, this.useTime(), most, prefix, ...values));
    }
  }
}

function toInt8(buffer: Buffer): Int8Array {
  return new Int8Array(buffer.buffer.slice(buffer.byteOffset, buffer.byteOffset + buffer.byteLength));
}
