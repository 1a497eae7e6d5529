/**
 * SliceRunner: where GetSchemaSlice's CPU-heavy part runs (the schema's root
 * names, then the slice itself from the search hits). `inProcessSlices` runs
 * it on the caller's thread through the index reader's schema (tests, and
 * callers without threads); `SliceWorkerRunner` in one warm worker thread
 * that keeps schemas by index id (slice.worker.ts), so a slice never holds
 * the API's event loop (issue 23 finding 9), with a per-call budget: a slice
 * over it ends the thread and answers `deadline_exceeded`. An index whose
 * schema is over today's element limits (built before them) is answered
 * `failed_precondition` naming the limit.
 */
import { existsSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { Worker } from 'node:worker_threads';
import type { IndexReader, LoadedIndex } from '@discovery/index-reader';
import type { ElementLimits, RootOperation } from '@discovery/schema-symbols';
import { sliceFromHits, type SchemaSliceResult, type SliceHit } from '@discovery/schema-slice';
import { rootTypeNames } from '@discovery/schema-symbols';
import { DiscoveryError, DiscoveryErrorCode } from '../discovery.errors.js';
import type { SliceWorkerReply, SliceWorkerRequest } from './slice-worker.protocol.js';

export interface SliceRequest {
  query: string;
  hits: readonly SliceHit[];
  maxTokens: number;
  roots: RootOperation[];
}

export interface SliceRunner {
  /** The schema's root type names by operation (for resolving `roots`). */
  rootNames(index: LoadedIndex): Promise<Partial<Record<RootOperation, string>>>;
  slice(index: LoadedIndex, request: SliceRequest): Promise<SchemaSliceResult>;
  close(): Promise<void>;
}

/** Slices on this thread, from the reader's schema. */
export function inProcessSlices(reader: Pick<IndexReader, 'schema'>): SliceRunner {
  return {
    rootNames: async (index) => rootTypeNames(await reader.schema(index)),
    slice: async (index, request) => sliceFromHits(await reader.schema(index), request.query, request.hits, request),
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
    /** The SDL of an index, sent once per index to the worker (which asks for it). */
    private readonly sdlOf: (indexId: string) => Promise<string | undefined>,
    private readonly options: { budgetMs?: number; script?: string; elements?: ElementLimits } = {},
  ) {}

  async rootNames(index: LoadedIndex): Promise<Partial<Record<RootOperation, string>>> {
    const reply = await this.ask(index.id, { type: 'roots', indexId: index.id });
    if (reply.type !== 'roots') throw unexpected(reply);
    return reply.roots;
  }

  async slice(index: LoadedIndex, request: SliceRequest): Promise<SchemaSliceResult> {
    const hits = request.hits.map((hit) => ({
      symbol: {
        coordinate: hit.symbol.coordinate,
        kind: hit.symbol.kind,
        name: hit.symbol.name,
        ...(hit.symbol.typeName !== undefined ? { typeName: hit.symbol.typeName } : {}),
      },
      score: hit.score,
    }));
    const reply = await this.ask(index.id, {
      type: 'slice',
      indexId: index.id,
      query: request.query,
      hits,
      maxTokens: request.maxTokens,
      roots: request.roots,
    });
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

  /** Sends a request; when the worker does not hold the schema, sends it again with the SDL. */
  private async ask(indexId: string, request: Outgoing): Promise<SliceWorkerReply> {
    const first = await this.send(request);
    if (first.type !== 'missing') return first;
    const sdl = await this.sdlOf(indexId);
    if (sdl === undefined) throw DiscoveryError.notFound(indexId);
    return this.send({ ...request, sdl } as Outgoing);
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
      thread.postMessage({ ...request, call });
    }).then((reply) => {
      if (reply.type === 'error') throw new Error(`the slice worker failed: ${reply.name}`);
      if (reply.type === 'refused') throw new DiscoveryError(DiscoveryErrorCode.FailedPrecondition, `this index cannot be sliced: ${reply.message}`);
      return reply;
    });
  }

  private worker(): Worker {
    if (this.thread) return this.thread;
    const thread = new Worker(this.options.script ?? defaultScript(), { workerData: { elements: this.options.elements } });
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

function unexpected(reply: SliceWorkerReply): Error {
  return new Error(`unexpected reply from the slice worker: ${reply.type}`);
}

/** The compiled worker next to this module in dist, else the TypeScript source (tests). */
function defaultScript(): string {
  const compiled = fileURLToPath(new URL('./slice.worker.js', import.meta.url));
  return existsSync(compiled) ? compiled : fileURLToPath(new URL('./slice.worker.ts', import.meta.url));
}
