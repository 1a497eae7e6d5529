/**
 * The generator's one root module: the shared modules (config, observability, storage on Redis,
 * the embedding model only when vectors are weighted, as search does) and the GenerationModule.
 */
import { Module, type DynamicModule } from '@nestjs/common';
import type { GeneratorConfig } from '@discovery/config';
import type { Logger } from '@discovery/observability';
import { ConfigModule, EmbeddingsModule, ObservabilityModule, StorageModule, storageOptions } from '@discovery/nest-modules';
import { GenerationModule } from '@discovery/nest-modules/generation';
import type { QueueOptions } from '@discovery/storage';

export interface GeneratorModuleOptions {
  /** Queue settings on top of GENERATE_QUEUE_OPTIONS (tests shorten the lock). */
  queue?: QueueOptions;
  logger?: Logger;
}

@Module({})
export class GeneratorModule {
  static forRoot(config: GeneratorConfig, options: GeneratorModuleOptions = {}): DynamicModule {
    return {
      module: GeneratorModule,
      imports: [
        ConfigModule.forRoot({ service: 'generator', shutdownGraceMs: config.shutdownGraceMs, config }),
        ObservabilityModule.forRoot({ service: 'generator', logLevel: config.logLevel, ...(options.logger ? { logger: options.logger } : {}) }),
        StorageModule.forRoot(storageOptions(config.redis, { embeddingCacheMaxBytes: config.embeddings.cacheMaxBytes })),
        EmbeddingsModule.forRoot(config.embeddings, { load: config.search.vectorWeight > 0 }),
        GenerationModule.forRoot({ config, ...(options.queue ? { queueOptions: options.queue } : {}) }),
      ],
    };
  }
}
