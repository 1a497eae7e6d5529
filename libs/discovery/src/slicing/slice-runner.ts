/**
 * SliceRunner: where GetSchemaSlice's CPU-heavy part runs (the schema's root
 * names, then the slice's search and the slice itself). `inProcessSlices`
 * runs it on the caller's thread through the index reader (tests, and callers
 * without threads); `SliceWorkerRunner` in one warm worker thread that keeps
 * schemas by index id and search indexes by build (slice.worker.ts), so
 * neither the slice nor its search of up to 100 hits holds the API's event
 * loop (issue 23 finding 9), with a per-call budget: a slice over it ends the
 * thread and answers `deadline_exceeded`. An index whose schema is over
 * today's element limits (built before them) is answered
 * `failed_precondition` naming the limit.
 */
import { existsSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { Worker } from 'node:worker_threads';
import type { IndexReader, LoadedIndex, SearchParts } from '@discovery/index-reader';
import type { ElementLimits, RootOperation } from '@discovery/schema-symbols';
import { sliceFromHits, sliceHitCount, type SchemaSliceResult, type SliceHit } from '@discovery/schema-slice';
import { rootTypeNames } from '@discovery/schema-symbols';
import { DiscoveryError, DiscoveryErrorCode } from '../discovery.errors.js';
import type { Sdl, SliceWorkerReply, SliceWorkerRequest, WorkerNeed } from './slice-worker.protocol.js';

export interface SliceRequest {
  query: string;
  maxTokens: number;
  roots: RootOperation[];
  /** The hits to slice from; absent: the runner searches the index for `sliceHitCount(maxTokens)` hits, as the reader does. */
  hits?: readonly SliceHit[];
}

export interface SliceRunner {
  /** The schema's root type names by operation (for resolving `roots`). */
  rootNames(index: LoadedIndex): Promise<Partial<Record<RootOperation, string>>>;
  slice(index: LoadedIndex, request: SliceRequest): Promise<SchemaSliceResult>;
  close(): Promise<void>;
}

/** What the slicer's search needs from the index reader. */
export type SliceSearchSource = Pick<IndexReader, 'search' | 'searchPlan' | 'searchParts'>;

/** The search a slice of `request` starts with. */
function hitRequest(request: SliceRequest): { query: string; limit: number; roots: RootOperation[] } {
  return { query: request.query, limit: sliceHitCount(request.maxTokens), roots: request.roots };
}

/** Slices on this thread, from the reader's schema and search. */
export function inProcessSlices(reader: Pick<IndexReader, 'schema' | 'search'>): SliceRunner {
  return {
    rootNames: async (index) => rootTypeNames(await reader.schema(index)),
    slice: async (index, request) => {
      const hits = request.hits ?? (await reader.search(index, hitRequest(request)));
      return sliceFromHits(await reader.schema(index), request.query, hits, request);
    },
    close: async () => undefined,
  };
}

/** Most time one slice may take in the worker (a 32k-token slice of the largest schemas takes about 1 s). */
export const SLICE_CALL_BUDGET_MS = 30_000;

type Pending = { resolve(reply: SliceWorkerReply): void; reject(error: Error): void; timer: NodeJS.Timeout };
type Outgoing = SliceWorkerRequest extends infer R ? (R extends { call: number } ? Omit<R, 'call'> : never) : never;

export class SliceWorkerRunner implements SliceRunner {
  private thread: Worker | undefined;
  private readonly pending = new Map<number, Pending>();
  private nextCall = 1;
  private closed = false;

  constructor(
    /**
     * The SDL of an index, sent once per index to the worker (which asks for it). Bytes in a buffer
     * of their own are moved, not copied, and never become a string on this thread's heap.
     */
    private readonly sdlOf: (indexId: string) => Promise<Sdl | undefined>,
    private readonly options: {
      budgetMs?: number;
      script?: string;
      elements?: ElementLimits;
      /** Most bytes of schemas and search indexes the worker keeps (SLICE_CACHE_MAX_BYTES); default 256 MiB. */
      cacheMaxBytes?: number;
      /** Where a slice without hits is searched from: the worker gets the index's stored parts and searches it. */
      search?: SliceSearchSource;
    } = {},
  ) {}

  async rootNames(index: LoadedIndex): Promise<Partial<Record<RootOperation, string>>> {
    const reply = await this.ask(index.id, { type: 'roots', indexId: index.id });
    if (reply.type !== 'roots') throw unexpected(reply);
    return reply.roots;
  }

  async slice(index: LoadedIndex, request: SliceRequest): Promise<SchemaSliceResult> {
    const base = { type: 'slice' as const, indexId: index.id, query: request.query, maxTokens: request.maxTokens, roots: request.roots };
    const source = this.options.search;
    let reply: SliceWorkerReply;
    if (request.hits === undefined && source !== undefined) {
      // The worker searches its own copy of the index, ranked as the reader ranks it here.
      const plan = await source.searchPlan(index, request.query);
      const search = { ...plan, key: `${index.id} ${index.version} ${index.indexedAt}`, limit: hitRequest(request).limit };
      reply = await this.ask(index.id, { ...base, search }, async () => {
        const parts = source.searchParts(index);
        return parts && { search: { ...search, parts: exactCopies(parts) } };
      });
      if (reply.type === 'missing') {
        // An index of a previous format: searched here, sliced there.
        const hits = await source.search(index, hitRequest(request));
        reply = await this.ask(index.id, { ...base, hits: hits.map(sliceHit) });
      }
    } else {
      const hits = request.hits ?? (source ? await source.search(index, hitRequest(request)) : undefined);
      if (hits === undefined) throw new Error('a slice without hits needs a search source');
      reply = await this.ask(index.id, { ...base, hits: hits.map(sliceHit) });
    }
    if (reply.type !== 'sliced') throw unexpected(reply);
    return reply.slice;
  }

  async close(): Promise<void> {
    this.closed = true;
    const thread = this.thread;
    this.thread = undefined;
    this.failAll(new DiscoveryError(DiscoveryErrorCode.Unavailable, 'the service is stopping'));
    await thread?.terminate();
  }

  /**
   * Sends a request; when the worker lacks the schema (or the search index), sends it again with the
   * SDL (and what `parts` adds). A reply still `missing` is returned: `parts` had nothing to give.
   */
  private async ask(indexId: string, request: Outgoing, parts?: () => Promise<Partial<Outgoing> | undefined>): Promise<SliceWorkerReply> {
    const first = await this.send(request);
    if (first.type !== 'missing') return first;
    const need = new Set<WorkerNeed>(first.need);
    const [sdl, added] = await Promise.all([need.has('sdl') ? this.sdlOf(indexId) : undefined, need.has('parts') ? parts?.() : undefined]);
    if (need.has('sdl') && sdl === undefined) throw DiscoveryError.notFound(indexId);
    if (need.has('parts') && added === undefined) return first;
    return this.send({ ...request, ...(sdl !== undefined ? { sdl } : {}), ...added } as Outgoing);
  }

  private send(request: Outgoing): Promise<SliceWorkerReply> {
    if (this.closed) return Promise.reject(new DiscoveryError(DiscoveryErrorCode.Unavailable, 'the service is stopping'));
    const thread = this.worker();
    const call = this.nextCall++;
    const budgetMs = this.options.budgetMs ?? SLICE_CALL_BUDGET_MS;
    return new Promise<SliceWorkerReply>((resolve, reject) => {
      const timer = setTimeout(() => {
        // A slice over its budget: the thread is ended (nothing else stops synchronous work) and started again.
        this.pending.delete(call);
        reject(new DiscoveryError(DiscoveryErrorCode.DeadlineExceeded, `the slice did not finish within ${Math.round(budgetMs / 1000)} s`));
        this.restart();
      }, budgetMs);
      this.pending.set(call, { resolve, reject, timer });
      const sdl = 'sdl' in request ? request.sdl : undefined;
      const owned = sdl instanceof Uint8Array && sdl.byteOffset === 0 && sdl.byteLength === sdl.buffer.byteLength && sdl.buffer instanceof ArrayBuffer;
      thread.postMessage({ ...request, call }, owned ? [sdl.buffer as ArrayBuffer] : []);
    }).then((reply) => {
      if (reply.type === 'error') throw new Error(`the slice worker failed: ${reply.name}`);
      if (reply.type === 'refused') throw new DiscoveryError(DiscoveryErrorCode.FailedPrecondition, `this index cannot be sliced: ${reply.message}`);
      return reply;
    });
  }

  private worker(): Worker {
    if (this.thread) return this.thread;
    const thread = new Worker(this.options.script ?? defaultScript(), {
      workerData: { elements: this.options.elements, cacheMaxBytes: this.options.cacheMaxBytes },
    });
    thread.unref();
    thread.on('message', (reply: SliceWorkerReply) => {
      const pending = this.pending.get(reply.call);
      if (!pending) return;
      this.pending.delete(reply.call);
      clearTimeout(pending.timer);
      pending.resolve(reply);
    });
    const lost = (): void => {
      if (this.thread !== thread) return;
      this.thread = undefined;
      this.failAll(new DiscoveryError(DiscoveryErrorCode.Unavailable, 'the slicer restarted; retry the call'));
    };
    thread.on('error', lost);
    thread.on('exit', lost);
    this.thread = thread;
    return thread;
  }

  private restart(): void {
    const thread = this.thread;
    this.thread = undefined;
    this.failAll(new DiscoveryError(DiscoveryErrorCode.Unavailable, 'the slicer restarted; retry the call'));
    void thread?.terminate();
  }

  private failAll(error: Error): void {
    for (const [call, pending] of this.pending) {
      this.pending.delete(call);
      clearTimeout(pending.timer);
      pending.reject(error);
    }
  }
}

/** A hit as the worker needs it (the symbol's record stays here). */
function sliceHit(hit: SliceHit): SliceHit {
  return {
    symbol: {
      coordinate: hit.symbol.coordinate,
      kind: hit.symbol.kind,
      name: hit.symbol.name,
      ...(hit.symbol.typeName !== undefined ? { typeName: hit.symbol.typeName } : {}),
    },
    score: hit.score,
  };
}

/**
 * Parts whose buffers hold exactly their bytes: a view into a larger buffer (a pooled slice) would be
 * cloned to the worker with the whole buffer, so only such a view is copied.
 */
function exactCopies(parts: SearchParts): SearchParts {
  const exact = (bytes: Uint8Array): Uint8Array => (bytes.byteOffset === 0 && bytes.byteLength === bytes.buffer.byteLength ? bytes : new Uint8Array(bytes));
  return parts.vectors ? { artifact: exact(parts.artifact), vectors: exact(parts.vectors) } : { artifact: exact(parts.artifact) };
}

function unexpected(reply: SliceWorkerReply): Error {
  return new Error(`unexpected reply from the slice worker: ${reply.type}`);
}

/** The compiled worker next to this module in dist, else the TypeScript source (tests). */
function defaultScript(): string {
  const compiled = fileURLToPath(new URL('./slice.worker.js', import.meta.url));
  return existsSync(compiled) ? compiled : fileURLToPath(new URL('./slice.worker.ts', import.meta.url));
}
