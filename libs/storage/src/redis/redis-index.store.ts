/**
 * RedisIndexStore: IndexStore on Redis. Each index's keys share one hash tag
 * (keys.ts) and multi-key updates run as named Lua scripts
 * (index-store.scripts.ts), so every operation is atomic per index and the
 * layout works on Redis Cluster. Idle eviction is Redis key expiry, refreshed
 * for all keys of an index together by `touch`.
 */
import type { CreateResult, IndexArtifacts, IndexMeta, IndexStore, ReleaseResult } from '../index-store.js';
import { checkArtifacts, isIndexId, requireText, requireTtl } from '../index-id.js';
import { storageCall, StorageError, StorageErrorCode } from '../storage.errors.js';
import { defineIndexScripts, type IndexScriptRunner } from './index-store.scripts.js';
import type { RedisKeys } from './keys.js';
import { decodeMeta, encodeMeta, encodePatch, pairsToObject, type MetaPatch } from '../meta-codec.js';
import { closeRedisClient, type RedisClient } from './redis-client.js';
import { ARTIFACT_CHUNK_BYTES, readArtifacts, writeArtifacts } from './redis-artifacts.js';
import { readSdlBytes, SDL_CHUNK_BYTES, sdlStageKey, stageSdl } from './redis-sdl.js';

export interface RedisIndexStoreOptions {
  client: RedisClient;
  keys: RedisKeys;
  /** Whether `close()` quits the client (false when the client is shared). Default false. */
  ownsClient?: boolean;
  /** Largest artifact chunk one command writes (tests make it small). Default 256 KiB. */
  artifactChunkBytes?: number;
  /** Largest piece of an SDL one command moves (tests make it small). Default 256 KiB. */
  sdlChunkBytes?: number;
}

const MAX_TENANT = 256;

export class RedisIndexStore implements IndexStore {
  private readonly client: RedisClient;
  private readonly keys: RedisKeys;
  private readonly ownsClient: boolean;
  private readonly run: IndexScriptRunner;
  private readonly chunkBytes: number;
  private readonly sdlChunkBytes: number;

  constructor(options: RedisIndexStoreOptions) {
    this.client = options.client;
    this.keys = options.keys;
    this.ownsClient = options.ownsClient ?? false;
    this.run = defineIndexScripts(this.client);
    this.chunkBytes = options.artifactChunkBytes ?? ARTIFACT_CHUNK_BYTES;
    this.sdlChunkBytes = options.sdlChunkBytes ?? SDL_CHUNK_BYTES;
  }

  async ensure(id: string, sdl: string, tenant: string, now: number, idleTtlMs = 0): Promise<CreateResult> {
    requireText('tenant', tenant, MAX_TENANT);
    if (typeof sdl !== 'string') throw new StorageError(StorageErrorCode.InvalidArgument, 'sdl must be a string');
    const bytes = Buffer.from(sdl, 'utf8');
    const meta: IndexMeta = { id, state: 'indexing', building: false, symbolCount: 0, createdAt: now, sdlBytes: bytes.byteLength };
    const keys = this.keys.indexKeyList(id);
    const stage = sdlStageKey(this.keys.index(id).sdl);
    return storageCall('ensure index', async () => {
      // The lookup sets first: if Redis refuses them (maxmemory), nothing of the index exists yet.
      // A member left by a script that fails below is dropped on read like an expired one.
      await Promise.all([this.client.sadd(this.keys.allIndexes(), id), this.client.sadd(this.keys.tenantIndexes(tenant), id)]);
      const ensure = (mode: 'claim' | 'inline' | 'staged', inline: Buffer | string) =>
        this.run('sdEnsure', [...keys, stage], [tenant, idleTtlMs, mode, inline, now, ...encodeMeta(meta)]) as Promise<[number, string[], string | null]>;
      let reply: [number, string[], string | null] = [-1, [], null];
      try {
        // An index that exists costs one small script, however large its SDL.
        reply = await ensure('claim', '');
        if (reply[0] === -1 && bytes.byteLength <= this.sdlChunkBytes) reply = await ensure('inline', bytes);
        else if (reply[0] === -1) {
          await stageSdl(this.client, stage, bytes, this.sdlChunkBytes);
          reply = await ensure('staged', '');
        }
        // Again once created: a release of the previous index with this id may have just unlisted it.
        if (reply[0] === 1) await this.client.sadd(this.keys.allIndexes(), id);
      } catch (error) {
        // All or nothing: what this call created goes again (unless another tenant claimed it meanwhile).
        if (reply[0] === 1) await this.run('sdRelease', keys, [tenant, this.keys.tenantTag(tenant)]).catch(() => undefined);
        if ((await this.client.exists(keys[0]!).catch(() => 1)) === 0) await this.client.srem(this.keys.allIndexes(), id).catch(() => 0);
        throw error;
      }
      const stored = decodeMeta(pairsToObject(reply[1]));
      if (!stored) throw new StorageError(StorageErrorCode.Corrupt, 'index metadata vanished while ensuring it');
      return { meta: stored, created: reply[0] === 1, claimedAt: reply[2] === null ? stored.createdAt : Number(reply[2]) };
    });
  }

  async getMeta(id: string): Promise<IndexMeta | undefined> {
    const key = this.keys.index(id).meta;
    return decodeMeta(await storageCall('read index metadata', () => this.client.hgetall(key)));
  }

  async updateMeta(id: string, patch: MetaPatch): Promise<boolean> {
    const { set, del } = encodePatch(patch);
    const key = this.keys.index(id).meta;
    const reply = await storageCall('update index metadata', () => this.run('sdPatchMeta', [key], [del.length, ...del, ...set]));
    return reply === 1;
  }

  async getSdl(id: string): Promise<string | undefined> {
    return (await this.getSdlBytes(id))?.toString('utf8');
  }

  async getSdlBytes(id: string): Promise<Buffer | undefined> {
    const keys = this.keys.index(id);
    return storageCall('read index sdl', () => readSdlBytes(this.client, keys.sdl, this.sdlChunkBytes));
  }

  async putArtifacts(id: string, artifacts: IndexArtifacts, patch: MetaPatch): Promise<boolean> {
    const parts = checkArtifacts(artifacts);
    const { set, del } = encodePatch(patch);
    const keys = this.keys.index(id);
    return storageCall('store index artifacts', () => writeArtifacts(this.run, keys, { parts, set, del }, this.chunkBytes));
  }

  async getArtifacts(id: string, parts?: readonly string[]): Promise<IndexArtifacts | undefined> {
    const keys = this.keys.index(id);
    return storageCall('read index artifacts', () => readArtifacts(this.run, this.client, keys, parts));
  }

  async delete(id: string): Promise<boolean> {
    const keys = this.keys.indexKeyList(id);
    return storageCall('delete index', async () => {
      const [existed, tenants] = (await this.run('sdDelete', keys, [])) as [number, string[]];
      await Promise.all([this.client.srem(this.keys.allIndexes(), id), ...tenants.map((tenant) => this.client.srem(this.keys.tenantIndexes(tenant), id))]);
      return existed === 1;
    });
  }

  async touch(id: string, idleTtlMs: number): Promise<void> {
    requireTtl('idle TTL', idleTtlMs);
    const keys = this.keys.indexKeyList(id);
    await storageCall('touch index', () => this.run('sdTouch', keys, [idleTtlMs]));
  }

  async hasTenant(id: string, tenant: string): Promise<boolean> {
    requireText('tenant', tenant, MAX_TENANT);
    return storageCall('read index tenants', () => this.hasTenantUnchecked(id, tenant));
  }

  async claimOf(id: string, tenant: string): Promise<number | undefined> {
    requireText('tenant', tenant, MAX_TENANT);
    const keys = this.keys.index(id);
    const reply = await storageCall('read index claim', () => this.run('sdClaim', [keys.meta, keys.tenants, keys.claims], [tenant]));
    return typeof reply === 'string' ? Number(reply) : undefined;
  }

  async removeTenant(id: string, tenant: string): Promise<number> {
    requireText('tenant', tenant, MAX_TENANT);
    const keys = this.keys.index(id);
    return storageCall('remove index tenant', async () => {
      const remaining = (await this.run('sdRemoveTenant', [keys.meta, keys.tenants, keys.claims], [tenant])) as number;
      await this.client.srem(this.keys.tenantIndexes(tenant), id);
      return remaining;
    });
  }

  async release(id: string, tenant: string): Promise<ReleaseResult> {
    requireText('tenant', tenant, MAX_TENANT);
    const keys = this.keys.indexKeyList(id);
    return storageCall('release index', async () => {
      const [remaining, deleted] = (await this.run('sdRelease', keys, [tenant, this.keys.tenantTag(tenant)])) as [number, number];
      await this.client.srem(this.keys.tenantIndexes(tenant), id);
      if (deleted === 1) {
        await this.client.srem(this.keys.allIndexes(), id);
        // Another tenant may have created it anew between the script and the SREM: keep it listed.
        if ((await this.client.exists(keys[0]!)) === 1) await this.client.sadd(this.keys.allIndexes(), id);
      }
      return { remaining, deleted: deleted === 1 };
    });
  }

  async listForTenant(tenant: string): Promise<string[]> {
    requireText('tenant', tenant, MAX_TENANT);
    const setKey = this.keys.tenantIndexes(tenant);
    return storageCall('list tenant indexes', async () => {
      const ids = await this.client.smembers(setKey);
      const live = await Promise.all(ids.map((id) => this.hasTenantUnchecked(id, tenant)));
      return this.dropStale(setKey, ids, live);
    });
  }

  async listAll(): Promise<string[]> {
    return storageCall('list indexes', async () => (await this.partitionAllIndexes()).live.sort());
  }

  async sweepExpired(): Promise<number> {
    return storageCall('sweep expired indexes', async () => {
      const { expired } = await this.partitionAllIndexes();
      // SREM counts only the members it removed: a replica sweeping at the same time counts none twice.
      return expired.length === 0 ? 0 : await this.client.srem(this.keys.allIndexes(), ...expired);
    });
  }

  async ping(): Promise<void> {
    await storageCall('ping redis', () => this.client.ping());
  }

  async close(): Promise<void> {
    if (this.ownsClient) await closeRedisClient(this.client);
  }

  private async hasTenantUnchecked(id: string, tenant: string): Promise<boolean> {
    if (!isIndexId(id)) return false;
    const keys = this.keys.index(id);
    return (await this.run('sdHasTenant', [keys.meta, keys.tenants], [tenant])) === 1;
  }

  /** Removes members found dead (evicted, deleted, malformed) and returns the live ones, sorted. */
  /** The ids in the all-indexes set, split by whether their metadata still exists. */
  private async partitionAllIndexes(): Promise<{ live: string[]; expired: string[] }> {
    const ids = await this.client.smembers(this.keys.allIndexes());
    const exists = await Promise.all(ids.map(async (id) => isIndexId(id) && (await this.client.exists(this.keys.index(id).meta)) === 1));
    return { live: ids.filter((_, i) => exists[i]), expired: ids.filter((_, i) => !exists[i]) };
  }

  private async dropStale(setKey: string, ids: string[], live: boolean[]): Promise<string[]> {
    const stale = ids.filter((_, i) => !live[i]);
    if (stale.length > 0) await this.client.srem(setKey, ...stale);
    return ids.filter((_, i) => live[i]).sort();
  }
}
