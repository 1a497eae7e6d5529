/**
 * Entry point of the MCP bridge: `discovery-mcp [serve] [--schema f | --introspect url] [--stdio]`.
 * Reads the configuration once (flags over environment), then serves MCP over Streamable HTTP
 * (default, /mcp on PORT) or stdio; `serve` also runs indexer and generator in this process, and
 * so does `--stdio` unless DISCOVERY_URL names an indexer. Plain progress and `Ready:` lines go to
 * stdout in `serve`, to stderr otherwise (stdout is the protocol on stdio, logs elsewhere).
 * Exit codes: 0 ok, 1 runtime failure, 2 usage, 78 (CONFIG_EXIT_CODE) an invalid configuration.
 */
import { CONFIG_EXIT_CODE, ConfigError, loadBridgeConfig, loadServeConfig, localIndexCacheDir, serveLogFile, type Env } from '@discovery/config';
import { mkdirSync, openSync } from 'node:fs';
import { dirname } from 'node:path';
import { assembleBridge, reportReadiness } from '@discovery/mcp';
import { createLogger } from '@discovery/observability';
import { createDiscoveryTransport } from '@discovery/proto/client';
import { createProcessParts, ServiceHost } from '@discovery/service-host';
import { pino } from 'pino';
import { parseBridgeArgs, USAGE, UsageError, type BridgeArgs } from './cli-args.js';
import { runStdioApp } from './stdio-app.js';

const toStderr = (line: string) => void process.stderr.write(`${line}\n`);

async function main(argv: readonly string[], env: NodeJS.ProcessEnv): Promise<number> {
  const args = parseBridgeArgs(argv);
  if (args.help) {
    process.stdout.write(USAGE);
    return 0;
  }
  const merged: Env = { ...env, ...args.overrides };
  if (args.transport === 'stdio' && (args.mode === 'serve' || !merged['DISCOVERY_URL']?.trim())) return runEmbeddedStdio(merged);
  if (args.mode === 'serve') return runServe(merged);
  return runBridge(args, merged);
}

/** `serve`: everything in this process, MCP and the discovery API on one HTTP listener. */
async function runServe(env: Env): Promise<number> {
  const config = loadServeConfig(env);
  // On a terminal the JSON logs go to a file (LOG_FILE), so only the plain lines below show.
  const logFile = serveLogFile(env, config.logFile, process.stdout.isTTY === true);
  const logger = createLogger({ service: 'serve', level: config.logLevel, ...(logFile ? { destination: logDestination(logFile) } : {}) });
  // Loaded only here: the bridge alone needs none of the indexer and generator code.
  const { serveBanner, startServe } = await import('./serve/serve-app.js');
  const started = await startServe(config, logger, { cardEnv: env });
  started.host.closeOnSignals();
  process.stdout.write(serveBanner(started, config));
  if (logFile) process.stdout.write(`Logs (JSON lines): ${logFile}\n`);
  if (started.bridge) {
    reportReadiness(started.bridge.runtime.sync, { write: (line) => void process.stdout.write(`${line}\n`), readySuffix: `MCP endpoint: ${started.mcpUrl}` });
  }
  return new Promise<number>(() => undefined);
}

/** A log file, created owner-only (it names indexes and requests), started afresh at each start. */
function logDestination(file: string) {
  mkdirSync(dirname(file), { recursive: true, mode: 0o700 });
  return pino.destination({ fd: openSync(file, 'w', 0o600), sync: false });
}

/** stdio with no DISCOVERY_URL: the discovery service runs in this process too, joined in memory. */
async function runEmbeddedStdio(env: Env): Promise<number> {
  const config = loadServeConfig(env);
  const source = config.bridge.schemaSource;
  if (!source) throw new UsageError('--stdio needs a schema: --schema <file> or --introspect <url>');
  const logger = createLogger({ service: 'bridge', level: config.logLevel, destination: pino.destination(2) });
  const { hostDiscovery } = await import('./serve/serve-app.js');
  // Built indexes stay on disk between starts (content-addressed), so a client's restart is instant.
  const { parts, host, indexer } = await hostDiscovery(config, logger, { inProcessOnly: true, diskCacheDir: localIndexCacheDir(env) });
  // The client just started us: its first call waits for the build rather than "still building".
  const bridge = assembleBridge(parts, { mcp: { ...config.bridge, schemaSource: source }, http: config.bridge.http, waitForFirstIndex: true }, { transport: indexer.runtime.inProcessTransport() }, () => 0);
  await host.add(bridge);
  reportReadiness(bridge.runtime.sync, { write: toStderr, readySuffix: 'Serving MCP on stdio.' });
  await runStdioApp(host, bridge.runtime);
  return 0;
}

/** The bridge alone, in front of the indexer at DISCOVERY_URL. */
async function runBridge(args: BridgeArgs, env: Env): Promise<number> {
  const config = loadBridgeConfig(env);
  const stdio = args.transport === 'stdio';
  // On stdio, stdout carries the protocol: logs go to stderr.
  const logger = createLogger({ service: 'bridge', level: config.logLevel, ...(stdio ? { destination: pino.destination(2) } : {}) });
  if (stdio) {
    const parts = createProcessParts({ service: 'bridge', logLevel: config.logLevel, logger, processMetrics: false });
    const host = new ServiceHost(parts, { shutdownGraceMs: config.shutdownGraceMs });
    const transport = createDiscoveryTransport({ baseUrl: config.discovery.url, ...(config.discovery.token ? { token: config.discovery.token } : {}) });
    const bridge = assembleBridge(parts, { mcp: config.mcp, http: config.http, waitForFirstIndex: true }, { transport, serviceUrl: config.discovery.url }, () => 0);
    await host.add(bridge);
    reportReadiness(bridge.runtime.sync, { write: toStderr, readySuffix: 'Serving MCP on stdio.' });
    await runStdioApp(host, bridge.runtime);
    return 0;
  }
  const { startBridgeHttp } = await import('./http-app.js');
  const started = await startBridgeHttp(config, logger);
  started.host.closeOnSignals();
  reportReadiness(started.bridge.runtime.sync, { write: toStderr });
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
      process.exit(CONFIG_EXIT_CODE);
    }
    process.stderr.write(`discovery-mcp: ${error instanceof Error ? error.message : String(error)}\n`);
    process.exit(1);
  },
);
