/**
 * StorageModule.forRoot({ redis } | { memory }): the process's one Storage (libs/storage): Redis
 * and BullMQ (one server or a cluster), or memory and in-process queues (`serve`, stdio; built
 * indexes optionally kept on disk). A standalone client on a cluster node, or the reverse, would
 * look healthy and fail every build, so the mode is verified before the application starts.
 * Closed in the last shutdown steps, after every component (global modules shut down last).
 * Its index events travel on Nest microservices: the components get the NestEventBus (a
 * ClientProxy to emit, the IndexEventsController's @EventPattern handlers to receive) over the
 * transport of events/event-bus.transport.ts, which createHttpService connects and starts.
 */
import { Global, Inject, Injectable, Module, type DynamicModule, type OnApplicationShutdown } from '@nestjs/common';
import type { Logger } from '@discovery/observability';
import { openStorage, type Storage } from '@discovery/storage';
import { EventBusClient, EventBusServer } from './events/event-bus.transport.js';
import { IndexEventsController } from './events/index-events.controller.js';
import { NestEventBus } from './events/nest-event.bus.js';
import { ShutdownSteps } from './shutdown-steps.js';
import { EVENTS_SERVER, LOGGER, STORAGE } from './tokens.js';

/** The storage as openStorage made it (its own event bus adapter, which the transport carries). */
const STORAGE_ADAPTERS = Symbol('storage adapters');

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
      controllers: [IndexEventsController],
      providers: [
        {
          provide: STORAGE_ADAPTERS,
          inject: [LOGGER],
          useFactory: async (logger: Logger): Promise<Storage> => {
            const storage = await openStorage({
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
        { provide: EVENTS_SERVER, inject: [STORAGE_ADAPTERS], useFactory: (storage: Storage) => new EventBusServer(storage.eventBus) },
        {
          provide: NestEventBus,
          inject: [STORAGE_ADAPTERS, LOGGER],
          useFactory: (storage: Storage, logger: Logger) =>
            new NestEventBus(new EventBusClient(storage.eventBus), (error) => logger.warn({ err: error, source: 'event bus' }, 'storage connection problem')),
        },
        {
          provide: STORAGE,
          inject: [STORAGE_ADAPTERS, NestEventBus],
          useFactory: (storage: Storage, events: NestEventBus): Storage => ({ ...storage, eventBus: events }),
        },
        StorageShutdown,
      ],
      exports: [STORAGE, EVENTS_SERVER, NestEventBus],
    };
  }
}
