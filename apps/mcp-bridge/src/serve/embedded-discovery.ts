/**
 * The discovery service inside the bridge's own process, for `discovery-mcp --stdio` without
 * DISCOVERY_URL: the ServeRuntime of `serve` (memory, or Redis when REDIS_URL is set) with its
 * Connect API on an ephemeral loopback port, reached by the bridge like any indexer, with a
 * token made at start (never printed). Nothing else has to run.
 */
import type { ServeConfig } from '@discovery/config';
import type { Logger } from '@discovery/observability';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { ServeRuntime } from './serve-runtime.js';

export interface EmbeddedDiscovery {
  /** Base URL of the in-process discovery API, e.g. `http://127.0.0.1:39221`. */
  url: string;
  /** Secret: never log. Undefined when DISCOVERY_AUTH=off. */
  token: string | undefined;
  close(): Promise<void>;
}

export async function startEmbeddedDiscovery(config: ServeConfig, logger: Logger): Promise<EmbeddedDiscovery> {
  const runtime = await ServeRuntime.create(config, logger);
  await runtime.start();
  const handler = runtime.discovery.handler;
  const server: Server = createServer((req, res) =>
    handler(req, res, () => {
      res.statusCode = 404;
      res.end();
    }),
  );
  try {
    await new Promise<void>((resolve, reject) => {
      server.once('error', reject);
      server.listen(0, '127.0.0.1', () => resolve());
    });
  } catch (error) {
    await runtime.stop();
    throw error;
  }
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}`,
    token: runtime.internalToken,
    async close() {
      server.closeAllConnections();
      await new Promise<void>((resolve) => server.close(() => resolve()));
      await runtime.stop();
    },
  };
}
