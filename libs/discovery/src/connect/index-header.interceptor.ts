/**
 * Routing by index, the indexer's side (docs/wire.md "Routing by index"): every answer to a call
 * that names an index carries `discovery-index: <index id>`, errors included, so a load balancer or
 * an operator sees which index a request was for, whether or not the caller sent the header (the
 * bridge and the CLI do, Cosmo's router does not). The id is the one the request names, or for
 * EnsureIndex the one it answers with (the SDL is not hashed twice), never text the caller wrote.
 */
import { ConnectError, type Interceptor } from '@connectrpc/connect';
import { INDEX_HEADER, isIndexId } from '@discovery/proto';

export function indexHeaderEchoInterceptor(): Interceptor {
  return (next) => async (request) => {
    if (request.stream) return next(request);
    const named = (request.message as { indexId?: unknown }).indexId;
    const indexId = typeof named === 'string' && isIndexId(named) ? named : undefined;
    try {
      const response = await next(request);
      const answered = (response.message as { index?: { indexId?: unknown } }).index?.indexId;
      const id = indexId ?? (request.method.name === 'EnsureIndex' && typeof answered === 'string' ? answered : undefined);
      if (id !== undefined) response.header.set(INDEX_HEADER, id);
      return response;
    } catch (error) {
      if (indexId !== undefined && error instanceof ConnectError) error.metadata.set(INDEX_HEADER, indexId);
      throw error;
    }
  };
}
