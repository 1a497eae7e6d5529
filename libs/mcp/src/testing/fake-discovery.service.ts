/**
 * A scripted `yoko.v1.YokoService` for tests of the bridge: indexes whose status a test sets,
 * fixed symbol records, a scripted GenerateQuery, failures injected per method, optional bearer
 * auth, and a log of calls. Serve it in memory (`transport()`) or over HTTP (`listen()`).
 */
import { create, type MessageInitShape } from '@bufbuild/protobuf';
import { Code, ConnectError, createRouterTransport, type ConnectRouter, type Transport } from '@connectrpc/connect';
import { connectNodeAdapter } from '@connectrpc/connect-node';
import { DiscoveryService, IndexSchema, IndexStatus, ResolutionSchema, YokoService, type Index } from '@discovery/proto';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { indexIdForSdl } from '@discovery/proto';

export type FakeMethod = 'ensureIndex' | 'getIndex' | 'searchSchema' | 'getSymbols' | 'generateQuery' | 'getSchemaSlice';

export interface FakeCall {
  method: FakeMethod;
  request: Record<string, unknown>;
}

export class FakeDiscoveryService {
  readonly indexes = new Map<string, { status: IndexStatus; sdl: string }>();
  readonly calls: FakeCall[] = [];
  /** Status a first EnsureIndex gives a new index. */
  initialStatus = IndexStatus.INDEXING;
  /** Coordinate -> record, served for every index. */
  records = new Map<string, Record<string, unknown>>();
  /** A failure thrown by every call of a method until cleared. */
  readonly failures = new Map<FakeMethod, ConnectError>();
  /** The GenerateQuery answer. */
  generate: (prompt: string, signal: AbortSignal) => Promise<MessageInitShape<typeof ResolutionSchema>> = async () => ({});
  /** Response headers of GenerateQuery (`discovery-composed`, ...). */
  generateHeaders: Record<string, string> = {};
  /** When set, calls without `Authorization: Bearer <token>` fail with `unauthenticated`. */
  token?: string;

  /** The id of `sdl`, with its index set to `status`. */
  setStatus(sdl: string, status: IndexStatus): string {
    const id = indexIdForSdl(sdl);
    this.indexes.set(id, { status, sdl });
    return id;
  }

  /** Removes an index, as eviction does. */
  evict(id: string): void {
    this.indexes.delete(id);
  }

  callsOf(method: FakeMethod): FakeCall[] {
    return this.calls.filter((call) => call.method === method);
  }

  routes = (router: ConnectRouter): void => {
    router.service(YokoService, {
      ensureIndex: async (request, context) => {
        this.enter('ensureIndex', { sdl: request.sdl }, context.requestHeader);
        const id = indexIdForSdl(request.sdl);
        const existing = this.indexes.get(id);
        if (!existing || existing.status === IndexStatus.FAILED) {
          this.indexes.set(id, { status: existing ? IndexStatus.INDEXING : this.initialStatus, sdl: request.sdl });
        }
        return { index: this.index(id) };
      },
      getIndex: async (request, context) => {
        this.enter('getIndex', { indexId: request.indexId }, context.requestHeader);
        return { index: this.index(request.indexId) };
      },
      listIndexes: async () => ({ indexes: [...this.indexes.keys()].map((id) => this.index(id)) }),
      deleteIndex: async (request) => {
        this.indexes.delete(request.indexId);
        return {};
      },
      searchSchema: async (request, context) => {
        const { indexId, query, limit, kinds, parent, paginated } = request;
        this.enter('searchSchema', { indexId, query, limit, kinds, parent, paginated }, context.requestHeader);
        this.servable(indexId);
        const hits = [...this.records.entries()]
          .filter(([coordinate]) => coordinate.toLowerCase().includes(query.toLowerCase()))
          .slice(0, limit || 10)
          .map(([coordinate, record], rank) => ({ coordinate, score: 1 / (rank + 1), payload: JSON.stringify(record) }));
        return { hits };
      },
      getSymbols: async (request, context) => {
        this.enter('getSymbols', { indexId: request.indexId, coordinates: request.coordinates }, context.requestHeader);
        this.servable(request.indexId);
        const symbols = request.coordinates.flatMap((coordinate) => {
          const record = this.records.get(coordinate);
          return record ? [{ coordinate, score: 0, payload: JSON.stringify(record) }] : [];
        });
        return { symbols };
      },
      generateQuery: async (request, context) => {
        this.enter('generateQuery', { indexId: request.indexId, prompt: request.prompt }, context.requestHeader);
        this.servable(request.indexId);
        const resolution = create(ResolutionSchema, await this.generate(request.prompt, context.signal));
        for (const [name, value] of Object.entries(this.generateHeaders)) context.responseHeader.set(name, value);
        return { resolution };
      },
    });
    router.service(DiscoveryService, {
      getSchemaSlice: async (request, context) => {
        const { indexId, query, maxTokens } = request;
        this.enter('getSchemaSlice', { indexId, query, maxTokens }, context.requestHeader);
        this.servable(indexId);
        const coordinates = [...this.records.keys()].filter((coordinate) => coordinate.toLowerCase().includes(query.toLowerCase()));
        return { sdl: `# slice for ${query}`, tokens: 5, coordinates, truncated: maxTokens > 0 && maxTokens < 1000 };
      },
    });
  };

  transport(): Transport {
    return createRouterTransport(this.routes);
  }

  /** Serves the fake over HTTP/1.1 on 127.0.0.1 (port 0 = any free port). */
  async listen(port = 0): Promise<{ url: string; server: Server; close(): Promise<void> }> {
    const server = createServer(connectNodeAdapter({ routes: this.routes }));
    await new Promise<void>((resolve, reject) => {
      server.once('error', reject);
      server.listen(port, '127.0.0.1', () => resolve());
    });
    const address = server.address() as AddressInfo;
    return {
      url: `http://127.0.0.1:${address.port}`,
      server,
      close: () =>
        new Promise<void>((resolve) => {
          server.closeAllConnections();
          server.close(() => resolve());
        }),
    };
  }

  private enter(method: FakeMethod, request: Record<string, unknown>, headers: Headers): void {
    this.calls.push({ method, request });
    if (this.token !== undefined && headers.get('authorization') !== `Bearer ${this.token}`) {
      throw new ConnectError('invalid token', Code.Unauthenticated);
    }
    const failure = this.failures.get(method);
    if (failure) throw failure;
  }

  private index(id: string): Index {
    const entry = this.indexes.get(id);
    if (!entry) throw new ConnectError('index not found', Code.NotFound);
    return create(IndexSchema, { indexId: id, status: entry.status, symbolCount: BigInt(this.records.size) });
  }

  private servable(id: string): void {
    const entry = this.indexes.get(id);
    if (!entry) throw new ConnectError('index not found', Code.NotFound);
    if (entry.status !== IndexStatus.READY) throw new ConnectError('index not ready', Code.FailedPrecondition);
  }
}

/** A URL on which nothing listens (a port that was free a moment ago). */
export async function unusedUrl(): Promise<string> {
  const server = createServer();
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', () => resolve()));
  const { port } = server.address() as AddressInfo;
  await new Promise<void>((resolve) => server.close(() => resolve()));
  return `http://127.0.0.1:${port}`;
}
