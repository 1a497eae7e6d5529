/**
 * Builds a DiscoveryRuntime from a service's configuration and the shared
 * adapters (storage, embedder, logger, metrics). Used by the indexer app and
 * by the all-in-one `serve` mode, so both wire the service the same way.
 */
import { Authenticator } from '@discovery/auth';
import type { AuthConfig, IndexLimitsConfig } from '@discovery/config';
import { GENERATE_QUEUE, GENERATE_QUEUE_OPTIONS, type GenerateJobData, type GenerateJobResult } from '@discovery/generation/contract';
import { acceptRequestId, type Logger, type Metrics, observabilityInterceptor, REQUEST_ID_HEADER } from '@discovery/observability';
import type { JobQueue, Storage } from '@discovery/storage';
import { workerPipeline } from './index-build/build-pipeline.js';
import { GenerationClient } from './generation-client.js';
import { metricsObserver } from './discovery-metrics.js';
import { createDiscoveryRuntime, type DiscoveryRuntime } from './discovery.runtime.js';
import { BUILD_QUEUE, type BuildJobData, type BuildJobResult } from './discovery.types.js';
import type { TextEmbedder } from './ports.js';

export interface DiscoveryFromConfigOptions {
  config: {
    auth: AuthConfig;
    index: IndexLimitsConfig;
    generate: { timeoutMs: number; cacheTtlMs: number };
  };
  storage: Storage;
  logger: Logger;
  metrics?: Metrics;
  embedder?: TextEmbedder;
  /** Consume build jobs here (default true). */
  runBuildWorker?: boolean;
  /** Only in-process callers (no HTTP listener): auth may be on with no credentials configured. */
  inProcessOnly?: boolean;
  /** The generation queue when the caller made it (`serve`: the worker in the same process uses the same one). */
  generateQueue?: JobQueue<GenerateJobData, GenerateJobResult>;
}

export function discoveryFromConfig(options: DiscoveryFromConfigOptions): DiscoveryRuntime {
  const { config, storage, logger, metrics } = options;
  if (!config.auth.enabled) {
    logger.warn('DISCOVERY_AUTH=off: the discovery API accepts every caller without a token, as tenant "default"');
  }
  const generator = new GenerationClient({
    queue: options.generateQueue ?? storage.createQueue<GenerateJobData, GenerateJobResult>(GENERATE_QUEUE, GENERATE_QUEUE_OPTIONS),
    cache: storage.resultCache,
    timeoutMs: config.generate.timeoutMs,
    cacheTtlMs: config.generate.cacheTtlMs,
  });
  // Builds of large schemas take a while: a worker holds its lock long enough, and a
  // crashed worker's build is taken over once the lock lapses.
  const buildQueue = storage.createQueue<BuildJobData, BuildJobResult>(BUILD_QUEUE, { lockDurationMs: 60_000, stalledIntervalMs: 30_000 });
  // The build queue on /metrics (the console's "build queue").
  metrics?.queue.trackDepth(BUILD_QUEUE, async () => ({ pending: await buildQueue.depth() }));
  return createDiscoveryRuntime({
    store: storage.indexStore,
    demand: storage.demandStore,
    notes: storage.notesStore,
    events: storage.eventBus,
    buildQueue,
    authenticator: Authenticator.fromConfig(config.auth, { allowNoCredentials: options.inProcessOnly === true }),
    ...(options.embedder ? { embedder: options.embedder } : {}),
    generator,
    limits: config.index,
    runBuildWorker: options.runBuildWorker ?? true,
    // Builds of large schemas take seconds of CPU: off the event loop that serves the API.
    buildPipeline: workerPipeline,
    // Slices take up to a second of CPU on the largest schemas: off that loop too (issue 23).
    slicesInWorker: true,
    log: logger,
    ...(metrics ? { observer: metricsObserver(metrics) } : {}),
    interceptors: [observabilityInterceptor({ logger, ...(metrics ? { metrics } : {}) })],
    requestIdOf: (header) => acceptRequestId(header.get(REQUEST_ID_HEADER)),
  });
}
