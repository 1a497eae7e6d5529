/**
 * Registers our own `discovery.v1.DiscoveryService` on a Connect router,
 * beside yoko.v1 (which stays exactly Cosmo's): same port, tokens and
 * tenancy (docs/wire.md §4). Each handler reads the caller, calls one
 * DiscoveryService method and maps the result; errors are translated once by
 * `errorMappingInterceptor`.
 */
import { timestampFromDate, timestampFromMs } from '@bufbuild/protobuf/wkt';
import { create } from '@bufbuild/protobuf';
import { IndexDetailsSchema } from '@discovery/proto';
import type { ConnectRouter } from '@connectrpc/connect';
import { DiscoveryService as DiscoveryApi, type IndexDetails } from '@discovery/proto';
import type { IndexDetailsView } from '../discovery.types.js';
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
        const days = await service.getDemandDays(callerOf(ctx), req.indexId);
        return {
          entries: entries.map((entry) => ({ reason: entry.reason, count: BigInt(entry.count), lastSeen: timestampFromMs(entry.lastSeen) })),
          days: days.map((day) => ({ day: day.day, count: BigInt(day.count) })),
        };
      },
      async listIndexDetails(_req, ctx) {
        return { indexes: (await service.listIndexDetails(callerOf(ctx))).map(toIndexDetails) };
      },
      async getIndexDetails(req, ctx) {
        return { index: toIndexDetails(await service.getIndexDetails(callerOf(ctx), req.indexId)) };
      },
    });
  };
}

export function toIndexDetails(view: IndexDetailsView): IndexDetails {
  return create(IndexDetailsSchema, {
    indexId: view.id,
    label: view.label ?? '',
    status: view.status,
    stale: view.stale,
    building: view.building,
    symbolCount: BigInt(view.symbolCount),
    sdlBytes: BigInt(view.sdlBytes),
    storedBytes: BigInt(view.storedBytes ?? 0),
    createdAt: timestampFromDate(view.createdAt),
    ...(view.indexedAt ? { indexedAt: timestampFromDate(view.indexedAt) } : {}),
    ...(view.lastUsedAt ? { lastUsedAt: timestampFromDate(view.lastUsedAt) } : {}),
    ...(view.progress ? { progress: { stage: view.progress.stage, done: BigInt(view.progress.done), total: BigInt(view.progress.total) } } : {}),
    ...(view.error
      ? {
          failure: {
            message: view.error,
            kind: view.failure?.kind ?? '',
            limit: view.failure?.limit ?? '',
            line: view.failure?.line ?? 0,
            column: view.failure?.column ?? 0,
          },
        }
      : {}),
  });
}
