/**
 * IntrospectionSchemaSource against a real GraphQL endpoint served by graphql-js over HTTP:
 * headers sent, SDL printed, refresh on the interval, and clear reasons for failures.
 */
import { afterEach, describe, expect, it } from '@jest/globals';
import { buildSchema, graphql, printSchema, type GraphQLSchema } from 'graphql';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { waitFor } from '../testing/wait-for.js';
import { IntrospectionSchemaSource } from './introspection-schema.source.js';
import type { SchemaSink } from './schema-source.js';

const V1 = buildSchema('"An employee"\ntype Employee { id: ID! }\ntype Query { employees: [Employee!]! }');
const V2 = buildSchema('type Query { employees: [String!]! version: Int }');

let server: Server | undefined;
let source: IntrospectionSchemaSource | undefined;
afterEach(async () => {
  await source?.close();
  server?.closeAllConnections();
  await new Promise((resolve) => (server ? server.close(resolve) : resolve(undefined)));
  server = undefined;
});

async function endpoint(state: { schema: GraphQLSchema; token: string }): Promise<string> {
  server = createServer((req, res) => {
    let body = '';
    req.on('data', (chunk: Buffer) => (body += chunk.toString()));
    req.on('end', () => {
      if (req.headers['authorization'] !== `Bearer ${state.token}`) {
        res.writeHead(401, { 'content-type': 'application/json' }).end('{"errors":[{"message":"no"}]}');
        return;
      }
      const { query } = JSON.parse(body) as { query: string };
      void graphql({ schema: state.schema, source: query }).then((result) => {
        res.writeHead(200, { 'content-type': 'application/json' }).end(JSON.stringify(result));
      });
    });
  });
  await new Promise<void>((resolve) => server!.listen(0, '127.0.0.1', () => resolve()));
  return `http://127.0.0.1:${(server.address() as AddressInfo).port}/graphql`;
}

function recordingSink(): SchemaSink & { schemas: string[]; failures: string[] } {
  const schemas: string[] = [];
  const failures: string[] = [];
  return { schemas, failures, schema: (sdl) => schemas.push(sdl), failed: (reason) => failures.push(reason) };
}

describe('IntrospectionSchemaSource', () => {
  it('introspects with the configured headers and refreshes on the interval', async () => {
    const state = { schema: V1, token: 't0ken' };
    const url = await endpoint(state);
    const sink = recordingSink();
    source = new IntrospectionSchemaSource(url, { headers: { Authorization: 'Bearer t0ken' }, intervalMs: 10 });
    await source.start(sink);
    expect(sink.schemas[0]).toBe(printSchema(V1));
    expect(sink.schemas[0]).toContain('An employee');
    state.schema = V2;
    await waitFor(() => sink.schemas.includes(printSchema(V2)), 'the refreshed schema');
    expect(source.description).toBe(`introspection of ${url}`);
  });

  it('reports a refused request without the headers in the reason', async () => {
    const url = await endpoint({ schema: V1, token: 'right' });
    const sink = recordingSink();
    source = new IntrospectionSchemaSource(url, { headers: { Authorization: 'Bearer wrong' }, intervalMs: 0 });
    await source.start(sink);
    expect(sink).toMatchObject({ schemas: [], failures: ['introspection failed (HTTP 401)'] });
  });

  it('reports an endpoint that cannot be reached', async () => {
    const sink = recordingSink();
    source = new IntrospectionSchemaSource('http://127.0.0.1:1/graphql', { intervalMs: 0 });
    await source.start(sink);
    expect(sink.failures).toEqual(['the introspection endpoint cannot be reached']);
  });

  it('rejects a URL that is not http', () => {
    expect(() => new IntrospectionSchemaSource('file:///etc/passwd')).toThrow('The introspection URL must use http or https');
    expect(() => new IntrospectionSchemaSource('not a url')).toThrow('The introspection URL is not a valid URL');
  });
});
