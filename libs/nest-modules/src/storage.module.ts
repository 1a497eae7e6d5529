/**
 * StorageModule.forRoot({ redis } | { memory }): the process's one Storage (libs/storage): Redis
 * and BullMQ (one server or a cluster), or memory and in-process queues (`serve`, stdio; built
 * indexes optionally kept on disk). A standalone client on a cluster node, or the reverse, would
 * look healthy and fail every build, so the mode is verified before the application starts.
 * Closed in the last shutdown steps, after every component (global modules shut down last).
 */
import { Global, Inject, Injectable, Module, type DynamicModule, type OnApplicationShutdown } from '@nestjs/common';
import type { Logger } from '@discovery/observability';
import { createStorage, type Storage } from '@discovery/storage';
import { ShutdownSteps } from './shutdown-steps.js';
import { LOGGER, STORAGE } from './tokens.js';

export type StorageModuleOptions = (
  | { redis: { url: string; mode?: 'standalone' | 'cluster'; keyPrefix: string } }
  | { memory: { diskCacheDir?: string | undefined } }
) & { embeddingCacheMaxBytes?: number };

/** `redis` when REDIS_URL is set, otherwise `memory` (`serve` and stdio only). */
export function storageOptions(
  redis: { url: string | undefined; mode?: 'standalone' | 'cluster'; keyPrefix: string },
  extra: { embeddingCacheMaxBytes?: number; diskCacheDir?: string | undefined } = {},
): StorageModuleOptions {
  const sizes = extra.embeddingCacheMaxBytes ? { embeddingCacheMaxBytes: extra.embeddingCacheMaxBytes } : {};
  return redis.url ? { redis: { ...redis, url: redis.url }, ...sizes } : { memory: { diskCacheDir: extra.diskCacheDir }, ...sizes };
}

@Injectable()
class StorageShutdown implements OnApplicationShutdown {
  constructor(
    @Inject(STORAGE) private readonly storage: Storage,
    @Inject(ShutdownSteps) private readonly steps: ShutdownSteps,
  ) {}

  async onApplicationShutdown(): Promise<void> {
    await this.steps.run('storage', () => this.storage.close());
  }
}

@Global()
@Module({})
export class StorageModule {
  static forRoot(options: StorageModuleOptions): DynamicModule {
    return {
      module: StorageModule,
      providers: [
        {
          provide: STORAGE,
          inject: [LOGGER],
          useFactory: async (logger: Logger): Promise<Storage> => {
            const storage = createStorage({
              ...('redis' in options
                ? { redisUrl: options.redis.url, ...(options.redis.mode ? { redisMode: options.redis.mode } : {}), keyPrefix: options.redis.keyPrefix }
                : options.memory.diskCacheDir
                  ? { diskCacheDir: options.memory.diskCacheDir }
                  : {}),
              ...(options.embeddingCacheMaxBytes ? { embeddingCacheMaxBytes: options.embeddingCacheMaxBytes } : {}),
              onError: (error, source) => logger.warn({ err: error, source }, 'storage connection problem'),
            });
            try {
              await storage.verify();
            } catch (error) {
              await storage.close().catch(() => undefined);
              throw error;
            }
            return storage;
          },
        },
        StorageShutdown,
      ],
      exports: [STORAGE],
    };
  }
}
