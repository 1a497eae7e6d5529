/**
 * The bridge over stdio, for MCP clients that launch it as a child process: one MCP server on
 * stdin/stdout (logs go to stderr), in a NestJS application context. Ends when stdin closes.
 */
import { createBridgeServer, type BridgeLogger } from '@discovery/mcp';
import { StdioServerTransport } from '@modelcontextprotocol/sdk/server/stdio.js';
import { Inject, Module, type DynamicModule, type OnApplicationBootstrap, type OnApplicationShutdown } from '@nestjs/common';
import { NestFactory } from '@nestjs/core';
import { BridgeRuntime } from './bridge-runtime.js';

class StdioBridge implements OnApplicationBootstrap, OnApplicationShutdown {
  private server?: ReturnType<typeof createBridgeServer>;
  private readonly transport = new StdioServerTransport();

  constructor(@Inject(BridgeRuntime) private readonly runtime: BridgeRuntime) {}

  /** The schema is loaded first, so the instructions sent on initialize use its examples. */
  async onApplicationBootstrap(): Promise<void> {
    await this.runtime.start();
    this.server = createBridgeServer(this.runtime.serverOptions());
    await this.server.connect(this.transport);
  }

  async onApplicationShutdown(): Promise<void> {
    await this.server?.close();
    await this.runtime.stop();
  }
}

@Module({})
class StdioModule {
  static forRoot(runtime: BridgeRuntime): DynamicModule {
    return { module: StdioModule, providers: [{ provide: BridgeRuntime, useValue: runtime }, StdioBridge] };
  }
}

/** Runs until stdin ends or a termination signal arrives. */
export async function runStdioApp(runtime: BridgeRuntime, logger: BridgeLogger): Promise<void> {
  const app = await NestFactory.createApplicationContext(StdioModule.forRoot(runtime), { logger: false });
  app.enableShutdownHooks();
  logger.info({ transport: 'stdio' }, 'MCP bridge serving on stdio');
  await new Promise<void>((resolve) => process.stdin.once('end', resolve).once('close', resolve));
  await app.close();
}
