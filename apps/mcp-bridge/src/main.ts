/**
 * Entry point of the MCP bridge: `discovery-mcp [serve] [--schema f | --introspect url] [--stdio]`.
 * Reads the configuration once (flags over environment), then serves MCP over Streamable HTTP
 * (default, /mcp on PORT) or stdio; `serve` also runs indexer and generator in this process.
 * Exit codes: 0 ok, 1 runtime failure, 2 usage or config.
 */
import 'reflect-metadata';
import { ConfigError, loadBridgeConfig, loadServeConfig } from '@discovery/config';
import { createLogger } from '@discovery/observability';
import { pino } from 'pino';
import { BridgeMetrics } from './bridge-metrics.js';
import { BridgeRuntime } from './bridge-runtime.js';
import { parseBridgeArgs, USAGE, UsageError } from './cli-args.js';
import { startHttpApp } from './http-app.js';
import { runStdioApp } from './stdio-app.js';

async function main(argv: readonly string[], env: NodeJS.ProcessEnv): Promise<number> {
  const args = parseBridgeArgs(argv);
  if (args.help) {
    process.stdout.write(USAGE);
    return 0;
  }
  if (args.mode === 'serve') {
    const config = loadServeConfig({ ...env, ...args.overrides });
    const logger = createLogger({ service: 'serve', level: config.logLevel });
    // Loaded only here: the bridge alone needs none of the indexer and generator code.
    const { serveBanner, startServe } = await import('./serve/serve-app.js');
    const started = await startServe(config, logger);
    process.stdout.write(serveBanner(started, config));
    return new Promise<number>(() => undefined);
  }
  const config = loadBridgeConfig({ ...env, ...args.overrides });
  const stdio = args.transport === 'stdio';
  // On stdio, stdout carries the protocol: logs go to stderr.
  const logger = createLogger({ service: 'bridge', level: config.logLevel, ...(stdio ? { destination: pino.destination(2) } : {}) });
  const metrics = new BridgeMetrics();
  const runtime = new BridgeRuntime({ discovery: config.discovery, mcp: config.mcp, logger, metrics });
  if (stdio) {
    await runStdioApp(runtime, logger);
    return 0;
  }
  const started = await startHttpApp({ runtime, metrics, mcp: config.mcp, http: config.http, logger });
  logger.info(
    { mcp: started.mcpUrl, sessions: config.mcp.sessions, clientAuth: config.mcp.authTokenHashes.length > 0 },
    `MCP endpoint ready at ${started.mcpUrl} (add it to a client as a Streamable HTTP server)`,
  );
  return new Promise<number>(() => undefined);
}

main(process.argv.slice(2), process.env).then(
  (code) => process.exit(code),
  (error: unknown) => {
    if (error instanceof UsageError) {
      process.stderr.write(`discovery-mcp: ${error.message}\n\n${USAGE}`);
      process.exit(2);
    }
    if (error instanceof ConfigError) {
      process.stderr.write(`discovery-mcp: ${error.message}\n`);
      process.exit(2);
    }
    process.stderr.write(`discovery-mcp: ${error instanceof Error ? error.message : String(error)}\n`);
    process.exit(1);
  },
);
