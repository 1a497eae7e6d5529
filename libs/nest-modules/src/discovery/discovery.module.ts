/**
 * DiscoveryModule.forRoot(config): the indexer component (libs/discovery's assembly): the
 * discovery API's Connect routes mounted on the application's HTTP adapter, its build worker and
 * index reader, its checks (storage reachable, model loaded). Exports the assembly: `serve`'s
 * generator reads through its reader and the bridge calls its routes in memory.
 */
import { Inject, Module, type DynamicModule, type MiddlewareConsumer, type NestModule } from '@nestjs/common';
import { assembleIndexer, type IndexerAssembly, type IndexerAssemblyConfig } from '@discovery/discovery';
import type { TextEmbedderHandle } from '@discovery/embeddings';
import type { GenerateJobData, GenerateJobResult } from '@discovery/generation/contract';
import type { Logger, Metrics } from '@discovery/observability';
import type { JobQueue, Storage } from '@discovery/storage';
import { componentHost } from '../component.host.js';
import { mountHandler } from '../handler.middleware.js';
import { PARTS_TOKENS, serviceParts } from '../service-parts.provider.js';
import { GENERATION_QUEUE, INDEXER } from '../tokens.js';

export interface DiscoveryModuleOptions {
  config: IndexerAssemblyConfig;
  /** Only in-process callers: no HTTP listener serves the API (`discovery-mcp --stdio` alone). */
  inProcessOnly?: boolean;
}

@Module({})
export class DiscoveryModule implements NestModule {
  constructor(@Inject(INDEXER) private readonly indexer: IndexerAssembly) {}

  configure(consumer: MiddlewareConsumer): void {
    mountHandler(consumer, this.indexer.handler);
  }

  static forRoot(options: DiscoveryModuleOptions): DynamicModule {
    return {
      module: DiscoveryModule,
      providers: [
        {
          provide: INDEXER,
          inject: [...PARTS_TOKENS, { token: GENERATION_QUEUE, optional: true }],
          useFactory: (
            service: string,
            logger: Logger,
            metrics: Metrics,
            storage: Storage,
            embedder: TextEmbedderHandle | undefined,
            queue: JobQueue<GenerateJobData, GenerateJobResult> | undefined,
          ) =>
            assembleIndexer(serviceParts(service, logger, metrics, storage, embedder), options.config, {
              ...(queue ? { generateQueue: queue } : {}),
              ...(options.inProcessOnly ? { inProcessOnly: true } : {}),
            }),
        },
        componentHost(INDEXER),
      ],
      exports: [INDEXER],
    };
  }
}
