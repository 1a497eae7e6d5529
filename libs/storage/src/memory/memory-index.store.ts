/**
 * MemoryIndexStore: IndexStore in process memory for `serve` without Redis
 * and for service tests. Same semantics as RedisIndexStore, including idle
 * expiry: expired indexes vanish on access (lazy) and a periodic sweep
 * (an unref'd timer that never keeps the process alive) frees their memory.
 */
import type { DemandEntry } from '../demand-store.js';
import type { CreateResult, IndexArtifacts, IndexMeta, IndexStore, ReleaseResult } from '../index-store.js';
import { checkArtifacts, indexDigest, requireText, requireTtl } from '../index-id.js';
import { encodePatch, type MetaPatch } from '../meta-codec.js';
import { StorageError, StorageErrorCode } from '../storage.errors.js';

/** One cached result of the ResultCache, kept with its index. */
export interface MemoryResultEntry {
  value: string;
  expiresAt: number;
}

interface Entry {
  meta: IndexMeta;
  sdl: string;
  artifacts?: Map<string, Buffer>;
  tenants: Set<string>;
  /** Tenant -> when it first claimed the index (epoch ms). */
  claims: Map<string, number>;
  results: Map<string, MemoryResultEntry>;
  /** The demand report: `<tenant>\0<reason>` -> count and last seen. */
  demand: Map<string, DemandEntry>;
  /** Demand counted per day: `<tenant>\0<yyyy-mm-dd>` -> reasons counted that day. */
  demandDays: Map<string, number>;
  /** Index notes (index-notes.ts): `<tenant>\0label`, `<tenant>\0used`, `progress`. */
  notes: Map<string, string>;
  /** Epoch ms; undefined until the first touch. */
  expiresAt?: number;
}

export interface MemoryIndexStoreOptions {
  /** How often expired indexes are swept from memory. Default 60 s. */
  sweepIntervalMs?: number;
  /** Clock (epoch ms); tests may inject one. Default Date.now. */
  now?: () => number;
}

export class MemoryIndexStore implements IndexStore {
  private readonly entries = new Map<string, Entry>();
  private readonly tenantIndexes = new Map<string, Set<string>>();
  private readonly now: () => number;
  private readonly sweeper: NodeJS.Timeout;
  private closed = false;
  /** Indexes removed on expiry (on access or by the timer) since the last sweepExpired(). */
  private expiredUncounted = 0;

  constructor(options: MemoryIndexStoreOptions = {}) {
    this.now = options.now ?? Date.now;
    this.sweeper = setInterval(() => this.sweep(), options.sweepIntervalMs ?? 60_000);
    this.sweeper.unref();
  }

  async ensure(id: string, sdl: string, tenant: string, now: number): Promise<CreateResult> {
    this.check(id);
    requireText('tenant', tenant, 256);
    if (typeof sdl !== 'string') throw new StorageError(StorageErrorCode.InvalidArgument, 'sdl must be a string');
    let entry = this.live(id);
    const created = entry === undefined;
    if (!entry) {
      const meta: IndexMeta = { id, state: 'indexing', building: false, symbolCount: 0, createdAt: now, sdlBytes: Buffer.byteLength(sdl, 'utf8') };
      entry = { meta, sdl, tenants: new Set(), claims: new Map(), results: new Map(), demand: new Map(), demandDays: new Map(), notes: new Map() };
      this.entries.set(id, entry);
    }
    if (!entry.tenants.has(tenant)) entry.claims.set(tenant, now);
    entry.tenants.add(tenant);
    let ids = this.tenantIndexes.get(tenant);
    if (!ids) {
      ids = new Set();
      this.tenantIndexes.set(tenant, ids);
    }
    ids.add(id);
    return { meta: { ...entry.meta }, created, claimedAt: entry.claims.get(tenant) ?? entry.meta.createdAt };
  }

  async getMeta(id: string): Promise<IndexMeta | undefined> {
    const entry = this.live(this.check(id));
    return entry ? { ...entry.meta } : undefined;
  }

  async updateMeta(id: string, patch: MetaPatch): Promise<boolean> {
    this.check(id);
    encodePatch(patch);
    const entry = this.live(id);
    if (!entry) return false;
    entry.meta = applyPatch(entry.meta, patch);
    return true;
  }

  async getSdl(id: string): Promise<string | undefined> {
    return this.live(this.check(id))?.sdl;
  }

  async getSdlBytes(id: string): Promise<Buffer | undefined> {
    const sdl = await this.getSdl(id);
    if (sdl === undefined) return undefined;
    const bytes = Buffer.from(new ArrayBuffer(Buffer.byteLength(sdl)));
    bytes.write(sdl);
    return bytes;
  }

  async putArtifacts(id: string, artifacts: IndexArtifacts, patch: MetaPatch): Promise<boolean> {
    this.check(id);
    const parts = checkArtifacts(artifacts);
    encodePatch(patch);
    const entry = this.live(id);
    if (!entry) return false;
    entry.artifacts = new Map(parts.map(([name, blob]) => [name, Buffer.from(blob)]));
    entry.meta = applyPatch(entry.meta, patch);
    return true;
  }

  async getArtifacts(id: string, parts?: readonly string[]): Promise<IndexArtifacts | undefined> {
    const artifacts = this.live(this.check(id))?.artifacts;
    if (!artifacts) return undefined;
    return Object.fromEntries([...artifacts].filter(([name]) => parts === undefined || parts.includes(name)).map(([name, blob]) => [name, Buffer.from(blob)]));
  }

  async delete(id: string): Promise<boolean> {
    this.check(id);
    const existed = this.live(id) !== undefined;
    this.remove(id);
    return existed;
  }

  async touch(id: string, idleTtlMs: number): Promise<void> {
    this.check(id);
    requireTtl('idle TTL', idleTtlMs);
    const entry = this.live(id);
    if (entry) entry.expiresAt = this.now() + idleTtlMs;
  }

  async hasTenant(id: string, tenant: string): Promise<boolean> {
    this.check(id);
    requireText('tenant', tenant, 256);
    return this.live(id)?.tenants.has(tenant) ?? false;
  }

  async removeTenant(id: string, tenant: string): Promise<number> {
    return this.unclaim(id, tenant);
  }

  private unclaim(id: string, tenant: string): number {
    this.check(id);
    requireText('tenant', tenant, 256);
    this.tenantIndexes.get(tenant)?.delete(id);
    const entry = this.live(id);
    if (!entry) return 0;
    entry.tenants.delete(tenant);
    entry.claims.delete(tenant);
    return entry.tenants.size;
  }

  async claimOf(id: string, tenant: string): Promise<number | undefined> {
    this.check(id);
    requireText('tenant', tenant, 256);
    const entry = this.live(id);
    if (!entry?.tenants.has(tenant)) return undefined;
    return entry.claims.get(tenant) ?? entry.meta.createdAt;
  }

  async release(id: string, tenant: string): Promise<ReleaseResult> {
    // One synchronous step, like the Redis script: nothing can interleave.
    const remaining = this.unclaim(id, tenant);
    if (remaining > 0) this.dropDemandOf(id, tenant);
    if (remaining > 0 || !this.live(id)) return { remaining, deleted: false };
    this.remove(id);
    return { remaining: 0, deleted: true };
  }

  /** A tenant's demand entries go with its claim (issue 23 finding 15). */
  private dropDemandOf(id: string, tenant: string): void {
    const entry = this.live(id);
    if (!entry) return;
    const prefix = `${tenant}\u0000`;
    for (const map of [entry.demand, entry.demandDays]) for (const key of [...map.keys()]) if (key.startsWith(prefix)) map.delete(key);
  }

  async listForTenant(tenant: string): Promise<string[]> {
    requireText('tenant', tenant, 256);
    this.assertOpen();
    const ids = [...(this.tenantIndexes.get(tenant) ?? [])];
    return ids.filter((id) => this.live(id)?.tenants.has(tenant)).sort();
  }

  async listAll(): Promise<string[]> {
    this.assertOpen();
    return [...this.entries.keys()].filter((id) => this.live(id)).sort();
  }

  async ping(): Promise<void> {
    this.assertOpen();
  }

  async close(): Promise<void> {
    this.closed = true;
    clearInterval(this.sweeper);
  }

  /**
   * The result entries of a live index (undefined when it is gone or expired), for MemoryResultCache.
   * @internal
   */
  resultsOf(id: string): Map<string, MemoryResultEntry> | undefined {
    return this.live(this.check(id))?.results;
  }

  /**
   * The demand report of a live index (undefined when it is gone or expired), for MemoryDemandStore.
   * @internal
   */
  demandOf(id: string): Map<string, DemandEntry> | undefined {
    return this.live(this.check(id))?.demand;
  }

  /**
   * The demand counted per day of a live index (undefined when it is gone), for MemoryDemandStore.
   * @internal
   */
  demandDaysOf(id: string): Map<string, number> | undefined {
    return this.live(this.check(id))?.demandDays;
  }

  /**
   * The notes of a live index (undefined when it is gone or expired), for MemoryIndexNotesStore.
   * @internal
   */
  notesOf(id: string): Map<string, string> | undefined {
    return this.live(this.check(id))?.notes;
  }

  /** @internal Clock shared with MemoryResultCache. */
  clock(): number {
    return this.now();
  }

  /** Removes expired indexes now (the timer calls this). Returns how many were removed. */
  sweep(): number {
    let removed = 0;
    for (const id of [...this.entries.keys()]) {
      if (!this.live(id)) removed += 1;
    }
    return removed;
  }

  async sweepExpired(): Promise<number> {
    this.sweep();
    const found = this.expiredUncounted;
    this.expiredUncounted = 0;
    return found;
  }

  private live(id: string): Entry | undefined {
    const entry = this.entries.get(id);
    if (!entry) return undefined;
    if (entry.expiresAt !== undefined && entry.expiresAt <= this.now()) {
      this.remove(id);
      this.expiredUncounted += 1;
      return undefined;
    }
    return entry;
  }

  private remove(id: string): void {
    const entry = this.entries.get(id);
    if (!entry) return;
    this.entries.delete(id);
    for (const tenant of entry.tenants) {
      const ids = this.tenantIndexes.get(tenant);
      ids?.delete(id);
      if (ids?.size === 0) this.tenantIndexes.delete(tenant);
    }
  }

  private check(id: string): string {
    this.assertOpen();
    indexDigest(id);
    return id;
  }

  private assertOpen(): void {
    if (this.closed) throw new StorageError(StorageErrorCode.Closed, 'index store is closed');
  }
}

function applyPatch(meta: IndexMeta, patch: MetaPatch): IndexMeta {
  const next: Record<string, unknown> = { ...meta };
  for (const [field, value] of Object.entries(patch)) {
    if (field === 'id') continue;
    if (value === undefined) delete next[field];
    else next[field] = value;
  }
  return next as unknown as IndexMeta;
}
