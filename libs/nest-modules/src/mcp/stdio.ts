/**
 * The bridge over stdio, for MCP clients that launch it as a child process: the application
 * context is initialized (its components start: the schema is loaded first, so the instructions
 * sent on initialize use its examples), then one MCP server on stdin/stdout (logs go to stderr).
 * Ends when stdin closes or a termination signal arrives; then the application is closed.
 */
import type { INestApplicationContext } from '@nestjs/common';
import { createBridgeServer, type BridgeRuntime } from '@discovery/mcp';
import type { Logger } from '@discovery/observability';
import { StdioServerTransport } from '@modelcontextprotocol/sdk/server/stdio.js';

export async function serveOnStdio(app: INestApplicationContext, runtime: BridgeRuntime, logger: Logger): Promise<void> {
  await app.init();
  const server = createBridgeServer(runtime.serverOptions());
  await server.connect(new StdioServerTransport());
  logger.info({ transport: 'stdio' }, 'MCP bridge serving on stdio');
  await new Promise<void>((resolve) => {
    process.stdin.once('end', resolve).once('close', resolve);
    process.once('SIGTERM', resolve).once('SIGINT', resolve);
  });
  await server.close();
  await app.close();
}
