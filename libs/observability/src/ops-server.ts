/**
 * startOpsServer: a small HTTP server serving only the ops endpoints, for
 * services without an HTTP API of their own (the generator's METRICS_PORT).
 */
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import type { OpsEndpoints } from './ops-endpoints.js';

export interface RunningOpsServer {
  readonly server: Server;
  /** The bound port (useful with port 0). */
  readonly port: number;
  close(): Promise<void>;
}

export async function startOpsServer(endpoints: OpsEndpoints, port: number, host: string): Promise<RunningOpsServer> {
  const server = createServer((request, response) => endpoints.handle(request, response));
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(port, host, () => {
      server.off('error', reject);
      resolve();
    });
  });
  return {
    server,
    port: (server.address() as AddressInfo).port,
    close: () =>
      new Promise<void>((resolve, reject) => {
        server.close((error) => (error ? reject(error) : resolve()));
        server.closeIdleConnections();
      }),
  };
}
