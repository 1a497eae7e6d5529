/**
 * A TCP proxy on a free loopback port in front of a real server, holding back chosen client
 * writes: each chunk a client sends that `delays(chunk)` picks reaches the server `delayMs` later
 * (the connection's later chunks wait behind it, so order is kept); everything else passes at
 * once. Tests use it to put one connection's command behind the others' (for example a first
 * XREAD behind a job's completion), which no timing of a healthy loopback makes happen on its own.
 */
import { createConnection, createServer, type Socket } from 'node:net';

export interface DelayingProxy {
  readonly port: number;
  readonly url: string;
  close(): Promise<void>;
}

export async function startDelayingProxy(options: {
  target: { host: string; port: number };
  delayMs: number;
  delays: (chunk: Buffer) => boolean;
}): Promise<DelayingProxy> {
  const sockets = new Set<Socket>();
  const server = createServer((client) => {
    const upstream = createConnection(options.target);
    sockets.add(client).add(upstream);
    let queue = Promise.resolve();
    client.on('data', (chunk: Buffer) => {
      const wait = options.delays(chunk) ? options.delayMs : 0;
      queue = queue
        .then(() => new Promise<void>((resolve) => setTimeout(resolve, wait)))
        .then(() => {
          if (!upstream.destroyed) upstream.write(chunk);
        });
    });
    upstream.pipe(client);
    const end = (): void => {
      client.destroy();
      upstream.destroy();
      sockets.delete(client);
      sockets.delete(upstream);
    };
    client.on('close', end).on('error', end);
    upstream.on('close', end).on('error', end);
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const address = server.address();
  const port = typeof address === 'object' && address ? address.port : 0;
  return {
    port,
    url: `redis://127.0.0.1:${port}`,
    close: async () => {
      for (const socket of sockets) socket.destroy();
      await new Promise<void>((resolve) => server.close(() => resolve()));
    },
  };
}
