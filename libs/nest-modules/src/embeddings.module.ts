/**
 * EmbeddingsModule.forRoot(config, { load }): the embedding model (libs/embeddings) behind the
 * storage's embedding cache, loaded before the application starts, or `undefined` when
 * embeddings are off or the process does not need them. Closed after the components.
 */
import { Global, Inject, Injectable, Module, type DynamicModule, type OnApplicationShutdown } from '@nestjs/common';
import type { EmbeddingsConfig } from '@discovery/config';
import { createTextEmbedder, type TextEmbedderHandle } from '@discovery/embeddings';
import type { Logger } from '@discovery/observability';
import type { Storage } from '@discovery/storage';
import { ShutdownSteps } from './shutdown-steps.js';
import { EMBEDDER, LOGGER, STORAGE } from './tokens.js';

@Injectable()
class EmbedderShutdown implements OnApplicationShutdown {
  constructor(
    @Inject(EMBEDDER) private readonly embedder: TextEmbedderHandle | undefined,
    @Inject(ShutdownSteps) private readonly steps: ShutdownSteps,
  ) {}

  async onApplicationShutdown(): Promise<void> {
    await this.steps.run('embeddings', () => this.embedder?.close());
  }
}

@Global()
@Module({})
export class EmbeddingsModule {
  /** `load: false`: no model in this process (the generator when vectors are not weighted, the bridge alone). */
  static forRoot(config: EmbeddingsConfig, options: { load?: boolean } = {}): DynamicModule {
    return {
      module: EmbeddingsModule,
      providers: [
        {
          provide: EMBEDDER,
          inject: [STORAGE, LOGGER],
          useFactory: async (storage: Storage, logger: Logger): Promise<TextEmbedderHandle | undefined> => {
            if (options.load === false) return undefined;
            const embedder = await createTextEmbedder(config, storage.embeddingCache);
            if (embedder) logger.info({ model: embedder.id }, 'embedding model loaded');
            return embedder;
          },
        },
        EmbedderShutdown,
      ],
      exports: [EMBEDDER],
    };
  }
}
