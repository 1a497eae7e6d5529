/**
 * The indexer, assembled from a process's shared parts (storage, logger, metrics, embedder):
 * the discovery runtime (API, build worker, reader) as a component for its Nest module (libs/nest-modules), with its
 * readiness checks (storage reachable, model loaded). The indexer app hosts it alone; `serve`
 * next to the generator and the bridge, handing it the generation queue it created.
 */
import type { AuthConfig, IndexLimitsConfig } from '@discovery/config';
import type { GenerateJobData, GenerateJobResult } from '@discovery/generation/contract';
import type { ServiceComponent, ServiceParts } from '@discovery/service-parts';
import type { JobQueue } from '@discovery/storage';
import { discoveryFromConfig } from './discovery.factory.js';
import type { DiscoveryRuntime } from './discovery.runtime.js';

export interface IndexerAssemblyConfig {
  auth: AuthConfig;
  index: IndexLimitsConfig;
  generate: { timeoutMs: number; cacheTtlMs: number };
}

export interface IndexerAssembly extends ServiceComponent {
  readonly runtime: DiscoveryRuntime;
}

export function assembleIndexer(
  parts: ServiceParts,
  config: IndexerAssemblyConfig,
  options: {
    generateQueue?: JobQueue<GenerateJobData, GenerateJobResult>;
    /** Only in-process callers: no HTTP listener will serve the API (`discovery-mcp --stdio` alone). */
    inProcessOnly?: boolean;
  } = {},
): IndexerAssembly {
  const { storage, embedder } = parts;
  const runtime = discoveryFromConfig({
    config,
    storage,
    logger: parts.logger,
    metrics: parts.metrics,
    ...(embedder ? { embedder } : {}),
    ...(options.generateQueue ? { generateQueue: options.generateQueue } : {}),
    ...(options.inProcessOnly ? { inProcessOnly: true } : {}),
  });
  return {
    name: 'indexer',
    runtime,
    checks: { redis: () => storage.ping(), ...(embedder ? { embeddings: () => embedder.ready() } : {}) },
    handler: runtime.handler,
    start: () => runtime.start(),
    stop: () => runtime.stop(),
  };
}
