/**
 * GenerateQueueModule.forRoot(graceMs): `serve`'s one generation queue, made before the indexer
 * and the generator ask for it (in memory the first request for a queue fixes its settings, and
 * its workers' SHUTDOWN_GRACE), handed to both. Closed with the storage.
 */
import { Global, Module, type DynamicModule } from '@nestjs/common';
import { GENERATE_QUEUE, GENERATE_QUEUE_OPTIONS, type GenerateJobData, type GenerateJobResult } from '@discovery/generation/contract';
import type { Storage } from '@discovery/storage';
import { GENERATION_QUEUE, STORAGE } from './tokens.js';

@Global()
@Module({})
export class GenerateQueueModule {
  static forRoot(shutdownGraceMs: number): DynamicModule {
    return {
      module: GenerateQueueModule,
      providers: [
        {
          provide: GENERATION_QUEUE,
          inject: [STORAGE],
          useFactory: (storage: Storage) =>
            storage.createQueue<GenerateJobData, GenerateJobResult>(GENERATE_QUEUE, { ...GENERATE_QUEUE_OPTIONS, closeGraceMs: shutdownGraceMs }),
        },
      ],
      exports: [GENERATION_QUEUE],
    };
  }
}
