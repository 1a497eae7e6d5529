/**
 * A component's Node request handler (the Connect routes, the console, /mcp) as Nest middleware
 * of every path: it serves its own paths and passes the rest on (`next`), to the next
 * component's handler and at last to Nest's router (the ops controller, or 404). Express trims a
 * middleware's mount path from `req.url`; the handler sees the request's own URL.
 */
import type { MiddlewareConsumer } from '@nestjs/common';
import type { NodeHandler } from '@discovery/service-host';
import type { IncomingMessage, ServerResponse } from 'node:http';

type ExpressRequest = IncomingMessage & { originalUrl?: string };

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
