/**
 * Registers the seven yoko.v1 methods on a Connect router. Each handler
 * reads the caller, calls one DiscoveryService method and maps the result;
 * errors are translated once by `errorMappingInterceptor`.
 */
import { timestampFromDate } from '@bufbuild/protobuf/wkt';
import { create } from '@bufbuild/protobuf';
import type { ConnectRouter, HandlerContext } from '@connectrpc/connect';
import {
  COMPOSED_HEADER,
  COMPOSED_HEADER_VALUE,
  INDEX_LABEL_HEADER,
  COMPOSED_FALLBACK_HEADER_VALUE,
  IndexSchema,
  IndexStatus,
  ResolutionSchema,
  SymbolHitSchema,
  YokoService,
  type Index,
  type SymbolHit,
} from '@discovery/proto';
import type { DiscoveryService } from '../discovery.service.js';
import type { Caller, IndexView, SymbolView } from '../discovery.types.js';

export interface YokoRoutesOptions {
  service: DiscoveryService;
  /** The authenticated caller of a request (put there by the auth interceptor). */
  callerOf: (ctx: HandlerContext) => Caller;
  /** Request id for logs and jobs (from the request headers or generated). */
  requestIdOf?: (ctx: HandlerContext) => string | undefined;
}

export function yokoRoutes({ service, callerOf, requestIdOf = () => undefined }: YokoRoutesOptions) {
  return (router: ConnectRouter): void => {
    router.service(YokoService, {
      async ensureIndex(req, ctx) {
        const label = decodeLabel(ctx.requestHeader.get(INDEX_LABEL_HEADER));
        return { index: toIndex(await service.ensureIndex(callerOf(ctx), req.sdl, requestIdOf(ctx), label)) };
      },
      async getIndex(req, ctx) {
        return { index: toIndex(await service.getIndex(callerOf(ctx), req.indexId)) };
      },
      async listIndexes(_req, ctx) {
        return { indexes: (await service.listIndexes(callerOf(ctx))).map(toIndex) };
      },
      async deleteIndex(req, ctx) {
        await service.deleteIndex(callerOf(ctx), req.indexId);
        return {};
      },
      async searchSchema(req, ctx) {
        const hits = await service.search(callerOf(ctx), {
          indexId: req.indexId,
          query: req.query,
          limit: req.limit,
          kinds: req.kinds,
          roots: req.roots,
          ...(req.parent ? { parent: req.parent } : {}),
          ...(req.paginated !== undefined ? { paginated: req.paginated } : {}),
        });
        return { hits: hits.map(toHit) };
      },
      async getSymbols(req, ctx) {
        const symbols = await service.getSymbols(callerOf(ctx), { indexId: req.indexId, coordinates: req.coordinates });
        return { symbols: symbols.map(toHit) };
      },
      async generateQuery(req, ctx) {
        const out = await service.generate(callerOf(ctx), { indexId: req.indexId, prompt: req.prompt }, requestIdOf(ctx));
        if (out.composed) ctx.responseHeader.set(COMPOSED_HEADER, COMPOSED_HEADER_VALUE);
        else if (out.fallback) ctx.responseHeader.set(COMPOSED_HEADER, COMPOSED_FALLBACK_HEADER_VALUE);
        return {
          resolution: create(ResolutionSchema, {
            queries: out.queries.map((q) => ({
              description: q.description,
              document: q.document,
              operationName: q.operationName,
              operationType: q.operationType,
              variablesSchema: JSON.stringify(q.variablesSchema),
            })),
            unsatisfied: out.unsatisfied.map((reason) => ({ reason })),
            truncated: out.truncated,
          }),
        };
      },
    });
  };
}

const STATUS: Record<IndexView['status'], IndexStatus> = {
  indexing: IndexStatus.INDEXING,
  ready: IndexStatus.READY,
  failed: IndexStatus.FAILED,
};

export function toIndex(view: IndexView): Index {
  return create(IndexSchema, {
    indexId: view.id,
    status: STATUS[view.status],
    stale: view.stale,
    symbolCount: BigInt(view.symbolCount),
    createdAt: timestampFromDate(view.createdAt),
    ...(view.indexedAt ? { indexedAt: timestampFromDate(view.indexedAt) } : {}),
    error: view.error ?? '',
  });
}

/**
 * Record JSON by record: a loaded index serves the same records over and over, so each is
 * serialized once (entries go with the index's records when it leaves the cache).
 */
const payloads = new WeakMap<object, string>();

function payloadOf(record: object): string {
  let payload = payloads.get(record);
  if (payload === undefined) {
    payload = JSON.stringify(record);
    payloads.set(record, payload);
  }
  return payload;
}

function toHit(view: SymbolView): SymbolHit {
  return create(SymbolHitSchema, {
    coordinate: view.coordinate,
    score: view.score,
    payload: payloadOf(view.record),
  });
}

/** The label header's value, decoded (a value that is not percent-encoded is taken as it is). */
function decodeLabel(value: string | null): string | undefined {
  if (value === null || value === '') return undefined;
  try {
    return decodeURIComponent(value);
  } catch {
    return value;
  }
}
