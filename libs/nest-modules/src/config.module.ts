/**
 * ConfigModule: the process's validated configuration (loaded once by @discovery/config before
 * Nest starts), its service name and SHUTDOWN_GRACE, for every module of the application.
 */
import { Global, Module, type DynamicModule } from '@nestjs/common';
import { CONFIG, SERVICE_NAME, SHUTDOWN_GRACE_MS } from './tokens.js';

export interface ConfigModuleOptions {
  /** `indexer`, `generator`, `bridge` or `serve`: the `service` label of logs and metrics. */
  service: string;
  shutdownGraceMs: number;
  /** The loaded configuration object. */
  config: object;
}

@Global()
@Module({})
export class ConfigModule {
  static forRoot(options: ConfigModuleOptions): DynamicModule {
    return {
      module: ConfigModule,
      providers: [
        { provide: SERVICE_NAME, useValue: options.service },
        { provide: SHUTDOWN_GRACE_MS, useValue: options.shutdownGraceMs },
        { provide: CONFIG, useValue: options.config },
      ],
      exports: [SERVICE_NAME, SHUTDOWN_GRACE_MS, CONFIG],
    };
  }
}
