/**
 * The bridge app over real HTTP against the scripted discovery service served over HTTP:
 * Streamable HTTP in both session modes, client bearer auth, Host header protection, health,
 * metrics, and a schema file changed while serving (old index serves until the new is READY).
 */
import { afterEach, describe, expect, it } from '@jest/globals';
import { FakeDiscoveryService, waitFor } from '@discovery/mcp/testing';
import { IndexStatus } from '@discovery/proto';
import { writeFile } from 'node:fs/promises';
import { call, startBridge, textOf, type BridgeUnderTest } from './bridge-harness.js';

const V1 = 'type Query { employees: [Employee!]! }\ntype Employee { id: ID! mood: Mood }\nenum Mood { HAPPY SAD }\n';
const V2 = `${V1}type Department { name: String! }\n`;

let fake: FakeDiscoveryService;
let served: { url: string; close(): Promise<void> } | undefined;
let bridge: BridgeUnderTest | undefined;

async function setup(options: { sessions?: 'stateful' | 'stateless'; clientTokens?: string[]; discoveryToken?: string } = {}) {
  fake = new FakeDiscoveryService();
  fake.initialStatus = IndexStatus.READY;
  fake.records.set('enum:Mood', { Coordinate: 'enum:Mood', Values: [{ Name: 'HAPPY' }, { Name: 'SAD' }] });
  if (options.discoveryToken) fake.token = options.discoveryToken;
  served = await fake.listen();
  bridge = await startBridge({ discoveryUrl: served.url, sdl: V1, ...options });
  await waitFor(() => bridge!.runtime.sync.status().servingIndexId, 'the first index');
  return bridge;
}

afterEach(async () => {
  await bridge?.close();
  await served?.close();
  bridge = undefined;
  served = undefined;
});

describe('bridge over Streamable HTTP', () => {
  it('serves the tools in a stateful session and sends the service token', async () => {
    const b = await setup({ discoveryToken: 'svc-token' });
    const client = await b.connect();
    const { tools } = await client.listTools();
    expect(tools.map((t) => t.name)).toEqual(['search_schema', 'get_symbols', 'get_schema_slice', 'generate_query']);
    const result = await call(client, 'search_schema', { query: 'mood' });
    expect(result.structuredContent).toEqual({
      hits: [{ coordinate: 'enum:Mood', score: 1, record: { Coordinate: 'enum:Mood', Values: [{ Name: 'HAPPY' }, { Name: 'SAD' }] } }],
    });
    const transport = client.transport as unknown as { sessionId?: string; terminateSession(): Promise<void> };
    expect(transport.sessionId).toMatch(/^[0-9a-f-]{36}$/);
    await transport.terminateSession();
    expect(new URL(b.app.mcpUrl).port).not.toBe('0');
  });

  it('serves the tools statelessly and refuses GET', async () => {
    const b = await setup({ sessions: 'stateless' });
    const client = await b.connect();
    const result = await call(client, 'get_symbols', { coordinates: ['enum:Mood', 'object:Nope'] });
    expect((result.structuredContent as { symbols: unknown[] }).symbols).toHaveLength(1);
    const response = await fetch(b.app.mcpUrl, { headers: { accept: 'text/event-stream' } });
    expect(response.status).toBe(405);
  });

  it('requires a client token when configured', async () => {
    const b = await setup({ clientTokens: ['client-secret'] });
    await expect(b.connect()).rejects.toThrow();
    await expect(b.connect('wrong-secret')).rejects.toThrow();
    const client = await b.connect('client-secret');
    expect((await call(client, 'search_schema', { query: 'mood' })).isError).toBeFalsy();
    const refused = await fetch(b.app.mcpUrl, { method: 'POST', headers: { 'content-type': 'application/json' }, body: '{}' });
    expect(refused.status).toBe(401);
    expect(refused.headers.get('www-authenticate')).toMatch(/^Bearer /);
  });

  it('rejects a foreign Host header on a loopback listener, and unknown sessions', async () => {
    const b = await setup();
    const { port } = new URL(b.app.mcpUrl);
    const body = JSON.stringify({
      jsonrpc: '2.0',
      id: 1,
      method: 'initialize',
      params: { protocolVersion: '2025-06-18', capabilities: {}, clientInfo: { name: 'x', version: '1' } },
    });
    const headers = { 'content-type': 'application/json', accept: 'application/json, text/event-stream' };
    const foreign = await new Promise<number>((resolve, reject) => {
      import('node:http').then(({ request }) => {
        const req = request({ host: '127.0.0.1', port, path: '/mcp', method: 'POST', headers: { ...headers, host: 'evil.example:80' } }, (res) => {
          res.resume();
          resolve(res.statusCode ?? 0);
        });
        req.on('error', reject);
        req.end(body);
      }, reject);
    });
    expect(foreign).toBe(403);
    const unknown = await fetch(b.app.mcpUrl, { method: 'POST', headers: { ...headers, 'mcp-session-id': 'nope' }, body });
    expect(unknown.status).toBe(404);
  });

  it('reports readiness and tool call metrics', async () => {
    const b = await setup();
    const base = new URL(b.app.mcpUrl).origin;
    expect((await fetch(`${base}/healthz`)).status).toBe(200);
    expect(await (await fetch(`${base}/readyz`)).json()).toEqual({ status: 'ready', phase: 'ready', checks: { index: 'ok', discovery: 'ok' } });
    const client = await b.connect();
    await call(client, 'search_schema', { query: ' ' });
    const metrics = await (await fetch(`${base}/metrics`)).text();
    expect(metrics).toContain('mcp_tool_call_duration_seconds_count{tool="search_schema",outcome="invalid_request"} 1');
    expect(metrics).toContain('mcp_index_sync_phase{phase="ready"} 1');
  });

  it('keeps serving the old index while a changed schema file is indexed', async () => {
    const b = await setup();
    const client = await b.connect();
    const v1 = b.runtime.sync.status().servingIndexId;
    fake.initialStatus = IndexStatus.INDEXING;
    await writeFile(b.schemaPath, V2);
    const v2 = await waitFor(() => b.runtime.sync.status().pendingIndexId, 'the new schema to be sent');
    // The sync marks the address pending as it sends EnsureIndex: wait for the call to land.
    expect(await waitFor(() => fake.indexes.get(v2)?.sdl, 'EnsureIndex of the new schema')).toBe(V2);
    await call(client, 'search_schema', { query: 'mood' });
    expect(fake.callsOf('searchSchema').at(-1)!.request['indexId']).toBe(v1);
    fake.indexes.get(v2)!.status = IndexStatus.READY;
    await waitFor(() => b.runtime.sync.status().servingIndexId === v2, 'the new index to be adopted');
    const result = await call(client, 'search_schema', { query: 'mood' });
    expect(result.isError).toBeFalsy();
    expect(fake.callsOf('searchSchema').at(-1)!.request['indexId']).toBe(v2);
    expect(textOf(result)).toContain('enum:Mood');
  });
});
