/**
 * GenerationModule.forRoot(config): the generator component (libs/generation's assembly): the
 * worker of the generation queue, its model (or the composer), its index reader. In `serve` it
 * imports the DiscoveryModule and reads through the indexer's reader, and both share the queue
 * of the GenerateQueueModule.
 */
import { Module, type DynamicModule } from '@nestjs/common';
import { assembleGenerator, type GeneratorAssemblyConfig } from '@discovery/generation';
import type { TextEmbedderHandle } from '@discovery/embeddings';
import type { IndexerAssembly } from '@discovery/discovery';
import type { Logger, Metrics } from '@discovery/observability';
import type { JobQueue, QueueOptions, Storage } from '@discovery/storage';
import type { GenerateJobData, GenerateJobResult } from '@discovery/generation/contract';
import { componentHost } from '../component.host.js';
import { PARTS_TOKENS, serviceParts } from '../service-parts.provider.js';
import { GENERATION_QUEUE, GENERATOR, INDEXER } from '../tokens.js';

export interface GenerationModuleOptions {
  config: GeneratorAssemblyConfig;
  /** Queue settings on top of GENERATE_QUEUE_OPTIONS (tests shorten the lock). */
  queueOptions?: QueueOptions;
  /** `serve`: the discovery module whose reader and queue the generator shares. */
  discovery?: DynamicModule;
}

@Module({})
export class GenerationModule {
  static forRoot(options: GenerationModuleOptions): DynamicModule {
    return {
      module: GenerationModule,
      imports: options.discovery ? [options.discovery] : [],
      providers: [
        {
          provide: GENERATOR,
          inject: [...PARTS_TOKENS, { token: GENERATION_QUEUE, optional: true }, { token: INDEXER, optional: true }],
          useFactory: async (
            service: string,
            logger: Logger,
            metrics: Metrics,
            storage: Storage,
            embedder: TextEmbedderHandle | undefined,
            queue: JobQueue<GenerateJobData, GenerateJobResult> | undefined,
            indexer: IndexerAssembly | undefined,
          ) =>
            assembleGenerator(serviceParts(service, logger, metrics, storage, embedder), options.config, {
              ...(queue ? { queue } : {}),
              ...(indexer ? { reader: indexer.runtime.reader } : {}),
              ...(options.queueOptions ? { queueOptions: options.queueOptions } : {}),
            }),
        },
        componentHost(GENERATOR),
      ],
      exports: [GENERATOR],
    };
  }
}
