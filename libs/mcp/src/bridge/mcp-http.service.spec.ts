/**
 * McpHttpService session bounds: at most `maxSessions` at once and `maxSessionsPerClient` per
 * client, a new session beyond either closing the idlest (issue 14, item 5: 1,000 initializes from
 * one client locked everyone out for 30 minutes); idle sessions closed by the sweeper (their id then
 * answers 404), DELETE ends a session.
 */
import { afterEach, describe, expect, it } from '@jest/globals';
import { createClient } from '@connectrpc/connect';
import { FakeDiscoveryService, waitFor } from '../testing/index.js';
import { IndexSync } from '../index-sync/index-sync.js';
import { silentLogger } from '../logger.js';
import { DiscoveryService, YokoService } from '@discovery/proto';
import express from 'express';
import type { Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { createHash } from 'node:crypto';
import { McpHttpService } from './mcp-http.service.js';

const HEADERS = { 'content-type': 'application/json', accept: 'application/json, text/event-stream' };
const INITIALIZE = JSON.stringify({
  jsonrpc: '2.0',
  id: 1,
  method: 'initialize',
  params: { protocolVersion: '2025-06-18', capabilities: {}, clientInfo: { name: 'spec', version: '1' } },
});

let server: Server | undefined;
let service: McpHttpService | undefined;
let sync: IndexSync | undefined;

afterEach(async () => {
  await service?.close();
  sync?.close();
  server?.closeAllConnections();
  await new Promise((resolve) => (server ? server.close(resolve) : resolve(undefined)));
});

async function start(options: { maxSessions?: number; maxSessionsPerClient?: number; sessionIdleMs?: number; authTokenHashes?: string[] }): Promise<string> {
  const fake = new FakeDiscoveryService();
  const client = createClient(YokoService, fake.transport());
  const api = createClient(DiscoveryService, fake.transport());
  sync = new IndexSync({ client });
  service = new McpHttpService({
    sessions: 'stateful',
    authTokenHashes: options.authTokenHashes ?? [],
    allowedHosts: () => ['*'],
    server: () => ({ sync: sync!, client, api }),
    logger: silentLogger,
    ...options,
  });
  const app = express();
  app.use(express.json());
  app.all('/mcp', (req, res) => void service!.handle(req, res));
  server = app.listen(0, '127.0.0.1');
  await new Promise((resolve) => server!.once('listening', resolve));
  return `http://127.0.0.1:${(server.address() as AddressInfo).port}/mcp`;
}

async function initialize(url: string, token?: string): Promise<Response> {
  const headers = token ? { ...HEADERS, authorization: `Bearer ${token}` } : HEADERS;
  const response = await fetch(url, { method: 'POST', headers, body: INITIALIZE });
  await response.text();
  return response;
}

describe('McpHttpService sessions', () => {
  it('frees a slot on DELETE', async () => {
    const url = await start({ maxSessions: 1 });
    const id = (await initialize(url)).headers.get('mcp-session-id')!;
    expect(id).toBeTruthy();
    const deleted = await fetch(url, { method: 'DELETE', headers: { 'mcp-session-id': id } });
    expect(deleted.status).toBe(200);
    expect(service!.sessionCount).toBe(0);
  });

  it('keeps a client that opens sessions in a loop within its own bound, closing its idlest, and others get in', async () => {
    const hash = (token: string) => createHash('sha256').update(token).digest('hex');
    const url = await start({ maxSessions: 10, maxSessionsPerClient: 3, authTokenHashes: [hash('sd_token-a'), hash('sd_token-b')] });
    const statuses: number[] = [];
    const ids: string[] = [];
    for (let i = 0; i < 40; i++) {
      const response = await initialize(url, 'sd_token-a');
      statuses.push(response.status);
      ids.push(response.headers.get('mcp-session-id')!);
    }
    expect(new Set(statuses)).toEqual(new Set([200]));
    expect(service!.sessionCount).toBe(3);
    const other = await initialize(url, 'sd_token-b');
    expect(other.status).toBe(200);
    expect(service!.sessionCount).toBe(4);
    const list = (id: string) =>
      fetch(url, {
        method: 'POST',
        headers: { ...HEADERS, authorization: 'Bearer sd_token-a', 'mcp-session-id': id },
        body: JSON.stringify({ jsonrpc: '2.0', id: 2, method: 'tools/list' }),
      }).then(async (r) => {
        await r.text();
        return r.status;
      });
    expect(await list(ids[0]!)).toBe(404);
    expect(await list(ids.at(-1)!)).toBe(200);
  });

  it('beyond the total bound closes the idlest session of anyone instead of refusing', async () => {
    const url = await start({ maxSessions: 2 });
    const first = (await initialize(url)).headers.get('mcp-session-id')!;
    await initialize(url);
    expect((await initialize(url)).status).toBe(200);
    expect(service!.sessionCount).toBe(2);
    const stale = await fetch(url, {
      method: 'POST',
      headers: { ...HEADERS, 'mcp-session-id': first },
      body: JSON.stringify({ jsonrpc: '2.0', id: 2, method: 'tools/list' }),
    });
    expect(stale.status).toBe(404);
  });

  it('closes idle sessions; their id is then unknown', async () => {
    const url = await start({ sessionIdleMs: 50 });
    const id = (await initialize(url)).headers.get('mcp-session-id')!;
    expect(id).toBeTruthy();
    await waitFor(() => service!.sessionCount === 0, 'the idle session to be closed');
    const stale = await fetch(url, {
      method: 'POST',
      headers: { ...HEADERS, 'mcp-session-id': id },
      body: JSON.stringify({ jsonrpc: '2.0', id: 2, method: 'tools/list' }),
    });
    expect(stale.status).toBe(404);
  });

  it('asks for an initialize request to start a session', async () => {
    const url = await start({});
    const response = await fetch(url, { method: 'POST', headers: HEADERS, body: JSON.stringify({ jsonrpc: '2.0', id: 1, method: 'tools/list' }) });
    expect(response.status).toBe(400);
    expect(((await response.json()) as { error: { message: string } }).error.message).toMatch(/initialize/);
  });
});
