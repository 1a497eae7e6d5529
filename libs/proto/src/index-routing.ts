/**
 * Routing by index (docs/wire.md "Routing by index"): every call that names an index carries its id
 * in the request header `discovery-index`, so a load balancer can hash on it and send an index's
 * requests to the replica that already holds it; the indexer answers with the same header. An
 * addition beside the messages: clients and servers that do not know it ignore it, and the
 * protobuf messages are unchanged.
 */
import type { Interceptor } from '@connectrpc/connect';
import { indexIdForSdl, isIndexId } from './index-id.js';

export const INDEX_HEADER = 'discovery-index';

/**
 * The index a request message names: its `indexId` when it is an index address, or for
 * EnsureIndex the address of its SDL. Undefined for a call that names none (ListIndexes).
 */
export function indexNamedBy(message: unknown): string | undefined {
  if (typeof message !== 'object' || message === null) return undefined;
  const { indexId, sdl } = message as { indexId?: unknown; sdl?: unknown };
  if (typeof indexId === 'string') return isIndexId(indexId) ? indexId : undefined;
  if (typeof sdl === 'string' && sdl.trim() !== '') return indexIdForSdl(sdl);
  return undefined;
}

/** Client side: sets `discovery-index` on every unary call that names an index. */
export function indexHeaderInterceptor(): Interceptor {
  return (next) => async (request) => {
    const indexId = request.stream ? undefined : indexNamedBy(request.message);
    if (indexId !== undefined) request.header.set(INDEX_HEADER, indexId);
    return next(request);
  };
}
