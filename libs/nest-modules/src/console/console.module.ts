/**
 * ConsoleModule.forRoot(options): the web console at /console (libs/console) as middleware of
 * the application, beside the API whose routes the page calls. The indexer's page asks for a
 * token; `serve`'s signs the local user in once (its options read the bound port per request).
 */
import { Inject, Module, type DynamicModule, type MiddlewareConsumer, type NestModule } from '@nestjs/common';
import { HttpAdapterHost } from '@nestjs/core';
import { assembleConsole, type ConsoleAssembly, type ConsoleAssemblyOptions } from '@discovery/console';
import type { Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { mountHandler } from '../handler.middleware.js';
import { CONSOLE } from '../tokens.js';

@Module({})
export class ConsoleModule implements NestModule {
  constructor(@Inject(CONSOLE) private readonly console: ConsoleAssembly) {}

  configure(consumer: MiddlewareConsumer): void {
    mountHandler(consumer, this.console.handler);
  }

  /** `options(port)`: the console's options given the bound port (read when a request needs it). */
  static forRoot(options: (port: () => number) => ConsoleAssemblyOptions): DynamicModule {
    return {
      module: ConsoleModule,
      providers: [{ provide: CONSOLE, inject: [HttpAdapterHost], useFactory: (host: HttpAdapterHost) => assembleConsole(options(() => boundPortOf(host))) }],
      exports: [CONSOLE],
    };
  }
}

/** The port the application's listener is bound to (0 before it listens). */
export function boundPortOf(host: HttpAdapterHost): number {
  return ((host.httpAdapter?.getHttpServer() as Server | undefined)?.address() as AddressInfo | null)?.port ?? 0;
}
