/**
 * `serve`: indexer, generator and bridge in one Nest application of the ServeModule, on one HTTP
 * listener: the discovery API next to /mcp (when a schema is configured), the console, /healthz,
 * /readyz (storage, model, index) and /metrics. PORT may be 0. Leaves its address card for local
 * clients (the CLI, with a token made at start when auth is on, never printed) when given the
 * environment, and says where the endpoint is and how to add it to a client. `runServe` is the
 * command (`npm start`, `discovery serve`, `discovery-mcp serve`); `startServe` the application.
 */
import type { INestApplication } from '@nestjs/common';
import {
  loadServeConfig,
  serveLogFile,
  TOKEN_SCOPES,
  writeLocalServe,
  type Env,
  type LocalServeCard,
  type ServeConfig,
  type StaticTokenEntry,
} from '@discovery/config';
import type { ConsoleAssembly } from '@discovery/console';
import { defaultAllowedHosts, mcpUrl, reportReadiness, saveOperation, type BridgeAssembly } from '@discovery/mcp';
import { createLogger, type Logger } from '@discovery/observability';
import { createHash, randomBytes } from 'node:crypto';
import { mkdirSync, openSync } from 'node:fs';
import { dirname } from 'node:path';
import { pino } from 'pino';
import { closeOnce, createHttpService, listen } from '../nest-application.js';
import { BRIDGE, CONSOLE } from '../tokens.js';
import { serveBanner } from './serve-banner.js';
import { ServeModule, ServeTeardown } from './serve.module.js';

export interface StartedServe {
  app: INestApplication;
  bridge: BridgeAssembly | undefined;
  /** Base URL of the discovery API (same listener). */
  discoveryUrl: string;
  /** The MCP endpoint, when a schema is configured. */
  mcpUrl: string | undefined;
  /** The web console, signing the local user in once (a one-time secret in the fragment). */
  consoleUrl: string;
  close(): Promise<void>;
}

export interface StartServeOptions {
  /** The environment naming the user's state folder: the card for local clients is written there. */
  cardEnv?: Env;
}

export async function startServe(config: ServeConfig, logger: Logger, options: StartServeOptions = {}): Promise<StartedServe> {
  // The CLI on this machine finds serve by its card, with a token of its own when auth is on.
  const localToken = config.auth.enabled ? `sd_${randomBytes(32).toString('base64url')}` : undefined;
  const apiTokens: StaticTokenEntry[] = localToken
    ? [{ tenant: 'default', sha256: createHash('sha256').update(localToken).digest('hex'), scopes: [...TOKEN_SCOPES] }]
    : [];
  const { host: address } = config.bridge.http;
  const source = config.bridge.schemaSource;
  const operationsDir = config.bridge.operations?.dir;
  const root = ServeModule.forRoot({
    config,
    logger,
    apiTokens,
    ...(source ? { bridge: { mcp: { ...config.bridge, schemaSource: source }, http: config.bridge.http } } : {}),
    // The console signs the local user in with the link printed below (docs/console.md); the Host check is the MCP endpoint's.
    console: (port) => ({
      mode: 'serve',
      auth: config.auth.enabled,
      ...(localToken ? { localToken } : {}),
      allowedHosts: () => config.bridge.allowedHosts ?? defaultAllowedHosts(address, port()),
      ...(operationsDir ? { saveOperation: (document: string, description: string) => saveOperation(operationsDir, document, { description }) } : {}),
    }),
  });
  const app = await createHttpService(root, logger);
  const close = closeOnce(app);
  try {
    const port = await listen(app, config.bridge.http);
    const loopback = address === '0.0.0.0' || address === '::' ? '127.0.0.1' : address;
    const discoveryUrl = `http://${loopback.includes(':') ? `[${loopback}]` : loopback}:${port}`;
    if (options.cardEnv) {
      const removeCard = leaveCard(options.cardEnv, { url: discoveryUrl, token: localToken, pid: process.pid }, logger);
      app.get(ServeTeardown).add('address card', removeCard);
    }
    const consoleUi = app.get<ConsoleAssembly>(CONSOLE);
    return {
      app,
      bridge: source ? app.get<BridgeAssembly>(BRIDGE) : undefined,
      discoveryUrl,
      mcpUrl: source ? mcpUrl(address, port) : undefined,
      consoleUrl: consoleUi.signInUrl(discoveryUrl),
      close,
    };
  } catch (error) {
    await close();
    throw error;
  }
}

/** Writes the card for local clients; a read-only home (a container) only costs the convenience. */
function leaveCard(env: Env, card: LocalServeCard, logger: Logger): () => void {
  try {
    return writeLocalServe(env, card);
  } catch (error) {
    logger.warn(
      { code: (error as NodeJS.ErrnoException).code },
      'cannot leave the address card for local clients (the CLI then needs DISCOVERY_URL and DISCOVERY_TOKEN)',
    );
    return () => undefined;
  }
}

/**
 * The `serve` command, configured by `env` (flags already turned into variables): on a terminal
 * the JSON logs go to a file (LOG_FILE), so only the plain lines show on stdout: the banner, the
 * sync's progress and its `Ready:` line. Runs until a termination signal ends the process.
 */
export async function runServe(env: Env): Promise<never> {
  const config = loadServeConfig(env);
  const logFile = serveLogFile(env, config.logFile, process.stdout.isTTY === true);
  const logger = createLogger({ service: 'serve', level: config.logLevel, ...(logFile ? { destination: logDestination(logFile) } : {}) });
  const started = await startServe(config, logger, { cardEnv: env });
  started.app.enableShutdownHooks(['SIGTERM', 'SIGINT']);
  process.stdout.write(serveBanner(started, config));
  if (logFile) process.stdout.write(`Logs (JSON lines): ${logFile}\n`);
  if (started.bridge) {
    reportReadiness(started.bridge.runtime.sync, { write: (line) => void process.stdout.write(`${line}\n`), readySuffix: `MCP endpoint: ${started.mcpUrl}` });
  }
  return new Promise<never>(() => undefined);
}

/** A log file, created owner-only (it names indexes and requests), started afresh at each start. */
function logDestination(file: string) {
  mkdirSync(dirname(file), { recursive: true, mode: 0o700 });
  return pino.destination({ fd: openSync(file, 'w', 0o600), sync: false });
}
