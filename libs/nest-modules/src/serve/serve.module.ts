/**
 * ServeModule.forRoot(options): `serve`'s one root module, the indexer, generator and bridge in
 * one process over one set of shared modules: storage in memory and in-process queues unless
 * REDIS_URL is set; one generation queue made first and handed to the indexer and the generator;
 * the generator reading through the indexer's reader; the bridge calling the API's routes in
 * memory (McpModule over the DiscoveryModule: no HTTP, no token), when a schema is configured;
 * the console. The same module without a listener serves `discovery-mcp --stdio` alone.
 */
import { Inject, Injectable, Module, type DynamicModule, type OnApplicationShutdown } from '@nestjs/common';
import type { ConsoleAssemblyOptions } from '@discovery/console';
import type { ServeConfig, StaticTokenEntry } from '@discovery/config';
import type { BridgeAssemblyConfig } from '@discovery/mcp';
import type { Logger } from '@discovery/observability';
import { ConfigModule } from '../config.module.js';
import { ConsoleModule } from '../console/console.module.js';
import { DiscoveryModule } from '../discovery/discovery.module.js';
import { EmbeddingsModule } from '../embeddings.module.js';
import { GenerateQueueModule } from '../generate-queue.module.js';
import { GenerationModule } from '../generation/generation.module.js';
import { McpModule } from '../mcp/mcp.module.js';
import { ObservabilityModule } from '../observability.module.js';
import { ShutdownSteps } from '../shutdown-steps.js';
import { StorageModule, storageOptions } from '../storage.module.js';

export interface ServeModuleOptions {
  config: ServeConfig;
  logger: Logger;
  /** Tokens added to DISCOVERY_TOKENS (the one `serve` makes for the CLI on this machine). */
  apiTokens?: StaticTokenEntry[];
  /** No listener serves the API (stdio), so it needs no credentials. */
  inProcessOnly?: boolean;
  /** Memory storage: built indexes kept in files here between starts (stdio). */
  diskCacheDir?: string | undefined;
  /** The bridge, when a schema is configured. */
  bridge?: BridgeAssemblyConfig;
  /** The console's options given the bound port. */
  console?: (port: () => number) => ConsoleAssemblyOptions;
}

/** Steps `serve` adds once it listens (the address card), undone first at shutdown. */
@Injectable()
export class ServeTeardown implements OnApplicationShutdown {
  private readonly steps: [string, () => unknown][] = [];

  constructor(@Inject(ShutdownSteps) private readonly shutdown: ShutdownSteps) {}

  add(name: string, undo: () => unknown): void {
    this.steps.push([name, undo]);
  }

  async onApplicationShutdown(): Promise<void> {
    for (const [name, undo] of this.steps.splice(0).reverse()) await this.shutdown.run(name, undo);
  }
}

@Module({})
export class ServeModule {
  static forRoot(options: ServeModuleOptions): DynamicModule {
    const { config } = options;
    const auth = { ...config.auth, tokens: [...config.auth.tokens, ...(options.apiTokens ?? [])] };
    const search = { cacheMaxBytes: config.index.cacheMaxBytes, vectorWeight: config.index.vectorWeight, vectorFloor: config.index.vectorFloor };
    const discovery = DiscoveryModule.forRoot({ config: { ...config, auth }, ...(options.inProcessOnly ? { inProcessOnly: true } : {}) });
    return {
      module: ServeModule,
      imports: [
        ConfigModule.forRoot({ service: 'serve', shutdownGraceMs: config.shutdownGraceMs, config }),
        ObservabilityModule.forRoot({ service: 'serve', logLevel: config.logLevel, logger: options.logger }),
        StorageModule.forRoot(storageOptions(config.redis, { embeddingCacheMaxBytes: config.embeddings.cacheMaxBytes, diskCacheDir: options.diskCacheDir })),
        EmbeddingsModule.forRoot(config.embeddings),
        GenerateQueueModule.forRoot(config.shutdownGraceMs),
        discovery,
        GenerationModule.forRoot({ config: { ...config, search }, discovery }),
        ...(options.bridge ? [McpModule.forRoot({ config: options.bridge, connection: { discovery } })] : []),
        ...(options.console ? [ConsoleModule.forRoot(options.console)] : []),
      ],
      providers: [ServeTeardown],
      exports: [ServeTeardown],
    };
  }
}
