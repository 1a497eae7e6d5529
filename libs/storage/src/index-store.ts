/**
 * IndexStore: where indexes live (Redis in production, memory for `serve`
 * without Redis). Content-addressed: an index id is `sha256:<hex>` of its SDL.
 * Every key of one index lives under one hash tag (`{<hex>}`) in Redis.
 */

export type IndexState = 'indexing' | 'ready' | 'failed';

export interface IndexMeta {
  id: string;
  /** `indexing` until the first build succeeds; `ready` once servable; `failed` when the first build failed. */
  state: IndexState;
  /** Version (format + ranking + embedding model) of the data currently stored; absent before the first build. */
  builtVersion?: string;
  /** A build job is in flight (first build or in-place rebuild). */
  building: boolean;
  symbolCount: number;
  /** Epoch milliseconds. */
  createdAt: number;
  indexedAt?: number;
  /** Why the last build failed (kept on a READY index after a failed rebuild). */
  error?: string;
  /** What kind of failure `error` is, in parts (absent for indexes that failed before it was recorded). */
  failure?: BuildFailureParts;
  sdlBytes: number;
  /** Bytes the built index stores (SDL plus artifacts); absent before the first build. */
  storedBytes?: number;
}

/**
 * A failed build in parts: `schema` (the SDL is wrong: it will fail again), `limit` (over a
 * configured cap, named in `limit`: the operator's call) or `internal` (anything else, retried).
 */
export interface BuildFailureParts {
  kind: 'schema' | 'limit' | 'internal';
  /** The configuration variable of the cap, e.g. `MAX_INDEX_SYMBOLS`. */
  limit?: string;
  /** Where in the SDL (1-based), for a syntax error. */
  line?: number;
  column?: number;
}

/** The built, servable data of an index: named opaque blobs (records, vectors, lexical statistics). */
export type IndexArtifacts = Record<string, Buffer>;

export interface CreateResult {
  meta: IndexMeta;
  /** True when this call created the index (first sight of this SDL). */
  created: boolean;
  /**
   * When this tenant first claimed the index (epoch ms): the `createdAt` it is shown, so that what a
   * tenant sees of an index does not depend on other tenants.
   */
  claimedAt: number;
}

export interface ReleaseResult {
  /** Tenants that still claim the index. */
  remaining: number;
  /** True when this call deleted the index (no claim remained). */
  deleted: boolean;
}

export interface IndexStore {
  /**
   * Atomically creates the index (state `indexing`) with its SDL unless it exists, with its idle TTL
   * when `idleTtlMs` is given (all or nothing); also records the tenant and, on its first claim, `now`
   * as its claim time.
   */
  ensure(id: string, sdl: string, tenant: string, now: number, idleTtlMs?: number): Promise<CreateResult>;
  getMeta(id: string): Promise<IndexMeta | undefined>;
  /** Shallow-merges a patch into an existing index's metadata; no-op (returns false) if the index is gone. */
  updateMeta(id: string, patch: Partial<Omit<IndexMeta, 'id'>>): Promise<boolean>;
  getSdl(id: string): Promise<string | undefined>;
  /** The SDL as its UTF-8 bytes, in a buffer of its own (handed to a worker thread without a copy or a string on this heap). */
  getSdlBytes(id: string): Promise<Buffer | undefined>;
  /** Atomically replaces the artifacts and applies the metadata patch; false if the index is gone. */
  putArtifacts(id: string, artifacts: IndexArtifacts, patch: Partial<Omit<IndexMeta, 'id'>>): Promise<boolean>;
  /**
   * The artifacts of a built index; with `parts`, only those of the named parts that exist (a reader
   * that never weighs meaning does not read the vectors). Undefined when the index is gone or not built.
   */
  getArtifacts(id: string, parts?: readonly string[]): Promise<IndexArtifacts | undefined>;
  /** Deletes the index and everything under it. True if it existed. */
  delete(id: string): Promise<boolean>;
  /** Marks a use: the index (all its keys) now expires `idleTtlMs` after `now`. */
  touch(id: string, idleTtlMs: number): Promise<void>;
  /** Whether `tenant` has ensured this index. */
  hasTenant(id: string, tenant: string): Promise<boolean>;
  /**
   * When `tenant` claimed this live index (epoch ms), or undefined when it has no claim (or the index
   * is gone). Claims recorded before claim times were answer the index's `createdAt`.
   */
  claimOf(id: string, tenant: string): Promise<number | undefined>;
  /** Removes one tenant's claim; returns how many tenants still claim the index. */
  removeTenant(id: string, tenant: string): Promise<number>;
  /**
   * Removes one tenant's claim and deletes the index when no claim remains, atomically: an ensure
   * by another tenant at the same time either keeps the index (it came first) or creates it anew.
   */
  release(id: string, tenant: string): Promise<ReleaseResult>;
  /** Ids of live indexes the tenant has ensured (evicted ones are left out). */
  listForTenant(tenant: string): Promise<string[]>;
  /** All live index ids (operators, metrics). */
  listAll(): Promise<string[]>;
  /**
   * Forgets the indexes that expired while idle (their data is already gone) and returns how many
   * this call found. Each expiry is counted once, by whichever process or call finds it first, so
   * every replica may sweep.
   */
  sweepExpired(): Promise<number>;
  /** Liveness of the backing store. */
  ping(): Promise<void>;
  close(): Promise<void>;
}
