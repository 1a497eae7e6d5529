/**
 * Keeps the schema indexed, as Cosmo's router does: hash the SDL locally and do nothing when it
 * has not changed; otherwise EnsureIndex, then poll GetIndex until READY (or FAILED, or the
 * timeout). A new address is adopted only once READY; until then the previous one keeps serving.
 * `not_found` means the index was evicted: the schema is sent again. Nothing here blocks a tool
 * call or start-up; an unreachable service is retried with backoff.
 */
import { Code, ConnectError } from '@connectrpc/connect';
import { IndexStatus, type Index } from '@discovery/proto';
import { setTimeout as sleep } from 'node:timers/promises';
import { connectCodeOf, isUnreachable, unreachableDetail } from '../connect-error.mapper.js';
import { silentLogger, type BridgeLogger } from '../logger.js';
import type { DiscoveryApiClient, DiscoveryClient } from '../tool-definition.js';
import { INDEX_LABEL_HEADER, indexIdForSdl } from '@discovery/proto';
import { displayUrl, failureForPhase, SyncPhase, type BuildFailureKind, type SyncStatus } from './sync-status.js';

export interface IndexSyncOptions {
  client: DiscoveryClient;
  /** discovery.v1 of the same service: tells what kind of failure a FAILED build is (absent: treated as retryable). */
  api?: Pick<DiscoveryApiClient, 'getIndexDetails'>;
  /** Interval between GetIndex polls (default 2 s). */
  pollIntervalMs?: number;
  /** How long one schema may take to become READY (default 10 min). */
  timeoutMs?: number;
  /** Deadline of each discovery call (default 10 s). */
  rpcTimeoutMs?: number;
  /** Longest wait between retries of an unreachable or refusing service (default 30 s). */
  maxRetryMs?: number;
  /** A failed or timed-out build is retried by a tool call after this long (default 60 s). */
  failedRetryMs?: number;
  /** The discovery service's URL, named in the texts of an unreachable service. */
  serviceUrl?: string;
  /** The schema's readable name, sent with EnsureIndex (the index's label in the console and `discovery indexes`). */
  label?: string;
  logger?: BridgeLogger;
}

interface Target {
  id: string;
  sdl: string;
  abort: AbortController;
}

const DEFAULTS = { pollIntervalMs: 2_000, timeoutMs: 600_000, rpcTimeoutMs: 10_000, maxRetryMs: 30_000, failedRetryMs: 60_000 };

export class IndexSync {
  private readonly options: typeof DEFAULTS;
  private readonly client: DiscoveryClient;
  private readonly logger: BridgeLogger;
  private served?: { id: string; sdl: string; symbolCount?: number };
  private readonly serviceUrl?: string;
  private target?: Target;
  private phase = SyncPhase.WaitingForSchema;
  private reason?: string;
  private failureKind?: BuildFailureKind;
  private notice?: string;
  private readonly api?: Pick<DiscoveryApiClient, 'getIndexDetails'>;
  /** EnsureIndex's headers: the label, percent-encoded. */
  private readonly ensureHeaders: Record<string, string>;
  private settledAt = 0;
  private resend?: Promise<void>;
  private closed = false;
  private readonly listeners = new Set<(status: SyncStatus) => void>();

  constructor(options: IndexSyncOptions) {
    this.client = options.client;
    if (options.api) this.api = options.api;
    this.ensureHeaders = options.label ? { [INDEX_LABEL_HEADER]: encodeURIComponent(options.label) } : {};
    this.logger = options.logger ?? silentLogger;
    const url = options.serviceUrl === undefined ? undefined : displayUrl(options.serviceUrl);
    if (url !== undefined) this.serviceUrl = url;
    this.options = {
      pollIntervalMs: options.pollIntervalMs ?? DEFAULTS.pollIntervalMs,
      timeoutMs: options.timeoutMs ?? DEFAULTS.timeoutMs,
      rpcTimeoutMs: options.rpcTimeoutMs ?? DEFAULTS.rpcTimeoutMs,
      maxRetryMs: options.maxRetryMs ?? DEFAULTS.maxRetryMs,
      failedRetryMs: options.failedRetryMs ?? DEFAULTS.failedRetryMs,
    };
  }

  /** A schema from the source. Returns at once; indexing goes on in the background. */
  offer(sdl: string): void {
    if (this.closed) return;
    const id = indexIdForSdl(sdl);
    if (id === this.served?.id) {
      if (this.target) this.logger.info({ indexId: id }, 'schema reverted to the serving index');
      this.cancelTarget();
      this.setPhase(SyncPhase.Ready);
      return;
    }
    if (id === this.target?.id) return;
    this.cancelTarget();
    this.target = { id, sdl, abort: new AbortController() };
    this.logger.info({ indexId: id, bytes: Buffer.byteLength(sdl) }, 'new schema: indexing');
    void this.run(this.target);
  }

  /** The schema source failed; the previous schema (if any) stays in use. */
  sourceFailed(reason: string): void {
    if (this.closed || this.served || this.target) return;
    this.setPhase(SyncPhase.WaitingForSchema, reason);
  }

  /** A note about how the schema was read, shown once by the readiness lines (status `notice`). */
  sourceNote(text: string): void {
    if (this.closed || text === this.notice) return;
    this.notice = text;
    const status = this.status();
    for (const listener of this.listeners) listener(status);
  }

  /**
   * Resolves once an index is adopted, or the first build settles otherwise (failed, rejected,
   * timed out, refused, unreachable), or after `timeoutMs` or `signal`: at once when an index is
   * adopted already or no build runs. Lets the first tool call of a client that just started the
   * bridge (stdio) get its answer instead of "still building".
   */
  waitForFirstIndex(timeoutMs: number, signal?: AbortSignal): Promise<void> {
    const waiting = () => !this.served && (this.phase === SyncPhase.Ensuring || this.phase === SyncPhase.Indexing || this.phase === SyncPhase.WaitingForSchema);
    if (!waiting() || this.closed) return Promise.resolve();
    return new Promise((resolve) => {
      const done = () => {
        clearTimeout(timer);
        off();
        signal?.removeEventListener('abort', done);
        resolve();
      };
      const timer = setTimeout(done, timeoutMs);
      const off = this.onChange(() => {
        if (!waiting()) done();
      });
      signal?.addEventListener('abort', done, { once: true });
    });
  }

  /** The index a tool call must use, or the ToolFailure that explains why there is none. */
  resolve(): string {
    const status = this.status();
    this.retryIfDue();
    if (this.served) return this.served.id;
    throw failureForPhase(status);
  }

  /**
   * The service answered `not_found` for `indexId`: the index was evicted. Sends the schema
   * again (once, however many calls saw it) so it is rebuilt at the same address.
   */
  async expired(indexId: string): Promise<void> {
    const sdl = this.served?.id === indexId ? this.served.sdl : undefined;
    if (sdl === undefined || this.closed) return;
    this.resend ??= this.client
      .ensureIndex({ sdl }, { timeoutMs: this.options.rpcTimeoutMs, headers: this.ensureHeaders })
      .then(() => this.logger.warn({ indexId }, 'index expired: schema sent again'))
      .catch((error: unknown) => this.logger.warn({ indexId, code: codeOf(error) }, 'index expired: sending the schema again failed'))
      .finally(() => {
        this.resend = undefined;
      });
    return this.resend;
  }

  /** The SDL of the index being served, when `indexId` is it (generate_query through the client's model reads it). */
  servedSdl(indexId: string): string | undefined {
    return this.served?.id === indexId ? this.served.sdl : undefined;
  }

  /** The latest schema offered (being indexed or serving), if any. */
  latestSdl(): string | undefined {
    return this.target?.sdl ?? this.served?.sdl;
  }

  status(): SyncStatus {
    return {
      phase: this.phase,
      ...(this.served ? { servingIndexId: this.served.id } : {}),
      ...(this.target ? { pendingIndexId: this.target.id } : {}),
      ...(this.reason ? { reason: this.reason } : {}),
      ...(this.failureKind ? { failureKind: this.failureKind } : {}),
      ...(this.notice ? { notice: this.notice } : {}),
      ...(this.served?.symbolCount === undefined ? {} : { symbolCount: this.served.symbolCount }),
      ...(this.serviceUrl ? { serviceUrl: this.serviceUrl } : {}),
    };
  }

  /** Called with the new status on every change. Returns the unsubscribe function. */
  onChange(listener: (status: SyncStatus) => void): () => void {
    this.listeners.add(listener);
    return () => this.listeners.delete(listener);
  }

  close(): void {
    this.closed = true;
    this.cancelTarget();
    this.listeners.clear();
  }

  private async run(target: Target): Promise<void> {
    try {
      await this.indexTarget(target);
    } catch (error) {
      if (target.abort.signal.aborted) return;
      this.logger.error({ indexId: target.id, code: codeOf(error) }, 'index sync stopped');
      this.finish(target, SyncPhase.Failed, 'Unexpected error while indexing');
    }
  }

  /** EnsureIndex until the service answers, then poll until READY, FAILED or the deadline. */
  private async indexTarget(target: Target): Promise<void> {
    const { signal } = target.abort;
    const deadline = Date.now() + this.options.timeoutMs;
    let index = await this.ensure(target);
    while (!signal.aborted && index !== null) {
      if (index?.status === IndexStatus.READY) return this.adopt(target, index);
      if (index?.status === IndexStatus.FAILED) return this.failed(target, index);
      if (Date.now() >= deadline) return this.finish(target, SyncPhase.TimedOut, 'Indexing timed out');
      await sleep(this.options.pollIntervalMs, undefined, { signal, ref: false });
      index = await this.poll(target);
    }
  }

  /**
   * Sends the schema until the service answers; an unreachable or refusing service is retried.
   * `null` when the service rejected the schema (retrying cannot help).
   */
  private async ensure(target: Target): Promise<Index | undefined | null> {
    const { signal } = target.abort;
    let delay = this.options.pollIntervalMs;
    if (this.phase !== SyncPhase.Unreachable && this.phase !== SyncPhase.Unauthorized) this.setPhase(SyncPhase.Ensuring);
    for (;;) {
      try {
        const response = await this.client.ensureIndex({ sdl: target.sdl }, { signal, timeoutMs: this.options.rpcTimeoutMs, headers: this.ensureHeaders });
        if (response.index && response.index.indexId !== target.id) {
          this.logger.warn({ local: target.id, remote: response.index.indexId }, 'the service addresses the schema differently');
          target.id = response.index.indexId;
        }
        this.setPhase(SyncPhase.Indexing);
        return response.index;
      } catch (error) {
        if (signal.aborted) throw error;
        const phase = this.phaseForError(error);
        if (phase === SyncPhase.Rejected) {
          // The service's own message says what is wrong (invalid_argument: an SDL over MAX_SDL_BYTES, a blank one).
          const message = ConnectError.from(error).rawMessage;
          this.finish(target, phase, `The discovery service rejected the schema: ${message}`, /MAX_[A-Z_]+/.test(message) ? 'limit' : 'schema');
          return null;
        }
        this.logger.warn({ indexId: target.id, code: codeOf(error), retryInMs: delay }, 'EnsureIndex failed: retrying');
        this.setPhase(phase, phase === SyncPhase.Unreachable ? unreachableDetail(error) : undefined);
        await sleep(delay, undefined, { signal, ref: false });
        delay = Math.min(delay * 2, this.options.maxRetryMs);
      }
    }
  }

  /** One GetIndex; `not_found` sends the schema again, transient errors wait for the next poll. */
  private async poll(target: Target): Promise<Index | undefined | null> {
    try {
      const response = await this.client.getIndex({ indexId: target.id }, { signal: target.abort.signal, timeoutMs: this.options.rpcTimeoutMs });
      this.setPhase(SyncPhase.Indexing);
      return response.index;
    } catch (error) {
      if (target.abort.signal.aborted) throw error;
      if (connectCodeOf(error) === Code.NotFound) {
        this.logger.warn({ indexId: target.id }, 'index vanished while building: schema sent again');
        return this.ensure(target);
      }
      this.logger.warn({ indexId: target.id, code: codeOf(error) }, 'GetIndex failed: polling on');
      const phase = this.phaseForError(error);
      this.setPhase(phase, phase === SyncPhase.Unreachable ? unreachableDetail(error) : undefined);
      return undefined;
    }
  }

  private adopt(target: Target, index: Index): void {
    if (target !== this.target) return;
    const previous = this.served?.id;
    this.served = { id: target.id, sdl: target.sdl, symbolCount: Number(index.symbolCount) };
    this.target = undefined;
    this.logger.info({ indexId: target.id, previous, symbols: Number(index.symbolCount) }, 'index adopted');
    this.setPhase(SyncPhase.Ready);
  }

  /** A FAILED build: its reason in full and what kind of failure it is (discovery.v1), so no one is told to retry what fails again. */
  private async failed(target: Target, index: Index): Promise<void> {
    let kind: BuildFailureKind = 'internal';
    try {
      const details = await this.api?.getIndexDetails({ indexId: target.id }, { signal: target.abort.signal, timeoutMs: this.options.rpcTimeoutMs });
      const reported = details?.index?.failure?.kind;
      if (reported === 'schema' || reported === 'limit') kind = reported;
    } catch (error) {
      if (target.abort.signal.aborted) throw error;
      this.logger.warn({ indexId: target.id, code: codeOf(error) }, 'reading the build failure failed: treated as retryable');
    }
    this.finish(target, SyncPhase.Failed, `The index build failed: ${index.error || 'no reason given'}`, kind);
  }

  /** Gives up on the target for now; a serving index stays in use. */
  private finish(target: Target, phase: SyncPhase, reason: string, kind?: BuildFailureKind): void {
    if (target !== this.target) return;
    this.settledAt = Date.now();
    this.logger.warn({ indexId: target.id, phase, serving: this.served?.id, kind }, phase === SyncPhase.Failed ? 'index build failed' : 'index sync stopped');
    this.setPhase(phase, reason, kind);
  }

  /** A failed or timed-out target is tried again, at most once per failedRetryMs; a schema that fails by itself waits for a change. */
  private retryIfDue(): void {
    const target = this.target;
    const retryable = (this.phase === SyncPhase.Failed && this.failureKind === 'internal') || this.phase === SyncPhase.TimedOut;
    if (!target || !retryable || Date.now() - this.settledAt < this.options.failedRetryMs) return;
    this.cancelTarget();
    this.offer(target.sdl);
  }

  private phaseForError(error: unknown): SyncPhase {
    const code = connectCodeOf(error);
    if (code === Code.Unauthenticated || code === Code.PermissionDenied) return SyncPhase.Unauthorized;
    if (code === Code.InvalidArgument) return SyncPhase.Rejected;
    return isUnreachable(error) ? SyncPhase.Unreachable : SyncPhase.Ensuring;
  }

  private cancelTarget(): void {
    this.target?.abort.abort();
    this.target = undefined;
  }

  private setPhase(phase: SyncPhase, reason?: string, kind?: BuildFailureKind): void {
    if (phase === this.phase && reason === this.reason && kind === this.failureKind) return;
    this.phase = phase;
    this.reason = reason;
    this.failureKind = kind;
    const status = this.status();
    for (const listener of this.listeners) listener(status);
  }
}

function codeOf(error: unknown): string {
  return Code[connectCodeOf(error)] ?? 'Unknown';
}
