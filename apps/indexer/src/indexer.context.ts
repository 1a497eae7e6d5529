/**
 * Everything the indexer process holds, created from its configuration in
 * one place: logger, metrics, storage, embedder, the discovery runtime and the
 * operations endpoints. Closing it drains and closes them in order.
 */
import type { IndexerConfig } from '@discovery/config';
import { discoveryFromConfig, type DiscoveryRuntime } from '@discovery/discovery';
import { createTextEmbedder, type TextEmbedderHandle } from '@discovery/embeddings';
import { createLogger, type Logger, Metrics, OpsEndpoints } from '@discovery/observability';
import { createStorage, type Storage } from '@discovery/storage';

export class IndexerContext {
  private constructor(
    readonly config: IndexerConfig,
    readonly logger: Logger,
    readonly metrics: Metrics,
    readonly storage: Storage,
    readonly embedder: TextEmbedderHandle | undefined,
    readonly runtime: DiscoveryRuntime,
    readonly ops: OpsEndpoints,
  ) {}

  static async create(config: IndexerConfig, logger = createLogger({ service: 'indexer', level: config.logLevel })): Promise<IndexerContext> {
    const metrics = new Metrics({ service: 'indexer' });
    const storage = createStorage({
      redisUrl: config.redis.url,
      keyPrefix: config.redis.keyPrefix,
      embeddingCacheMaxBytes: config.embeddings.cacheMaxBytes,
      onError: (error, source) => logger.warn({ err: error, source }, 'storage connection problem'),
    });
    const embedder = await createTextEmbedder(config.embeddings, storage.embeddingCache);
    const runtime = discoveryFromConfig({ config, storage, logger, metrics, ...(embedder ? { embedder } : {}) });
    const ops = new OpsEndpoints({
      metrics,
      checks: {
        redis: () => storage.ping(),
        ...(embedder ? { embeddings: () => embedder.ready() } : {}),
      },
    });
    await runtime.start();
    return new IndexerContext(config, logger, metrics, storage, embedder, runtime, ops);
  }

  /** Stops taking work, lets running builds finish or hands them back, closes connections. */
  async close(): Promise<void> {
    this.ops.startDraining();
    await this.runtime.stop();
    await this.storage.close();
    await this.embedder?.close();
    this.logger.info('indexer stopped');
  }
}
