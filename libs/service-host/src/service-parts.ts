/**
 * The parts every service process shares, made once from its configuration: the logger, the one
 * metrics registry, the storage (Redis and BullMQ, or memory when no Redis URL is given) and the
 * embedding model when the process needs one. The component assemblies (indexer, generator,
 * bridge) take them; `serve` hands the same parts to all three.
 */
import type { EmbeddingsConfig } from '@discovery/config';
import { createTextEmbedder, type TextEmbedderHandle } from '@discovery/embeddings';
import { createLogger, Metrics, type Logger, type LogLevelName } from '@discovery/observability';
import { createStorage, type Storage } from '@discovery/storage';

/** What every process has: its name, logger and the one metrics registry. */
export interface ProcessParts {
  /** `indexer`, `generator`, `bridge` or `serve`: the `service` label of logs and metrics. */
  readonly service: string;
  readonly logger: Logger;
  readonly metrics: Metrics;
  /** Closed by the host after its components (absent in the bridge alone). */
  readonly storage?: Storage;
  readonly embedder?: TextEmbedderHandle | undefined;
}

/** The parts of a process that keeps state: storage, and the embedding model when it needs one. */
export interface ServiceParts extends ProcessParts {
  readonly storage: Storage;
  /** Undefined when embeddings are off or not needed by this process. */
  readonly embedder: TextEmbedderHandle | undefined;
}

export interface ProcessPartsOptions {
  service: string;
  logLevel: LogLevelName;
  /** A logger made by the caller (stdio: logs go to stderr); default: one for `service` at `logLevel`. */
  logger?: Logger;
  /** Process metrics (CPU, memory) in the shared registry; default true. */
  processMetrics?: boolean;
}

export function createProcessParts(options: ProcessPartsOptions): ProcessParts {
  const logger = options.logger ?? createLogger({ service: options.service, level: options.logLevel });
  return { service: options.service, logger, metrics: new Metrics({ service: options.service, processMetrics: options.processMetrics ?? true }) };
}

export interface ServicePartsOptions extends ProcessPartsOptions {
  /** Storage: Redis when `url` is set (one server, or cluster seed nodes), otherwise memory (`serve` only). */
  redis: { url: string | undefined; mode?: 'standalone' | 'cluster'; keyPrefix: string };
  embeddings: EmbeddingsConfig;
  /** Load the embedding model (the model is loaded before this returns). Default true. */
  embedder?: boolean;
}

export async function createServiceParts(options: ServicePartsOptions): Promise<ServiceParts> {
  const { logger, metrics } = createProcessParts(options);
  const storage = createStorage({
    ...(options.redis.url ? { redisUrl: options.redis.url } : {}),
    ...(options.redis.mode ? { redisMode: options.redis.mode } : {}),
    keyPrefix: options.redis.keyPrefix,
    embeddingCacheMaxBytes: options.embeddings.cacheMaxBytes,
    onError: (error, source) => logger.warn({ err: error, source }, 'storage connection problem'),
  });
  let embedder: TextEmbedderHandle | undefined;
  try {
    // A standalone client on a cluster node (or the reverse) would look healthy and fail every build: refuse to start.
    await storage.verify();
    embedder = options.embedder === false ? undefined : await createTextEmbedder(options.embeddings, storage.embeddingCache);
  } catch (error) {
    await storage.close().catch(() => undefined);
    throw error;
  }
  if (embedder) logger.info({ model: embedder.id }, 'embedding model loaded');
  return { service: options.service, logger, metrics, storage, embedder };
}
