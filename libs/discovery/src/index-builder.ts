/**
 * Builds an index: SDL -> schema (strict, then lenient) -> symbols -> vectors
 * -> search index, stored atomically with its metadata. Runs as a queue job
 * (any replica); a first build that fails marks the index FAILED with a
 * readable reason, a failed rebuild keeps the previous data serving.
 */
import { SymbolExtractionError } from '@discovery/schema-symbols';
import { type BuildFailureParts, type EventBus, type IndexNotesStore, type IndexStore, type JobContext, UnrecoverableJobError } from '@discovery/storage';
import { describeBuildFailure } from './index-build/build-failure.js';
import { type BuildPipeline, inProcessPipeline } from './index-build/build-pipeline.js';
import { checkStoredBytes, checkSymbolCount, IndexLimitError, type IndexLimits } from './index-build/index-limits.js';
import type { BuildJobData, BuildJobResult } from './discovery.types.js';
import { type DiscoveryObserver, type Log, silentLog, type TextEmbedder } from './ports.js';

/** Least time between two embedding progress reports to the queue. */
const PROGRESS_INTERVAL_MS = 250;

export interface IndexBuilderOptions {
  /** Version stamped on what this builder produces. */
  version: string;
  maxSdlBytes: number;
  /** Attempts the queue makes before giving up (the last one records the failure). */
  attempts: number;
  /** Texts embedded per batch (progress is reported between batches). */
  embedBatchSize?: number;
  /** Where the CPU-heavy stages run (default: in process; the apps use a worker thread). */
  pipeline?: BuildPipeline;
  /** Per-index limits (symbols, stored bytes); a build over one fails at once, naming it. Default: none. */
  limits?: IndexLimits;
  /** Where build progress is noted for people (the console); absent: not noted. */
  notes?: IndexNotesStore;
}

const NO_LIMITS: IndexLimits = { maxSymbols: Number.MAX_SAFE_INTEGER, maxStoredBytes: Number.MAX_SAFE_INTEGER };

export class IndexBuilder {
  constructor(
    private readonly store: IndexStore,
    private readonly events: EventBus,
    private readonly embedder: TextEmbedder | undefined,
    private readonly options: IndexBuilderOptions,
    private readonly log: Log = silentLog,
    private readonly observer: DiscoveryObserver = {},
  ) {}

  /** The queue handler. */
  readonly handle = async (data: BuildJobData, ctx: JobContext): Promise<BuildJobResult> => {
    const { indexId } = data;
    const current = await this.store.getMeta(indexId);
    if (current?.state === 'ready' && current.builtVersion === this.options.version) {
      // A late duplicate (an EnsureIndex that saw the index building just before this build finished).
      if (current.building) await this.store.updateMeta(indexId, { building: false });
      return { symbolCount: current.symbolCount };
    }
    const started = performance.now();
    this.observer.buildStarted?.(indexId);
    try {
      await this.note(indexId, { stage: 'symbols', done: 0, total: 0 });
      const symbolCount = await this.build(indexId, ctx);
      await this.note(indexId, undefined);
      const seconds = (performance.now() - started) / 1000;
      this.observer.buildFinished?.(indexId, 'ready', seconds, symbolCount);
      this.log.info({ indexId, symbolCount, seconds: round(seconds), requestId: data.requestId }, 'index built');
      return { symbolCount };
    } catch (error) {
      await this.note(indexId, undefined);
      const final = error instanceof SymbolExtractionError || error instanceof IndexLimitError || ctx.attempt >= this.options.attempts;
      const reason = describe(error);
      this.log[final ? 'error' : 'warn']({ indexId, attempt: ctx.attempt, reason }, 'index build failed');
      if (!final) throw error;
      await this.recordFailure(indexId, reason, describeBuildFailure(error));
      this.observer.buildFinished?.(indexId, 'failed', (performance.now() - started) / 1000, 0);
      throw new UnrecoverableJobError(reason);
    }
  };

  private async build(indexId: string, ctx: JobContext): Promise<number> {
    const sdl = await this.store.getSdl(indexId);
    if (sdl === undefined) {
      this.log.info({ indexId }, 'index deleted before its build ran');
      return 0;
    }
    const limits = this.options.limits ?? NO_LIMITS;
    // The pipeline refuses a schema far over the symbol limit before parsing it (one linear scan).
    const prepared = await (this.options.pipeline ?? inProcessPipeline)(sdl, this.options.maxSdlBytes, limits.maxSymbols, limits.elements);
    try {
      const { texts, lenient, warnings } = prepared;
      checkSymbolCount(texts.length, limits);
      if (lenient) this.log.info({ indexId, repairs: warnings.slice(0, 20), total: warnings.length }, 'lenient build');
      await ctx.progress({ stage: 'symbols', symbols: texts.length });
      const vectors = await this.embed(indexId, texts, ctx);
      await this.note(indexId, { stage: 'storing', done: texts.length, total: texts.length });
      const parts = await prepared.assemble(vectors);
      const storedBytes = checkStoredBytes(Buffer.byteLength(sdl, 'utf8'), parts, limits);
      const stored = await this.store.putArtifacts(indexId, parts, {
        storedBytes,
        state: 'ready',
        builtVersion: this.options.version,
        building: false,
        symbolCount: texts.length,
        indexedAt: Date.now(),
        error: undefined,
        failure: undefined,
      });
      if (stored) await this.events.publish({ type: 'index.rebuilt', indexId });
      else this.log.info({ indexId }, 'index deleted during its build; result dropped');
      return texts.length;
    } finally {
      prepared.dispose();
    }
  }

  private async embed(indexId: string, texts: string[], ctx: JobContext): Promise<Int8Array[] | undefined> {
    if (!this.embedder) return undefined;
    const batch = this.options.embedBatchSize ?? 512;
    const vectors: Int8Array[] = [];
    let logged = 0;
    let reported = performance.now();
    for (let start = 0; start < texts.length; start += batch) {
      if (ctx.signal.aborted) throw new Error('build aborted: the worker is shutting down');
      vectors.push(...(await this.embedder.embed(texts.slice(start, start + batch), ctx.signal)));
      const done = Math.min(texts.length, start + batch);
      this.observer.buildProgress?.(indexId, done, texts.length);
      // A queue progress report is a round trip: a few a second when batches come from the cache.
      if (done === texts.length || performance.now() - reported >= PROGRESS_INTERVAL_MS) {
        reported = performance.now();
        await ctx.progress({ stage: 'embeddings', done, total: texts.length });
        await this.note(indexId, { stage: 'embeddings', done, total: texts.length });
      }
      // Every quarter of the way on a large schema, so operators see a long build move.
      if (texts.length >= 4 * batch && (done - logged) * 4 >= texts.length) {
        logged = done;
        this.log.info({ indexId, done, total: texts.length }, 'index build: embedding symbols');
      }
    }
    return vectors;
  }

  private async recordFailure(indexId: string, reason: string, failure: BuildFailureParts): Promise<void> {
    const meta = await this.store.getMeta(indexId);
    if (!meta) return;
    // A servable index stays READY (its previous data keeps serving); a first build becomes FAILED.
    await this.store.updateMeta(indexId, {
      state: meta.state === 'ready' ? 'ready' : 'failed',
      building: false,
      error: reason,
      failure,
    });
  }

  /** Notes the build's progress for people; a note that cannot be written never fails the build. */
  private async note(indexId: string, progress: { stage: string; done: number; total: number } | undefined): Promise<void> {
    try {
      await this.options.notes?.setProgress(indexId, progress ? { ...progress, at: Date.now() } : undefined);
    } catch (error) {
      this.log.warn({ indexId, err: error }, 'noting build progress failed');
    }
  }
}

function describe(error: unknown): string {
  if (error instanceof Error) return error.message.slice(0, 1000);
  return String(error).slice(0, 1000);
}

function round(n: number): number {
  return Math.round(n * 1000) / 1000;
}
