/**
 * A component's Node request handler (the Connect routes, the console, /mcp) in front of Nest's
 * router: it serves its own paths and passes the rest on (`next`), to the next component's
 * handler and at last to Nest's router (the ops controller, or 404).
 *
 * `mountHandler` mounts it as Nest middleware of every path (Express trims a middleware's mount
 * path from `req.url`; the handler sees the request's own URL). `serveAhead` puts it on the HTTP
 * server itself, before Express: a request it serves never enters Express's router (its path
 * matching, parameter parsing and request decoration cost about a tenth of a warm search's CPU,
 * docs/performance.md "Where a request's time goes"), and everything else reaches Express exactly
 * as before. The discovery API uses it: its answers are written by Connect, never by Express.
 */
import type { MiddlewareConsumer } from '@nestjs/common';
import type { NodeHandler } from '@discovery/service-parts';
import type { IncomingMessage, Server, ServerResponse } from 'node:http';

type ExpressRequest = IncomingMessage & { originalUrl?: string };
type RequestListener = (req: IncomingMessage, res: ServerResponse) => void;

export function mountHandler(consumer: MiddlewareConsumer, handler: NodeHandler | undefined): void {
  if (!handler) return;
  consumer
    .apply((req: ExpressRequest, res: ServerResponse, next: () => void) => {
      const trimmed = req.url;
      req.url = req.originalUrl ?? trimmed;
      handler(req, res, () => {
        req.url = trimmed;
        next();
      });
    })
    .forRoutes('{*path}');
}

/**
 * Makes `handler` the server's first request listener: the listeners it had (Express's app) get
 * every request the handler passes on, in their order. Call it before the server listens.
 */
export function serveAhead(server: Server, handler: NodeHandler): void {
  const behind = server.listeners('request') as RequestListener[];
  server.removeAllListeners('request');
  server.on('request', (req: IncomingMessage, res: ServerResponse) =>
    handler(req, res, () => {
      for (const listener of behind) listener.call(server, req, res);
    }),
  );
}
