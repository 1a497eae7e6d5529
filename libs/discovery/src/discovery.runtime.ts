/**
 * Composition of the discovery service from its adapters: the build queue
 * and its worker, the reader and its cache invalidation by events, the
 * service, and the Connect handler (auth, error mapping, yoko.v1 routes).
 * Apps (the indexer, the all-in-one `serve`) create one and mount `handler`.
 */
import { SliceWorkerRunner } from './slicing/slice-runner.js';
import { TenantLimiter } from './tenant-limiter.js';
import { Code, ConnectError, createContextValues, createRouterTransport, type Interceptor, type Transport } from '@connectrpc/connect';
import {
  AuthError,
  type Authenticator,
  apiScopeForMethod,
  authInterceptor,
  authorizeCall,
  DEFAULT_TENANT,
  type MethodRef,
  type Principal,
  principalKey,
  principalOf,
  SCOPES,
  toConnectError,
} from '@discovery/auth';
import type { DemandStore, EventBus, IndexNotesStore, IndexStore, JobQueue } from '@discovery/storage';
import type { IncomingMessage, ServerResponse } from 'node:http';
import type { BuildPipeline, BuildPipelineFactory, OwnedBuildPipeline } from './index-build/build-pipeline.js';
import { connectNodeHandler } from './connect/connect-node-handler.js';
import { discoveryRoutes } from './connect/discovery.routes.js';
import { indexHeaderEchoInterceptor } from './connect/index-header.interceptor.js';
import { errorMappingInterceptor } from './connect/error-mapping.interceptor.js';
import { yokoRoutes, type YokoRoutesOptions } from './connect/yoko.routes.js';
import { DiscoveryService } from './discovery.service.js';
import type { BuildJobData, BuildJobResult } from './discovery.types.js';
import { IndexBuilder } from './index-builder.js';
import { IndexReader, indexVersion } from '@discovery/index-reader';
import { type DiscoveryObserver, type Log, type GenerationPort, silentLog, type TextEmbedder } from './ports.js';

export interface DiscoveryRuntimeOptions {
  store: IndexStore;
  /** Where unsatisfied reasons are counted (GetDemand); absent: not counted. */
  demand?: DemandStore;
  /** Labels, last uses and build progress (ListIndexDetails); absent: not kept. */
  notes?: IndexNotesStore;
  events: EventBus;
  buildQueue: JobQueue<BuildJobData, BuildJobResult>;
  authenticator: Authenticator;
  embedder?: TextEmbedder;
  generator?: GenerationPort;
  limits: {
    idleTtlMs: number;
    maxSdlBytes: number;
    cacheMaxBytes: number;
    /** What the slice worker keeps of schemas and search indexes (SLICE_CACHE_MAX_BYTES); default the worker's, 256 MiB. */
    sliceCacheMaxBytes?: number;
    buildConcurrency: number;
    /** Most heap one build worker thread may hold (BUILD_HEAP_MAX_BYTES); default the pool's. */
    buildHeapMaxBytes?: number;
    vectorWeight?: number;
    vectorFloor?: number;
    /** Per-index limits (MAX_INDEX_SYMBOLS, MAX_INDEX_BYTES); unset: unlimited. */
    maxSymbols?: number;
    maxStoredBytes?: number;
    /** Per-element limits (MAX_NAME_LENGTH, MAX_DESCRIPTION_LENGTH, MAX_DEFAULT_VALUE_LENGTH); unset: none. */
    maxNameLength?: number;
    maxDescriptionLength?: number;
    maxDefaultValueLength?: number;
    /** Fair share per tenant and process (TENANT_MAX_SLICES, TENANT_MAX_GENERATIONS); unset: none. */
    tenantMaxSlices?: number;
    tenantMaxGenerations?: number;
  };
  /** Slice in a worker thread (GetSchemaSlice off the API's event loop); default false: on this thread. */
  slicesInWorker?: boolean;
  /** Consume build jobs in this process (false: an API-only replica). Default true. */
  runBuildWorker?: boolean;
  buildAttempts?: number;
  /**
   * Where the CPU-heavy build stages run: default in process; the apps pass `workerPipeline`, a
   * factory whose pool of warm worker threads is sized by `limits.buildConcurrency` and closed by `stop()`.
   */
  buildPipeline?: BuildPipeline | BuildPipelineFactory;
  log?: Log;
  observer?: DiscoveryObserver;
  /** Interceptors around everything else, outermost first (request ids, metrics). */
  interceptors?: Interceptor[];
  /** Request id of a call, for logs and jobs. */
  requestIdOf?: (header: Headers) => string | undefined;
  /** Overrides the computed index version (tests of stale rebuilds use a real model change instead where they can). */
  version?: string;
}

export type NodeHandler = (req: IncomingMessage, res: ServerResponse, next?: () => void) => void;

export interface DiscoveryRuntime {
  readonly service: DiscoveryService;
  readonly reader: IndexReader;
  readonly version: string;
  /** Serves `/yoko.v1.YokoService/*` and `/discovery.v1.DiscoveryService/*`; calls `next` (or answers 404) for anything else. */
  readonly handler: NodeHandler;
  /**
   * The same API in this process, without HTTP and without a token: calls run the same routes and
   * interceptors as over the wire, as tenant `default` with every scope (the bridge inside `serve`).
   */
  inProcessTransport(): Transport;
  /** Starts the build worker and the cache-invalidation subscription. */
  start(): Promise<void>;
  /**
   * Unsubscribes from index events and closes the build worker pool (idle workers end now, busy ones when
   * their build ends). The build queue stops with the storage (`storage.close()` lets running builds
   * finish or hands them back).
   */
  stop(): Promise<void>;
}

/** Path prefixes of the two Connect services on the API port. */
const API_PATHS = ['/yoko.v1.YokoService/', '/discovery.v1.DiscoveryService/'];

/** Both services' routes: yoko.v1 (Cosmo's) and our discovery.v1. */
function apiRoutes(options: YokoRoutesOptions) {
  return (router: Parameters<ReturnType<typeof yokoRoutes>>[0]): void => {
    yokoRoutes(options)(router);
    discoveryRoutes(options)(router);
  };
}

export function createDiscoveryRuntime(options: DiscoveryRuntimeOptions): DiscoveryRuntime {
  const log = options.log ?? silentLog;
  const observer = options.observer ?? {};
  const version = options.version ?? indexVersion(options.embedder?.id);
  const attempts = options.buildAttempts ?? 3;
  const reader = new IndexReader(
    options.store,
    options.embedder,
    {
      idleTtlMs: options.limits.idleTtlMs,
      currentVersion: version,
      cacheMaxBytes: options.limits.cacheMaxBytes,
      ...(options.limits.vectorWeight !== undefined ? { vectorWeight: options.limits.vectorWeight } : {}),
      ...(options.limits.vectorFloor !== undefined ? { vectorFloor: options.limits.vectorFloor } : {}),
    },
    observer,
  );
  // A pipeline made from a factory belongs to this runtime (its threads end with `stop()`).
  const owned: OwnedBuildPipeline | undefined =
    options.buildPipeline !== undefined && typeof options.buildPipeline !== 'function'
      ? options.buildPipeline.create({
          concurrency: options.limits.buildConcurrency,
          ...(options.limits.buildHeapMaxBytes !== undefined ? { heapMaxBytes: options.limits.buildHeapMaxBytes } : {}),
        })
      : undefined;
  const pipeline = owned?.run ?? (typeof options.buildPipeline === 'function' ? options.buildPipeline : undefined);
  const builder = new IndexBuilder(
    options.store,
    options.events,
    options.embedder,
    {
      version,
      maxSdlBytes: options.limits.maxSdlBytes,
      attempts,
      ...(pipeline ? { pipeline } : {}),
      ...(options.notes ? { notes: options.notes } : {}),
      limits: {
        maxSymbols: options.limits.maxSymbols ?? Number.MAX_SAFE_INTEGER,
        maxStoredBytes: options.limits.maxStoredBytes ?? Number.MAX_SAFE_INTEGER,
        elements: {
          maxNameLength: options.limits.maxNameLength ?? Number.MAX_SAFE_INTEGER,
          maxDescriptionLength: options.limits.maxDescriptionLength ?? Number.MAX_SAFE_INTEGER,
          maxValueLength: options.limits.maxDefaultValueLength ?? Number.MAX_SAFE_INTEGER,
        },
      },
    },
    log,
    observer,
  );
  const slices = options.slicesInWorker
    ? new SliceWorkerRunner((indexId) => options.store.getSdlBytes(indexId), {
        elements: {
          maxNameLength: options.limits.maxNameLength ?? Number.MAX_SAFE_INTEGER,
          maxDescriptionLength: options.limits.maxDescriptionLength ?? Number.MAX_SAFE_INTEGER,
          maxValueLength: options.limits.maxDefaultValueLength ?? Number.MAX_SAFE_INTEGER,
        },
        search: reader,
        ...(options.limits.sliceCacheMaxBytes !== undefined ? { cacheMaxBytes: options.limits.sliceCacheMaxBytes } : {}),
      })
    : undefined;
  const service = new DiscoveryService(
    options.store,
    options.buildQueue,
    options.events,
    reader,
    options.generator,
    {
      version,
      idleTtlMs: options.limits.idleTtlMs,
      maxSdlBytes: options.limits.maxSdlBytes,
      buildAttempts: attempts,
      ...(options.demand ? { demand: options.demand } : {}),
      ...(options.notes ? { notes: options.notes } : {}),
      observer,
      ...(slices ? { slices } : {}),
      ...(options.limits.tenantMaxSlices !== undefined
        ? { sliceShare: new TenantLimiter({ limit: options.limits.tenantMaxSlices, what: 'GetSchemaSlice calls', variable: 'TENANT_MAX_SLICES' }) }
        : {}),
      ...(options.limits.tenantMaxGenerations !== undefined
        ? { generateShare: new TenantLimiter({ limit: options.limits.tenantMaxGenerations, what: 'GenerateQuery calls', variable: 'TENANT_MAX_GENERATIONS' }) }
        : {}),
    },
    log,
  );
  const requestIdOf = options.requestIdOf;
  const routes = apiRoutes({
    service,
    callerOf: (ctx) => ({ tenant: principalOf(ctx.values).tenant }),
    ...(requestIdOf ? { requestIdOf: (ctx) => requestIdOf(ctx.requestHeader) } : {}),
  });
  const connect = connectNodeHandler({
    // Responses are small and travel over a LAN or loopback: compressing them costs more CPU than it saves.
    acceptCompression: [],
    // A request body is at most an SDL plus framing; anything larger is refused before it is buffered.
    readMaxBytes: options.limits.maxSdlBytes + 64 * 1024,
    routes,
    interceptors: [
      ...(options.interceptors ?? []),
      indexHeaderEchoInterceptor(),
      errorMappingInterceptor(log),
      authInterceptor(options.authenticator, apiScopeForMethod, {
        onDenied: (error, method) => log.warn({ method: method.name, reason: error.reason }, 'call refused'),
      }),
    ],
    onFailure: (error, method) => log.error({ err: error, method }, 'request handler failed'),
    oversizedMessage: (method) => oversizedText(method.name, options.limits.maxSdlBytes),
    maxBodyBytes: (method) => bodyLimit(method.name, options.limits.maxSdlBytes),
    preflight: async (req, method) => {
      // Both from the headers alone: a body too large for its method is refused whoever sends it.
      const oversized = bodyOverLimit(req.headers['content-length'], method, options.limits.maxSdlBytes);
      if (oversized) return oversized;
      try {
        // The principal goes with the call: the auth interceptor does not verify the token again.
        const principal = await authorizeCall(options.authenticator, apiScopeForMethod, req.headers.authorization, method);
        return createContextValues().set(principalKey, principal);
      } catch (error) {
        if (!(error instanceof AuthError)) throw error;
        log.warn({ method: method.name, reason: error.reason }, 'call refused');
        return toConnectError(error);
      }
    },
  });
  let unsubscribe: (() => Promise<void>) | undefined;
  let sweeper: NodeJS.Timeout | undefined;

  return {
    service,
    reader,
    version,
    handler: (req, res, next) => {
      if (next && !API_PATHS.some((prefix) => req.url?.startsWith(prefix))) return next();
      connect(req, res);
    },
    inProcessTransport() {
      const principal: Principal = { tenant: DEFAULT_TENANT, scopes: new Set(SCOPES), subject: 'in-process' };
      const trusted: Interceptor = (next) => (request) => {
        request.contextValues.set(principalKey, principal);
        return next(request);
      };
      return createRouterTransport(routes, { router: { interceptors: [...(options.interceptors ?? []), errorMappingInterceptor(log), trusted] } });
    },
    async start() {
      unsubscribe = await options.events.subscribe((event) => reader.onEvent(event));
      sweeper = startExpirySweep(options.store, options.limits.idleTtlMs, observer, log);
      if (options.runBuildWorker !== false) {
        await options.buildQueue.process(builder.handle, { concurrency: options.limits.buildConcurrency });
      }
      log.info({ version, buildWorker: options.runBuildWorker !== false }, 'discovery service started');
    },
    async stop() {
      if (sweeper) clearInterval(sweeper);
      sweeper = undefined;
      await unsubscribe?.();
      unsubscribe = undefined;
      await owned?.close();
      await slices?.close();
    },
  };
}

/** Bodies of every method but EnsureIndex (which carries an SDL) are small: a prompt, a query, coordinates. */
const SMALL_BODY_BYTES = 1024 * 1024;

/** A declared body larger than its method can need is refused before it is read (resource_exhausted). */
function bodyOverLimit(contentLength: string | undefined, method: MethodRef, maxSdlBytes: number): ConnectError | undefined {
  const limit = bodyLimit(method.name, maxSdlBytes);
  const declared = Number(contentLength ?? 0);
  if (!(declared > limit)) return undefined;
  return new ConnectError(`the request body is ${declared} bytes; ${oversizedText(method.name, maxSdlBytes)}`, Code.ResourceExhausted);
}

/** The largest body `method` accepts, declared (Content-Length) or counted while read (chunked). */
function bodyLimit(method: string, maxSdlBytes: number): number {
  return method === 'EnsureIndex' ? maxSdlBytes + 64 * 1024 : SMALL_BODY_BYTES;
}

/** What a body too large for its method is told: EnsureIndex names MAX_SDL_BYTES, the setting a user can change. */
function oversizedText(method: string, maxSdlBytes: number): string {
  if (method === 'EnsureIndex') return `the schema is larger than MAX_SDL_BYTES (${maxSdlBytes} bytes), the largest SDL this service accepts`;
  return `${method} accepts at most ${SMALL_BODY_BYTES} bytes`;
}

/**
 * Idle expiry happens inside the store (Redis key TTLs), unseen by the services: a periodic sweep
 * finds the indexes that expired and reports them (`indexEvicted('idle')`). Every replica sweeps;
 * the store counts each expiry once. Runs every half idle TTL, between 1 s and 60 s apart.
 */
function startExpirySweep(store: IndexStore, idleTtlMs: number, observer: DiscoveryObserver, log: Log): NodeJS.Timeout {
  const every = Math.min(60_000, Math.max(1_000, Math.floor(idleTtlMs / 2)));
  const timer = setInterval(() => {
    store.sweepExpired().then(
      (expired) => {
        if (expired > 0) {
          observer.indexEvicted?.('idle', expired);
          log.info({ expired }, 'idle indexes expired');
        }
      },
      (error: unknown) => log.warn({ err: error }, 'sweeping expired indexes failed'),
    );
  }, every);
  timer.unref();
  return timer;
}
