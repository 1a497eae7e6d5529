/**
 * A scripted yoko.v1.YokoService over HTTP for the CLI's tests: indexes that
 * build over a few polls (or fail when the SDL says FAIL), fixed records, a
 * scripted GenerateQuery, bearer auth, and a log of the requests it saw.
 */
import { createHash } from 'node:crypto';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { timestampFromDate } from '@bufbuild/protobuf/wkt';
import { Code, ConnectError, type ConnectRouter, type HandlerContext } from '@connectrpc/connect';
import { connectNodeAdapter } from '@connectrpc/connect-node';
import type { MessageInitShape } from '@bufbuild/protobuf';
import { DiscoveryService, type IndexSchema, IndexStatus, YokoService } from '@discovery/proto';

export interface FakeIndex {
  status: IndexStatus;
  /** GetIndex calls left before an INDEXING index becomes READY (or FAILED). */
  pollsLeft: number;
  fails: boolean;
  symbolCount: number;
}

export interface FakeResolution {
  queries: { description: string; document: string; operationName: string; operationType: string; variablesSchema: string }[];
  unsatisfied: string[];
  truncated: boolean;
}

export class FakeYokoServer {
  readonly indexes = new Map<string, FakeIndex>();
  readonly requests: { method: string; request: unknown }[] = [];
  readonly records = new Map<string, Record<string, unknown>>([
    ['object:Query', { Coordinate: 'object:Query', Kind: 'object', Description: 'Root query.' }],
    ['field:Query.employees', { Coordinate: 'field:Query.employees', TypeRef: '[Employee!]!', Description: 'List all employees.' }],
    ['enum:Mood', { Coordinate: 'enum:Mood', Kind: 'enum', Values: [{ Name: 'HAPPY' }, { Name: 'SAD' }] }],
  ]);
  /** Polls an index takes to build. */
  buildPolls = 2;
  resolution: FakeResolution = { queries: [], unsatisfied: [], truncated: false };
  /** The error of a FAILED index. */
  failedReason = 'Syntax Error: Expected Name, found "}" at line 3, column 1';
  /** What discovery.v1 GetDemand answers. */
  demand: { reason: string; count: number }[] = [];
  /** Response headers of GenerateQuery (`discovery-composed`, ...). */
  generateHeaders: Record<string, string> = {};
  /** GetIndex calls that fail with `unavailable` before answering again (a busy or restarting service). */
  unavailablePolls = 0;
  private server?: Server;

  constructor(readonly token: string) {}

  idFor(sdl: string): string {
    return `sha256:${createHash('sha256').update(sdl, 'utf8').digest('hex')}`;
  }

  async listen(): Promise<string> {
    this.server = createServer(connectNodeAdapter({ routes: this.routes }));
    await new Promise<void>((resolve) => this.server!.listen(0, '127.0.0.1', resolve));
    return `http://127.0.0.1:${(this.server.address() as AddressInfo).port}`;
  }

  async close(): Promise<void> {
    const server = this.server;
    if (!server) return;
    server.closeAllConnections();
    await new Promise<void>((resolve, reject) => server.close((error) => (error ? reject(error) : resolve())));
  }

  private enter(method: string, request: unknown, ctx: HandlerContext): void {
    this.requests.push({ method, request });
    if (ctx.requestHeader.get('authorization') !== `Bearer ${this.token}`) {
      throw new ConnectError('missing or invalid bearer token', Code.Unauthenticated);
    }
  }

  private index(indexId: string): FakeIndex {
    const index = this.indexes.get(indexId);
    if (!index) throw new ConnectError(`index ${indexId} not found`, Code.NotFound);
    return index;
  }

  private toIndex(indexId: string, index: FakeIndex): MessageInitShape<typeof IndexSchema> {
    return {
      indexId,
      status: index.status,
      symbolCount: BigInt(index.status === IndexStatus.READY ? index.symbolCount : 0),
      createdAt: timestampFromDate(new Date('2026-01-01T00:00:00Z')),
      ...(index.status === IndexStatus.READY ? { indexedAt: timestampFromDate(new Date('2026-01-01T00:00:05Z')) } : {}),
      ...(index.status === IndexStatus.FAILED ? { error: this.failedReason } : {}),
    };
  }

  private routes = (router: ConnectRouter): void => {
    router.service(YokoService, {
      ensureIndex: (req, ctx) => {
        this.enter('ensureIndex', { sdl: req.sdl }, ctx);
        const indexId = this.idFor(req.sdl);
        const index = this.indexes.get(indexId) ?? {
          status: IndexStatus.INDEXING,
          pollsLeft: this.buildPolls,
          fails: req.sdl.includes('FAIL'),
          symbolCount: 42,
        };
        this.indexes.set(indexId, index);
        return { index: this.toIndex(indexId, index) };
      },
      getIndex: (req, ctx) => {
        this.enter('getIndex', { indexId: req.indexId }, ctx);
        if (this.unavailablePolls > 0) {
          this.unavailablePolls -= 1;
          throw new ConnectError('read ECONNRESET', Code.Unavailable);
        }
        const index = this.index(req.indexId);
        if (index.status === IndexStatus.INDEXING && index.pollsLeft-- <= 1) index.status = index.fails ? IndexStatus.FAILED : IndexStatus.READY;
        return { index: this.toIndex(req.indexId, index) };
      },
      listIndexes: (_req, ctx) => {
        this.enter('listIndexes', {}, ctx);
        return { indexes: [...this.indexes].map(([id, index]) => this.toIndex(id, index)) };
      },
      deleteIndex: (req, ctx) => {
        this.enter('deleteIndex', { indexId: req.indexId }, ctx);
        this.index(req.indexId);
        this.indexes.delete(req.indexId);
        return {};
      },
      searchSchema: (req, ctx) => {
        this.enter(
          'searchSchema',
          { indexId: req.indexId, query: req.query, limit: req.limit, kinds: req.kinds, roots: req.roots, parent: req.parent, paginated: req.paginated },
          ctx,
        );
        if (this.index(req.indexId).status !== IndexStatus.READY) throw new ConnectError('index is not ready', Code.FailedPrecondition);
        const hits = [...this.records].filter(([c]) => c.startsWith('field:') || req.kinds.length === 0);
        return { hits: hits.map(([coordinate, record], i) => ({ coordinate, score: 1 - i / 10, payload: JSON.stringify(record) })) };
      },
      getSymbols: (req, ctx) => {
        this.enter('getSymbols', { indexId: req.indexId, coordinates: req.coordinates }, ctx);
        this.index(req.indexId);
        const found = req.coordinates.filter((c) => this.records.has(c));
        return { symbols: found.map((coordinate) => ({ coordinate, score: 0, payload: JSON.stringify(this.records.get(coordinate)) })) };
      },
      generateQuery: (req, ctx) => {
        this.enter('generateQuery', { indexId: req.indexId, prompt: req.prompt }, ctx);
        this.index(req.indexId);
        for (const [name, value] of Object.entries(this.generateHeaders)) ctx.responseHeader.set(name, value);
        return { resolution: { ...this.resolution, unsatisfied: this.resolution.unsatisfied.map((reason) => ({ reason })) } };
      },
    });
    router.service(DiscoveryService, {
      getDemand: (req, ctx) => {
        this.enter('getDemand', { indexId: req.indexId, limit: req.limit }, ctx);
        this.index(req.indexId);
        return {
          entries: this.demand.map((entry) => ({
            reason: entry.reason,
            count: BigInt(entry.count),
            lastSeen: timestampFromDate(new Date('2026-01-02T00:00:00Z')),
          })),
        };
      },
    });
  };
}
