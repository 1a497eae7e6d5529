/**
 * McpHttpService session bounds: at most `maxSessions` at once (503 beyond), idle sessions
 * closed by the sweeper (their id then answers 404), DELETE ends a session.
 */
import { afterEach, describe, expect, it } from '@jest/globals';
import { createClient } from '@connectrpc/connect';
import { IndexSync, silentLogger } from '@discovery/mcp';
import { FakeDiscoveryService, waitFor } from '@discovery/mcp/testing';
import { YokoService } from '@discovery/proto';
import express from 'express';
import type { Server } from 'node:http';
import type { AddressInfo } from 'node:net';
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

async function start(options: { maxSessions?: number; sessionIdleMs?: number }): Promise<string> {
  const client = createClient(YokoService, new FakeDiscoveryService().transport());
  sync = new IndexSync({ client });
  service = new McpHttpService({
    sessions: 'stateful',
    authTokenHashes: [],
    allowedHosts: () => ['*'],
    server: () => ({ sync: sync!, client }),
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

async function initialize(url: string): Promise<Response> {
  const response = await fetch(url, { method: 'POST', headers: HEADERS, body: INITIALIZE });
  await response.text();
  return response;
}

describe('McpHttpService sessions', () => {
  it('refuses sessions beyond the bound and frees a slot on DELETE', async () => {
    const url = await start({ maxSessions: 1 });
    const first = await initialize(url);
    const id = first.headers.get('mcp-session-id')!;
    expect(id).toBeTruthy();
    expect((await initialize(url)).status).toBe(503);
    const deleted = await fetch(url, { method: 'DELETE', headers: { 'mcp-session-id': id } });
    expect(deleted.status).toBe(200);
    expect(service!.sessionCount).toBe(0);
    expect((await initialize(url)).status).toBe(200);
  });

  it('closes idle sessions; their id is then unknown', async () => {
    const url = await start({ sessionIdleMs: 50 });
    const id = (await initialize(url)).headers.get('mcp-session-id')!;
    expect(id).toBeTruthy();
    await waitFor(() => service!.sessionCount === 0, 'the idle session to be closed');
    const stale = await fetch(url, { method: 'POST', headers: { ...HEADERS, 'mcp-session-id': id }, body: JSON.stringify({ jsonrpc: '2.0', id: 2, method: 'tools/list' }) });
    expect(stale.status).toBe(404);
  });

  it('asks for an initialize request to start a session', async () => {
    const url = await start({});
    const response = await fetch(url, { method: 'POST', headers: HEADERS, body: JSON.stringify({ jsonrpc: '2.0', id: 1, method: 'tools/list' }) });
    expect(response.status).toBe(400);
    expect(((await response.json()) as { error: { message: string } }).error.message).toMatch(/initialize/);
  });
});
