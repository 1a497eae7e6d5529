/**
 * The bridge app with its schema from a GraphQL endpoint by introspection (with a header the
 * endpoint requires), refreshed on an interval: a changed remote schema is indexed and adopted,
 * and the endpoint becomes the guidance endpoint. Backed by the scripted discovery service.
 */
import { afterEach, describe, expect, it } from '@jest/globals';
import { BridgeMetrics, BridgeRuntime, silentLogger } from '@discovery/mcp';
import { createDiscoveryTransport } from '@discovery/proto/client';
import { FakeDiscoveryService, waitFor } from '@discovery/mcp/testing';
import { IndexStatus } from '@discovery/proto';
import { buildSchema, graphql, printSchema, type GraphQLSchema } from 'graphql';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';

const V1 = buildSchema('type Query { employees: [String!]! }');
const V2 = buildSchema('type Query { employees: [String!]! teams: [String!]! }');

let endpoint: Server | undefined;
let runtime: BridgeRuntime | undefined;
let discovery: { close(): Promise<void> } | undefined;

afterEach(async () => {
  await runtime?.stop();
  await discovery?.close();
  endpoint?.closeAllConnections();
  await new Promise((resolve) => (endpoint ? endpoint.close(resolve) : resolve(undefined)));
});

async function graphqlEndpoint(state: { schema: GraphQLSchema }): Promise<string> {
  endpoint = createServer((req, res) => {
    let body = '';
    req.on('data', (chunk: Buffer) => (body += chunk.toString()));
    req.on('end', () => {
      if (req.headers['x-api-key'] !== 'k3y') return void res.writeHead(403).end();
      void graphql({ schema: state.schema, source: (JSON.parse(body) as { query: string }).query }).then((result) =>
        res.writeHead(200, { 'content-type': 'application/json' }).end(JSON.stringify(result)),
      );
    });
  });
  await new Promise<void>((resolve) => endpoint!.listen(0, '127.0.0.1', () => resolve()));
  return `http://127.0.0.1:${(endpoint.address() as AddressInfo).port}/graphql`;
}

describe('bridge with an introspected schema', () => {
  it('indexes the introspected schema, follows its changes and shows the endpoint in guidance', async () => {
    const state = { schema: V1 };
    const url = await graphqlEndpoint(state);
    const fake = new FakeDiscoveryService();
    fake.initialStatus = IndexStatus.READY;
    const served = await fake.listen();
    discovery = served;
    runtime = new BridgeRuntime({
      discovery: { transport: createDiscoveryTransport({ baseUrl: served.url }), serviceUrl: served.url },
      mcp: {
        authTokenHashes: [],
        sessions: 'stateless',
        graphqlEndpoint: undefined,
        schemaSource: { kind: 'introspection', url, headers: { 'X-Api-Key': 'k3y' }, intervalMs: 20 },
        sync: { pollIntervalMs: 10, timeoutMs: 60_000 },
      },
      logger: silentLogger,
      metrics: new BridgeMetrics({ defaultMetrics: false }),
    });
    expect(runtime.graphqlEndpoint).toBe(url);
    expect(runtime.serverOptions().graphqlEndpoint).toBe(url);
    await runtime.start();
    const first = await waitFor(() => runtime!.sync.status().servingIndexId, 'the first index');
    expect(fake.indexes.get(first)?.sdl).toBe(printSchema(V1));
    state.schema = V2;
    const second = await waitFor(() => {
      const id = runtime!.sync.status().servingIndexId;
      return id !== first ? id : undefined;
    }, 'the changed schema');
    expect(fake.indexes.get(second!)?.sdl).toBe(printSchema(V2));
    expect(fake.callsOf('ensureIndex')).toHaveLength(2);
  });
});
