/**
 * The indexer's Nest module: provides the IndexerContext built from the
 * validated configuration and closes it on shutdown.
 */
import { type DynamicModule, Inject, Injectable, Module, type OnApplicationShutdown } from '@nestjs/common';
import type { IndexerConfig } from '@discovery/config';
import { IndexerContext } from './indexer.context.js';

@Injectable()
class IndexerLifecycle implements OnApplicationShutdown {
  constructor(@Inject(IndexerContext) private readonly context: IndexerContext) {}

  async onApplicationShutdown(signal?: string): Promise<void> {
    this.context.logger.info({ signal }, 'indexer shutting down');
    await this.context.close();
  }
}

@Module({})
export class IndexerModule {
  static forRoot(config: IndexerConfig): DynamicModule {
    return {
      module: IndexerModule,
      providers: [{ provide: IndexerContext, useFactory: () => IndexerContext.create(config) }, IndexerLifecycle],
      exports: [IndexerContext],
    };
  }
}
