/**
 * The bridge over stdio, for MCP clients that launch it as a child process: one MCP server on
 * stdin/stdout (logs go to stderr). The schema is loaded first, so the instructions sent on
 * initialize use its examples. Ends when stdin closes or a termination signal arrives; then the
 * host (the bridge, and in the all-in-one mode the indexer and generator too) is closed.
 */
import { createBridgeServer, type BridgeRuntime } from '@discovery/mcp';
import type { ServiceHost } from '@discovery/service-host';
import { StdioServerTransport } from '@modelcontextprotocol/sdk/server/stdio.js';

export async function runStdioApp(host: ServiceHost, runtime: BridgeRuntime): Promise<void> {
  await host.start();
  const server = createBridgeServer(runtime.serverOptions());
  await server.connect(new StdioServerTransport());
  host.parts.logger.info({ transport: 'stdio' }, 'MCP bridge serving on stdio');
  await new Promise<void>((resolve) => {
    process.stdin.once('end', resolve).once('close', resolve);
    process.once('SIGTERM', resolve).once('SIGINT', resolve);
  });
  await server.close();
  await host.close();
}
