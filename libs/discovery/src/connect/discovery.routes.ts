/**
 * Registers our own `discovery.v1.DiscoveryService` on a Connect router,
 * beside yoko.v1 (which stays exactly Cosmo's): same port, tokens and
 * tenancy (docs/wire.md §4). Each handler reads the caller, calls one
 * DiscoveryService method and maps the result; errors are translated once by
 * `errorMappingInterceptor`.
 */
import { timestampFromMs } from '@bufbuild/protobuf/wkt';
import type { ConnectRouter } from '@connectrpc/connect';
import { DiscoveryService as DiscoveryApi } from '@discovery/proto';
import type { YokoRoutesOptions } from './yoko.routes.js';

export type DiscoveryRoutesOptions = Pick<YokoRoutesOptions, 'service' | 'callerOf'>;

export function discoveryRoutes({ service, callerOf }: DiscoveryRoutesOptions) {
  return (router: ConnectRouter): void => {
    router.service(DiscoveryApi, {
      async getSchemaSlice(req, ctx) {
        const slice = await service.getSchemaSlice(callerOf(ctx), {
          indexId: req.indexId,
          query: req.query,
          maxTokens: req.maxTokens,
          roots: req.roots,
        });
        return { sdl: slice.sdl, tokens: slice.tokens, coordinates: slice.coordinates, truncated: slice.truncated };
      },
      async getDemand(req, ctx) {
        const entries = await service.getDemand(callerOf(ctx), req.indexId, req.limit);
        return {
          entries: entries.map((entry) => ({ reason: entry.reason, count: BigInt(entry.count), lastSeen: timestampFromMs(entry.lastSeen) })),
        };
      },
    });
  };
}
