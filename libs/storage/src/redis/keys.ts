/**
 * The Redis key layout, owned here and nowhere else.
 *
 * Every key of one index shares the hash tag `{<64 hex>}` (its SDL digest), so
 * multi-key scripts work on Redis Cluster:
 *   <p>idx:{<hex>}:meta       hash   IndexMeta fields, each JSON-encoded
 *   <p>idx:{<hex>}:sdl        string the SDL
 *   <p>idx:{<hex>}:art        hash   `manifest` (JSON) and artifact chunks `<gen>:<name>:<n>` (redis-artifacts.ts)
 *   <p>idx:{<hex>}:tenants    set    tenants that ensured the index
 *   <p>idx:{<hex>}:rc         hash   result-cache key -> value
 *   <p>idx:{<hex>}:rc:exp     zset   result-cache key -> expiry (epoch ms)
 *   <p>idx:{<hex>}:demand     zset   <tenant tag>|<reason> -> count (the demand report)
 *   <p>idx:{<hex>}:demand:seen hash  <tenant tag>|<reason> -> last seen (epoch ms)
 *   <p>idx:{<hex>}:art:next   hash   artifacts being written, renamed to `art` when complete
 *   <p>idx:{<hex>}:claims     hash   tenant -> when it first ensured the index (epoch ms; its own createdAt)
 * Outside any index (looked up lazily, stale members dropped on read):
 *   <p>indexes                set    all index ids
 *   <p>tenant:{<sha256(tenant)>}:indexes  set  index ids a tenant ensured
 *   <p>emb:{<sha256(model)[0:16]>}:<text sha256>  string  int8 vector bytes
 *   <p>emb:{<sha256(model)[0:16]>}                zset    text sha256 -> last write (epoch ms): the cache's budget
 *   <p>events                 pub/sub channel of IndexEvents (standalone: PUBLISH/SUBSCRIBE)
 *   {<p>events}               sharded pub/sub channel of IndexEvents (cluster: SPUBLISH/SSUBSCRIBE, one slot)
 *   {<p>jobs}:<queue>:...     BullMQ queues (prefix hash-tagged: one slot per deployment)
 * `<p>` is the configurable key prefix (for example `sd:`); it may not hold `{` or `}`, so the
 * tags above are the only ones in a key.
 *
 * Redis Cluster: what runs in one slot (docs/deployment.md "Redis Cluster"). A Lua script or a
 * MULTI must name keys of one slot only (else CROSSSLOT), and every one of ours does:
 *   - index-store.scripts.ts: every script's KEYS are keys of one index (one `{<hex>}` tag); sdEnsure's
 *     KEYS[11], the staged SDL `<p>idx:{<hex>}:sdl:stage:<random>`, carries the same tag;
 *   - redis-embedding.cache.ts: sdEmbGet/sdEmbSet take the model's set and vectors, all under
 *     `{<model tag>}`; the vectors sdEmbSet drops are named in the script from the same prefix (same
 *     tag, same slot, so allowed on a cluster though not in KEYS);
 *   - bullmq-job.queue.ts: the fair-share MULTI touches one key under `{<p>jobs}`; BullMQ's own scripts
 *     touch only keys under its prefix `{<p>jobs}`.
 * Everything else is one key per command (SADD/SREM/SMEMBERS on the lookup sets, EXISTS on one meta,
 * HGETALL, chunked HSET/HMGET on one hash, GETRANGE, SPUBLISH). Commands that span indexes (listAll,
 * listForTenant, sweepExpired, delete's tenant sets) are several single-key commands run in
 * parallel, never one multi-key command, so they route slot by slot. Keys outside a tag
 * (`<p>indexes`, `<p>tenant:{..}:indexes`) are single keys and land on whatever slot their name
 * hashes to.
 */
import { createHash } from 'node:crypto';
import { indexDigest } from '../index-id.js';
import { StorageError, StorageErrorCode } from '../storage.errors.js';

export interface IndexKeys {
  meta: string;
  sdl: string;
  artifacts: string;
  tenants: string;
  results: string;
  resultExpiry: string;
  demand: string;
  demandSeen: string;
  artifactStage: string;
  claims: string;
}

/** Order of the index's keys in every script's KEYS (see scripts headers). */
export const INDEX_KEY_ORDER = ['meta', 'sdl', 'artifacts', 'tenants', 'results', 'resultExpiry', 'demand', 'demandSeen', 'artifactStage', 'claims'] as const;

const PREFIX = /^[A-Za-z0-9:_.-]{0,64}$/;

export class RedisKeys {
  readonly prefix: string;
  /** Hash tags of recently used model ids (a handful per deployment). */
  private readonly modelTags = new Map<string, string>();

  constructor(prefix: string) {
    if (!PREFIX.test(prefix)) {
      throw new StorageError(
        StorageErrorCode.InvalidArgument,
        `key prefix must be at most 64 characters of letters, digits, ":", "_", ".", "-" (got ${JSON.stringify(prefix)})`,
      );
    }
    this.prefix = prefix;
  }

  index(id: string): IndexKeys {
    const base = `${this.prefix}idx:{${indexDigest(id)}}`;
    return {
      meta: `${base}:meta`,
      sdl: `${base}:sdl`,
      artifacts: `${base}:art`,
      tenants: `${base}:tenants`,
      results: `${base}:rc`,
      resultExpiry: `${base}:rc:exp`,
      demand: `${base}:demand`,
      demandSeen: `${base}:demand:seen`,
      artifactStage: `${base}:art:next`,
      claims: `${base}:claims`,
    };
  }

  /** The index's keys in {@link INDEX_KEY_ORDER}. */
  indexKeyList(id: string): string[] {
    const keys = this.index(id);
    return INDEX_KEY_ORDER.map((name) => keys[name]);
  }

  allIndexes(): string {
    return `${this.prefix}indexes`;
  }

  /** The short tag of a tenant inside an index's demand report (its name is not stored). */
  tenantTag(tenant: string): string {
    return sha256(tenant).slice(0, 16);
  }

  tenantIndexes(tenant: string): string {
    return `${this.prefix}tenant:{${sha256(tenant)}}:indexes`;
  }

  embedding(model: string, textHash: string): string {
    let tag = this.modelTags.get(model);
    if (tag === undefined) {
      tag = sha256(model).slice(0, 16);
      if (this.modelTags.size >= 64) this.modelTags.clear();
      this.modelTags.set(model, tag);
    }
    return `${this.prefix}emb:{${tag}}:${textHash}`;
  }

  /** The set of one model's cached vectors, by last write time (the cache's byte budget). */
  embeddingIndex(model: string): string {
    const key = this.embedding(model, '');
    return key.slice(0, key.length - 1);
  }

  eventsChannel(): string {
    return `${this.prefix}events`;
  }

  /** The IndexEvents channel for sharded pub/sub (Redis Cluster): one tag, so one slot and one order. */
  shardedEventsChannel(): string {
    return `{${this.prefix}events}`;
  }

  /** BullMQ `prefix` option: hash-tagged so every queue key of the deployment lands on one slot. */
  queuePrefix(): string {
    return `{${this.prefix}jobs}`;
  }
}

function sha256(text: string): string {
  return createHash('sha256').update(text).digest('hex');
}
