/**
 * DiscoveryModule.forRoot(config): the indexer component (libs/discovery's assembly): the
 * discovery API's Connect routes served on the application's HTTP server ahead of Express, its build worker and
 * index reader, its checks (storage reachable, model loaded). Exports the assembly: `serve`'s
 * generator reads through its reader and the bridge calls its routes in memory.
 */
import { Inject, Module, type DynamicModule, type OnModuleInit } from '@nestjs/common';
import { HttpAdapterHost } from '@nestjs/core';
import { assembleIndexer, type IndexerAssembly, type IndexerAssemblyConfig } from '@discovery/discovery';
import type { TextEmbedderHandle } from '@discovery/embeddings';
import type { GenerateJobData, GenerateJobResult } from '@discovery/generation/contract';
import type { Logger, Metrics } from '@discovery/observability';
import type { JobQueue, Storage } from '@discovery/storage';
import type { Server } from 'node:http';
import { componentHost } from '../component.host.js';
import { serveAhead } from '../handler.middleware.js';
import { PARTS_TOKENS, serviceParts } from '../service-parts.provider.js';
import { GENERATION_QUEUE, INDEXER } from '../tokens.js';

export interface DiscoveryModuleOptions {
  config: IndexerAssemblyConfig;
  /** Only in-process callers: no HTTP listener serves the API (`discovery-mcp --stdio` alone). */
  inProcessOnly?: boolean;
}

@Module({})
export class DiscoveryModule implements OnModuleInit {
  constructor(
    @Inject(INDEXER) private readonly indexer: IndexerAssembly,
    @Inject(HttpAdapterHost) private readonly adapterHost: HttpAdapterHost,
  ) {}

  /** The API's routes on the HTTP server ahead of Express (an application without a listener has none). */
  onModuleInit(): void {
    const server = this.adapterHost.httpAdapter?.getHttpServer() as Server | undefined;
    if (server && this.indexer.handler) serveAhead(server, this.indexer.handler);
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
