/**
 * Registers our own API, `discovery.v1.DiscoveryService`, on a Connect router
 * (served next to yoko.v1 with the same tokens and tenancy). Each handler
 * reads the caller, calls one DiscoveryService method and maps the result;
 * errors are translated once by `errorMappingInterceptor`. GetSchemaSlice is
 * not served here yet (Connect answers it `unimplemented`).
 */
import { timestampFromMs } from '@bufbuild/protobuf/wkt';
import type { ConnectRouter, HandlerContext } from '@connectrpc/connect';
import { DiscoveryService as DiscoveryServiceDesc } from '@discovery/proto';
import type { DiscoveryService } from '../discovery.service.js';
import type { Caller } from '../discovery.types.js';

export interface DiscoveryRoutesOptions {
  service: DiscoveryService;
  /** The authenticated caller of a request (put there by the auth interceptor). */
  callerOf: (ctx: HandlerContext) => Caller;
}

export function discoveryRoutes({ service, callerOf }: DiscoveryRoutesOptions) {
  return (router: ConnectRouter): void => {
    router.service(DiscoveryServiceDesc, {
      async getDemand(req, ctx) {
        const entries = await service.getDemand(callerOf(ctx), req.indexId, req.limit);
        return {
          entries: entries.map((entry) => ({ reason: entry.reason, count: BigInt(entry.count), lastSeen: timestampFromMs(entry.lastSeen) })),
        };
      },
    });
  };
}
