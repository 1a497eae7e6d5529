/**
 * The discovery service: the seven operations of the yoko.v1 API in domain
 * terms. Tenancy lives here: a caller sees only indexes its tenant ensured;
 * anything else is "not found", whatever it is.
 */
import { searchHitRecord } from '@discovery/schema-symbols';
import {
  cleanLabel,
  type DemandDay,
  type DemandEntry,
  type DemandStore,
  type IndexMeta,
  type IndexNotesStore,
  type IndexStore,
  type JobQueue,
} from '@discovery/storage';
import { UseMarker } from './use-marker.js';
import { DiscoveryError, DiscoveryErrorCode } from './discovery.errors.js';
import type {
  BuildJobData,
  BuildJobResult,
  Caller,
  GenerateInput,
  IndexDetailsView,
  IndexView,
  SearchInput,
  SliceInput,
  SliceView,
  SymbolsInput,
  SymbolView,
} from './discovery.types.js';
import { IndexReadError, IndexReadErrorCode, type IndexReader, type LoadedIndex } from '@discovery/index-reader';
import { indexIdForSdl } from '@discovery/proto';
import { type DiscoveryObserver, type Log, type GenerationPort, silentLog } from './ports.js';
import { rootsOfSlice, validateGenerate, validateIndexId, validateSdl, validateSearch, validateSlice, validateSymbols } from './requests.js';
import type { Resolution } from '@discovery/generation/contract';
import { inProcessSlices, type SliceRunner } from './slicing/slice-runner.js';
import type { TenantLimiter } from './tenant-limiter.js';
import type { EventBus } from '@discovery/storage';

export interface DiscoveryServiceOptions {
  /** Version new builds get; READY indexes of another version are stale. */
  version: string;
  idleTtlMs: number;
  maxSdlBytes: number;
  buildAttempts: number;
  now?: () => number;
  /** Where unsatisfied reasons are counted (the demand report); absent: not counted. */
  demand?: DemandStore;
  /** Told how many reasons each answer left unsatisfied (metrics). */
  observer?: Pick<DiscoveryObserver, 'unsatisfied'>;
  /** Labels and last uses of indexes (IndexDetails); absent: not kept. */
  notes?: IndexNotesStore;
  /** Where slices are made (default: on this thread, from the reader's schema). */
  slices?: SliceRunner;
  /** Fair share per tenant of GetSchemaSlice and GenerateQuery (TENANT_MAX_SLICES, TENANT_MAX_GENERATIONS); absent: none. */
  sliceShare?: TenantLimiter;
  generateShare?: TenantLimiter;
}

/** Entries GetDemand returns when the request gives no limit, and at most. */
export const DEMAND_DEFAULT_LIMIT = 20;
export const DEMAND_MAX_LIMIT = 200;
/** Days of demand over time GetDemand returns. */
export const DEMAND_DAYS = 30;

export class DiscoveryService {
  private readonly now: () => number;
  private readonly uses: UseMarker;
  private readonly slices: SliceRunner;

  constructor(
    private readonly store: IndexStore,
    private readonly builds: JobQueue<BuildJobData, BuildJobResult>,
    private readonly events: EventBus,
    private readonly reader: IndexReader,
    private readonly generator: GenerationPort | undefined,
    private readonly options: DiscoveryServiceOptions,
    private readonly log: Log = silentLog,
  ) {
    this.now = options.now ?? Date.now;
    this.uses = new UseMarker(options.notes, this.now, log);
    this.slices = options.slices ?? inProcessSlices(reader);
  }

  /**
   * First sight creates the index and starts its build; FAILED is retried; stale is rebuilt in place.
   * All or nothing: when the build cannot be queued, what this call created is removed again (unless
   * another tenant claimed it meanwhile) and the call fails; a later call starts over.
   */
  async ensureIndex(caller: Caller, sdl: string, requestId?: string, label?: string): Promise<IndexView> {
    validateSdl(sdl, this.options.maxSdlBytes);
    const indexId = indexIdForSdl(sdl);
    const { meta, created, claimedAt } = await this.store.ensure(indexId, sdl, caller.tenant, this.now(), this.options.idleTtlMs);
    let current = meta;
    try {
      await this.store.touch(indexId, this.options.idleTtlMs);
      await this.noteLabel(caller, indexId, label);
      this.uses.used(indexId, caller.tenant);
      if (created || this.needsBuild(meta)) {
        if (meta.state === 'failed') {
          await this.store.updateMeta(indexId, { state: 'indexing', building: true, error: undefined, failure: undefined });
          current = { ...meta, state: 'indexing', building: true, error: undefined, failure: undefined };
        } else if (!meta.building) {
          await this.store.updateMeta(indexId, { building: true });
          current = { ...meta, building: true };
        }
        // Fair between tenants: the queue runs a tenant's first pending build before another's second.
        const added = await this.builds.enqueue(
          { indexId, ...(requestId ? { requestId } : {}) },
          { jobId: buildJobId(indexId), attempts: this.options.buildAttempts, group: caller.tenant },
        );
        if (added) this.log.info({ indexId, created, requestId }, created ? 'index created' : 'index build queued');
      }
    } catch (error) {
      await this.rollBack(caller, indexId, created, meta, current);
      throw error;
    }
    return this.view(current, claimedAt);
  }

  /** Undoes what a failed ensureIndex did: the index it created, or the state it changed. */
  private async rollBack(caller: Caller, indexId: string, created: boolean, before: IndexMeta, changed: IndexMeta): Promise<void> {
    try {
      if (created) {
        const { deleted } = await this.store.release(indexId, caller.tenant);
        this.log.warn({ indexId, deleted }, 'index creation rolled back: its build could not be queued');
      } else if (changed !== before) {
        await this.store.updateMeta(indexId, { state: before.state, building: before.building, error: before.error });
      }
    } catch (error) {
      this.log.error({ indexId, err: error }, 'rolling back a failed index creation failed');
    }
  }

  async getIndex(caller: Caller, indexId: string): Promise<IndexView> {
    validateIndexId(indexId);
    const { meta, claimedAt } = await this.visibleMeta(caller, indexId);
    await this.store.touch(indexId, this.options.idleTtlMs);
    this.uses.used(indexId, caller.tenant);
    return this.view(meta, claimedAt);
  }

  /** One index with what people need to tell it apart and follow it (discovery.v1); reading it is no use of the index. */
  async getIndexDetails(caller: Caller, indexId: string): Promise<IndexDetailsView> {
    validateIndexId(indexId);
    const { meta, claimedAt } = await this.visibleMeta(caller, indexId);
    return this.details(caller, meta, claimedAt);
  }

  /** The caller's indexes in detail, in ListIndexes order. */
  async listIndexDetails(caller: Caller): Promise<IndexDetailsView[]> {
    const views = await this.listIndexes(caller);
    const found = await Promise.all(views.map(async (view) => ({ view, meta: await this.store.getMeta(view.id) })));
    return Promise.all(found.flatMap(({ view, meta }) => (meta ? [this.details(caller, meta, view.createdAt.getTime())] : [])));
  }

  private async details(caller: Caller, meta: IndexMeta, claimedAt: number): Promise<IndexDetailsView> {
    const notes = (await this.options.notes?.read(meta.id, caller.tenant)) ?? {};
    return {
      ...this.view(meta, claimedAt),
      building: meta.building,
      sdlBytes: meta.sdlBytes,
      ...(meta.storedBytes !== undefined ? { storedBytes: meta.storedBytes } : {}),
      ...(notes.label ? { label: notes.label } : {}),
      ...(notes.lastUsedAt ? { lastUsedAt: new Date(Math.max(notes.lastUsedAt, claimedAt)) } : {}),
      ...(meta.building && notes.progress ? { progress: notes.progress } : {}),
      ...(meta.error && meta.failure ? { failure: meta.failure } : {}),
    };
  }

  /** Keeps the caller's readable name of an index; a name that cannot be kept never fails EnsureIndex. */
  private async noteLabel(caller: Caller, indexId: string, label: string | undefined): Promise<void> {
    const clean = label === undefined ? undefined : cleanLabel(label);
    if (!clean || !this.options.notes) return;
    try {
      await this.options.notes.setLabel(indexId, caller.tenant, clean);
    } catch (error) {
      this.log.warn({ indexId, err: error }, 'noting the index label failed');
    }
  }

  async listIndexes(caller: Caller): Promise<IndexView[]> {
    const ids = await this.store.listForTenant(caller.tenant);
    const found = await Promise.all(
      ids.map(async (id) => {
        const [meta, claimedAt] = await Promise.all([this.store.getMeta(id), this.store.claimOf(id, caller.tenant)]);
        return meta && claimedAt !== undefined ? { meta, claimedAt } : undefined;
      }),
    );
    return found
      .filter((f): f is { meta: IndexMeta; claimedAt: number } => f !== undefined)
      .sort((a, b) => a.claimedAt - b.claimedAt || a.meta.id.localeCompare(b.meta.id))
      .map((f) => this.view(f.meta, f.claimedAt));
  }

  /**
   * Removes the caller's claim; the index itself goes when no tenant claims it any more, in the same
   * atomic step (a concurrent EnsureIndex by another tenant keeps it or creates it anew). While others
   * still claim it, nobody's loaded copy is dropped: caches only check claims again.
   */
  async deleteIndex(caller: Caller, indexId: string): Promise<void> {
    validateIndexId(indexId);
    await this.visibleMeta(caller, indexId);
    const { deleted } = await this.store.release(indexId, caller.tenant);
    this.uses.forget(indexId);
    await (deleted ? this.options.notes?.forget(indexId) : this.options.notes?.forgetTenant(indexId, caller.tenant))?.catch((error: unknown) =>
      this.log.warn({ indexId, err: error }, 'forgetting index notes failed'),
    );
    if (deleted) {
      this.log.info({ indexId }, 'index deleted');
      this.reader.invalidate(indexId);
      await this.events.publish({ type: 'index.deleted', indexId });
    } else {
      this.reader.reverify(indexId);
      await this.events.publish({ type: 'index.unclaimed', indexId });
    }
  }

  /** Opens an index for the caller through the reader, its errors in the service's terms. */
  private async open(indexId: string, tenant: string): Promise<LoadedIndex> {
    const index = await readIndex(() => this.reader.open(indexId, tenant));
    this.uses.used(indexId, tenant);
    return index;
  }

  async search(caller: Caller, input: SearchInput): Promise<SymbolView[]> {
    const request = validateSearch(input);
    const index = await this.open(request.indexId, caller.tenant);
    const hits = await this.reader.search(index, request);
    // Hits show records shortened; getSymbols returns them whole.
    return hits.map((hit) => ({ coordinate: hit.symbol.coordinate, score: hit.score, record: searchHitRecord(hit.symbol.record) }));
  }

  async getSymbols(caller: Caller, input: SymbolsInput): Promise<SymbolView[]> {
    const request = validateSymbols(input);
    const index = await this.open(request.indexId, caller.tenant);
    return this.reader.getSymbols(index, request.coordinates).map((symbol) => ({ coordinate: symbol.coordinate, score: 0, record: symbol.record }));
  }

  /** The part of the schema an operation for the query needs, within a token budget (discovery.v1 GetSchemaSlice). */
  async getSchemaSlice(caller: Caller, input: SliceInput): Promise<SliceView> {
    const request = validateSlice(input);
    const slice = async (): Promise<SliceView> => {
      const index = await this.open(request.indexId, caller.tenant);
      const roots = rootsOfSlice(request.roots, await readIndex(() => this.slices.rootNames(index)));
      // The runner searches too (in the slice worker: neither holds this loop).
      return readIndex(() => this.slices.slice(index, { query: request.query, maxTokens: request.maxTokens, roots }));
    };
    return this.options.sliceShare ? this.options.sliceShare.run(caller.tenant, slice) : slice();
  }

  async generate(caller: Caller, input: GenerateInput, requestId?: string): Promise<Resolution> {
    const request = validateGenerate(input);
    if (!this.generator) {
      throw new DiscoveryError(DiscoveryErrorCode.Unimplemented, 'Query generation is not configured on this service: no language model is set (LLM_MODEL).');
    }
    const generator = this.generator;
    await this.open(request.indexId, caller.tenant);
    const generate = () => generator.generate(request.indexId, request.prompt, requestId ? { requestId } : {});
    const output = await (this.options.generateShare ? this.options.generateShare.run(caller.tenant, generate) : generate());
    await this.countDemand(caller, request.indexId, output.unsatisfied);
    return output;
  }

  /** The caller's demand report of an index: what its agents asked for and the schema could not give. */
  async getDemand(caller: Caller, indexId: string, limit = 0): Promise<DemandEntry[]> {
    validateIndexId(indexId);
    if (!Number.isSafeInteger(limit) || limit < 0) throw DiscoveryError.invalid('limit must be an integer >= 0');
    await this.visibleMeta(caller, indexId);
    if (!this.options.demand) return [];
    return this.options.demand.top(indexId, caller.tenant, Math.min(limit === 0 ? DEMAND_DEFAULT_LIMIT : limit, DEMAND_MAX_LIMIT));
  }

  /** The caller's demand over time: unsatisfied reasons counted per UTC day over the last `days` days. */
  async getDemandDays(caller: Caller, indexId: string, days = DEMAND_DAYS): Promise<DemandDay[]> {
    validateIndexId(indexId);
    await this.visibleMeta(caller, indexId);
    if (!this.options.demand) return [];
    return this.options.demand.daily(indexId, caller.tenant, this.now() - (Math.min(Math.max(days, 1), DEMAND_DAYS) - 1) * 86_400_000);
  }

  /** Counts an answer's unsatisfied reasons; a failure to count never fails the answer. */
  private async countDemand(caller: Caller, indexId: string, reasons: readonly string[]): Promise<void> {
    if (reasons.length === 0) return;
    this.options.observer?.unsatisfied?.(indexId, reasons.length);
    try {
      await this.options.demand?.record(indexId, caller.tenant, reasons, this.now());
    } catch (error) {
      this.log.warn({ indexId, err: error }, 'counting unsatisfied reasons failed');
    }
  }

  private needsBuild(meta: IndexMeta): boolean {
    if (meta.state === 'failed' || meta.state === 'indexing') return true;
    return meta.builtVersion !== this.options.version;
  }

  private async visibleMeta(caller: Caller, indexId: string): Promise<{ meta: IndexMeta; claimedAt: number }> {
    const meta = await this.store.getMeta(indexId);
    const claimedAt = meta ? await this.store.claimOf(indexId, caller.tenant) : undefined;
    if (!meta || claimedAt === undefined) throw DiscoveryError.notFound(indexId);
    return { meta, claimedAt };
  }

  /**
   * What one tenant sees: its own claim time as `createdAt`, and no build time before it, so that
   * nothing in the view depends on when another tenant ensured the same SDL (issue 14 item 8).
   */
  private view(meta: IndexMeta, claimedAt: number): IndexView {
    return {
      id: meta.id,
      status: meta.state,
      stale: meta.state === 'ready' && meta.builtVersion !== this.options.version,
      symbolCount: meta.symbolCount,
      createdAt: new Date(claimedAt),
      ...(meta.indexedAt !== undefined ? { indexedAt: new Date(Math.max(meta.indexedAt, claimedAt)) } : {}),
      ...(meta.error ? { error: meta.error } : {}),
    };
  }
}

/** BullMQ job ids may not contain ':'; the address's hex part is unique. */
export function buildJobId(indexId: string): string {
  return `build-${indexId.slice('sha256:'.length)}`;
}

const READ_CODES: Record<IndexReadErrorCode, DiscoveryErrorCode> = {
  [IndexReadErrorCode.NotFound]: DiscoveryErrorCode.NotFound,
  [IndexReadErrorCode.NotReady]: DiscoveryErrorCode.FailedPrecondition,
  [IndexReadErrorCode.TooLarge]: DiscoveryErrorCode.ResourceExhausted,
};

/** Runs a read of the index reader; its IndexReadError becomes the DiscoveryError of the same message. */
async function readIndex<T>(read: () => Promise<T>): Promise<T> {
  try {
    return await read();
  } catch (error) {
    if (error instanceof IndexReadError) throw new DiscoveryError(READ_CODES[error.code], error.message);
    throw error;
  }
}
