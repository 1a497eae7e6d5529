/**
 * `discovery-mcp --stdio` with no DISCOVERY_URL: the ServeModule as an application that never
 * listens (the API needs no credentials), the bridge calling it in memory, MCP on stdin/stdout
 * and logs on stderr. Built indexes stay on disk between starts (content-addressed), so a
 * client's restart is instant; the client just started us, so its first call waits for the
 * build rather than answering "still building".
 */
import { loadServeConfig, localIndexCacheDir, type Env } from '@discovery/config';
import { reportReadiness, UsageError, type BridgeAssembly } from '@discovery/mcp';
import { createLogger } from '@discovery/observability';
import { pino } from 'pino';
import { serveOnStdio } from '../mcp/stdio.js';
import { createHttpService } from '../nest-application.js';
import { BRIDGE } from '../tokens.js';
import { ServeModule } from './serve.module.js';

export async function runEmbeddedStdio(env: Env): Promise<void> {
  const config = loadServeConfig(env);
  const source = config.bridge.schemaSource;
  if (!source) throw new UsageError('--stdio needs a schema: --schema <file> or --introspect <url>');
  const logger = createLogger({ service: 'bridge', level: config.logLevel, destination: pino.destination(2) });
  const root = ServeModule.forRoot({
    config,
    logger,
    inProcessOnly: true,
    diskCacheDir: localIndexCacheDir(env),
    bridge: { mcp: { ...config.bridge, schemaSource: source }, http: config.bridge.http, waitForFirstIndex: true },
  });
  // No listener: the application is initialized, never listening.
  const app = await createHttpService(root, logger);
  const bridge = app.get<BridgeAssembly>(BRIDGE);
  reportReadiness(bridge.runtime.sync, { write: (line) => void process.stderr.write(`${line}\n`), readySuffix: 'Serving MCP on stdio.' });
  await serveOnStdio(app, bridge.runtime, logger);
}
