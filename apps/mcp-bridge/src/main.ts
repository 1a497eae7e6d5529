/**
 * Entry point of the MCP bridge: `discovery-mcp [serve] [--schema f | --introspect url] [--stdio]`.
 * Reads the configuration once (flags over environment), then serves MCP over Streamable HTTP
 * (default, /mcp on PORT) or stdio, each one Nest application of the BridgeModule; `serve`
 * (libs/nest-modules/src/serve) also runs indexer and generator in this process, and so does
 * `--stdio` unless DISCOVERY_URL names an indexer. Plain progress and `Ready:` lines go to
 * stdout in `serve`, to stderr otherwise (stdout is the protocol on stdio, logs elsewhere).
 * Exit codes: 0 ok, 1 runtime failure, 2 usage, 78 (CONFIG_EXIT_CODE) an invalid configuration.
 */
import { CONFIG_EXIT_CODE, ConfigError, loadBridgeConfig, type Env } from '@discovery/config';
import { parseBridgeArgs, reportReadiness, USAGE, UsageError, type BridgeArgs, type BridgeAssembly } from '@discovery/mcp';
import { createLogger } from '@discovery/observability';
import { BRIDGE, createServiceContext } from '@discovery/nest-modules';
import { pino } from 'pino';

const toStderr = (line: string) => void process.stderr.write(`${line}\n`);

async function main(argv: readonly string[], env: NodeJS.ProcessEnv): Promise<number> {
  const args = parseBridgeArgs(argv);
  if (args.help) {
    process.stdout.write(USAGE);
    return 0;
  }
  const merged: Env = { ...env, ...args.overrides };
  // Loaded only here: the bridge alone needs none of the indexer and generator code.
  if (args.transport === 'stdio' && (args.mode === 'serve' || !merged['DISCOVERY_URL']?.trim())) {
    await (await import('@discovery/nest-modules/serve')).runEmbeddedStdio(merged);
    return 0;
  }
  if (args.mode === 'serve') return (await import('@discovery/nest-modules/serve')).runServe(merged);
  return runBridge(args, merged);
}

/** The bridge alone, in front of the indexer at DISCOVERY_URL. */
async function runBridge(args: BridgeArgs, env: Env): Promise<number> {
  const config = loadBridgeConfig(env);
  const stdio = args.transport === 'stdio';
  // On stdio, stdout carries the protocol: logs go to stderr.
  const logger = createLogger({ service: 'bridge', level: config.logLevel, ...(stdio ? { destination: pino.destination(2) } : {}) });
  if (stdio) {
    const [{ BridgeModule }, { serveOnStdio }] = await Promise.all([import('./bridge.module.js'), import('@discovery/nest-modules/mcp')]);
    const app = await createServiceContext(BridgeModule.forRoot(config, logger, { waitForFirstIndex: true }), logger);
    const bridge = app.get<BridgeAssembly>(BRIDGE);
    reportReadiness(bridge.runtime.sync, { write: toStderr, readySuffix: 'Serving MCP on stdio.' });
    await serveOnStdio(app, bridge.runtime, logger);
    return 0;
  }
  const { startBridgeHttp } = await import('./http-app.js');
  const started = await startBridgeHttp(config, logger);
  started.app.enableShutdownHooks(['SIGTERM', 'SIGINT']);
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
