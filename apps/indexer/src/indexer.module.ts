/**
 * The indexer's one root module: the shared modules (config, observability, storage on Redis,
 * the embedding model), the DiscoveryModule (the Connect API at the root of PORT) and the
 * ConsoleModule (/console, the page asking for a token of this indexer: docs/console.md).
 */
import { Module, type DynamicModule } from '@nestjs/common';
import type { IndexerConfig } from '@discovery/config';
import type { Logger } from '@discovery/observability';
import { ConfigModule, EmbeddingsModule, ObservabilityModule, StorageModule, storageOptions } from '@discovery/nest-modules';
import { ConsoleModule } from '@discovery/nest-modules/console';
import { DiscoveryModule } from '@discovery/nest-modules/discovery';

@Module({})
export class IndexerModule {
  static forRoot(config: IndexerConfig, logger: Logger): DynamicModule {
    return {
      module: IndexerModule,
      imports: [
        ConfigModule.forRoot({ service: 'indexer', shutdownGraceMs: config.shutdownGraceMs, config }),
        ObservabilityModule.forRoot({ service: 'indexer', logLevel: config.logLevel, logger }),
        StorageModule.forRoot(storageOptions(config.redis, { embeddingCacheMaxBytes: config.embeddings.cacheMaxBytes })),
        EmbeddingsModule.forRoot(config.embeddings),
        DiscoveryModule.forRoot({ config }),
        ConsoleModule.forRoot(() => ({ mode: 'indexer', auth: config.auth.enabled })),
      ],
    };
  }
}
