/**
 * The bridge app over real HTTP with operation tools in front of a real GraphQL API and OAuth 2.1 on
 * /mcp (docs/wire.md §5 and §6), through the SDK's own client: RFC 9728 metadata, the 401 challenge,
 * valid, expired, wrong-audience, foreign-key and scope-less tokens from a JWKS the test serves
 * (found through the issuer's metadata), scopes per level, static tokens beside OAuth, and header
 * forwarding (static headers always; MCP request headers only when MCP_FORWARD_HEADERS names them).
 */
import { afterEach, describe, expect, it } from '@jest/globals';
import type { McpConfig } from '@discovery/config';
import {
  FakeDiscoveryService,
  startAuthorizationServer,
  startGraphqlApi,
  EMPLOYEES_SDL,
  type GraphqlApiServer,
  type TestAuthorizationServer,
} from '@discovery/mcp/testing';
import { IndexStatus } from '@discovery/proto';
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { call, startBridge, textOf, type BridgeUnderTest } from './bridge-harness.js';

const AUDIENCE = 'https://mcp.example.test/mcp';
const STATIC_TOKEN = 'sd_static-client-token-of-the-team';

let fake: FakeDiscoveryService;
let served: { url: string; close(): Promise<void> } | undefined;
let bridge: BridgeUnderTest | undefined;
let api: GraphqlApiServer | undefined;
let idp: TestAuthorizationServer | undefined;
let dir: string | undefined;

async function setup(mcp: (api: GraphqlApiServer, idp: TestAuthorizationServer) => Partial<McpConfig>, clientTokens: string[] = []) {
  fake = new FakeDiscoveryService();
  fake.initialStatus = IndexStatus.READY;
  served = await fake.listen();
  api = await startGraphqlApi();
  idp = await startAuthorizationServer();
  dir = await mkdtemp(join(tmpdir(), 'ops-http-'));
  await writeFile(join(dir, 'WhoAmI.graphql'), 'query WhoAmI { whoami }\n');
  await writeFile(
    join(dir, 'UpdateMood.graphql'),
    'mutation UpdateMood($employeeID: ID!, $mood: Mood!) { updateMood(employeeID: $employeeID, mood: $mood) { mood } }\n',
  );
  bridge = await startBridge({ discoveryUrl: served.url, sdl: EMPLOYEES_SDL, graphqlEndpoint: api.url, clientTokens, mcp: mcp(api, idp) });
  await bridge.runtime.operations!.catalog.settled();
  return bridge;
}

afterEach(async () => {
  await bridge?.close();
  await served?.close();
  await api?.close();
  await idp?.close();
  if (dir) await rm(dir, { recursive: true, force: true });
  bridge = served = api = idp = dir = undefined;
});

const operations = (dir: string) => ({
  dir,
  omitToolNamePrefix: false,
  excludeMutations: false,
  exposeSchema: false,
  arbitraryOperations: false,
  arbitraryMutations: false,
});
const upstream = (extra: Partial<NonNullable<McpConfig['upstream']>> = {}) => ({
  headers: { 'x-api-key': 'static-key' },
  timeoutMs: 5_000,
  maxResponseBytes: 1 << 20,
  forwardHeaders: [],
  ...extra,
});
const scopes = {
  initialize: ['mcp:connect'],
  toolsList: ['mcp:tools:read'],
  toolsCall: ['mcp:tools:execute'],
  tools: { execute_operation_update_mood: ['moods:write'] },
};
const oauth = (idp: TestAuthorizationServer) => ({ issuer: idp.issuer, jwksUrl: undefined, audience: AUDIENCE, scopes });

/** A raw JSON-RPC POST to /mcp. */
async function post(token: string | undefined, body: unknown): Promise<Response> {
  return fetch(bridge!.app.mcpUrl, {
    method: 'POST',
    headers: { 'content-type': 'application/json', accept: 'application/json, text/event-stream', ...(token ? { authorization: `Bearer ${token}` } : {}) },
    body: JSON.stringify(body),
  });
}
const toolsCall = (name: string, args: Record<string, unknown> = {}) => ({ jsonrpc: '2.0', id: 1, method: 'tools/call', params: { name, arguments: args } });

describe('OAuth 2.1 for /mcp', () => {
  it('publishes RFC 9728 protected resource metadata, public', async () => {
    const b = await setup((_api, idp) => ({ operations: operations(dir!), upstream: upstream(), oauth: oauth(idp) }));
    const base = b.app.mcpUrl.replace(/\/mcp$/, '');
    for (const path of ['/.well-known/oauth-protected-resource/mcp', '/.well-known/oauth-protected-resource']) {
      const response = await fetch(`${base}${path}`);
      expect(response.status).toBe(200);
      expect(await response.json()).toEqual({
        resource: AUDIENCE,
        authorization_servers: [idp!.issuer],
        bearer_methods_supported: ['header'],
        scopes_supported: ['mcp:connect', 'mcp:tools:execute', 'mcp:tools:read', 'moods:write'],
        resource_name: 'GraphQL schema discovery (MCP)',
      });
    }
  });

  it('answers a request without a valid token 401 with the resource metadata challenge', async () => {
    await setup((_api, idp) => ({ operations: operations(dir!), upstream: upstream(), oauth: oauth(idp) }));
    const metadata = 'https://mcp.example.test/.well-known/oauth-protected-resource/mcp';
    const cases: Array<[string, string | undefined]> = [
      ['missing', undefined],
      ['expired', await idp!.token({ aud: AUDIENCE, scope: 'mcp:connect', exp: Math.floor(Date.now() / 1000) - 120 })],
      ['wrong audience', await idp!.token({ aud: 'https://other.example/mcp', scope: 'mcp:connect' })],
      ['foreign key', await idp!.token({ aud: AUDIENCE, scope: 'mcp:connect' }, { signedBy: 'stranger' })],
      ['other issuer', await idp!.token({ aud: AUDIENCE, scope: 'mcp:connect', iss: 'https://evil.example' })],
      ['garbage', 'not-a-token'],
    ];
    for (const [label, token] of cases) {
      const response = await post(token, toolsCall('execute_operation_who_am_i'));
      expect([label, response.status]).toEqual([label, 401]);
      const challenge = response.headers.get('www-authenticate')!;
      expect(challenge).toMatch(/^Bearer error="invalid_token"/);
      expect(challenge).toContain(`resource_metadata="${metadata}"`);
      expect(challenge).toContain('scope="mcp:connect"');
      expect(challenge).not.toContain(token ?? '\u0000');
    }
    expect(api!.requests).toHaveLength(0);
  });

  it('serves a client with a valid token, found through the issuer metadata, and checks scopes per level', async () => {
    await setup((_api, idp) => ({ operations: operations(dir!), upstream: upstream(), oauth: oauth(idp) }));
    const full = await idp!.token({ aud: AUDIENCE, scope: 'mcp:connect mcp:tools:read mcp:tools:execute moods:write' });
    const client = await bridge!.connect(full);
    expect((await client.listTools()).tools.map((t) => t.name)).toContain('execute_operation_update_mood');
    expect((await call(client, 'execute_operation_update_mood', { employeeID: '2', mood: 'HAPPY' })).structuredContent).toEqual({
      data: { updateMood: { mood: 'HAPPY' } },
    });
    expect(idp!.fetches).toEqual({ jwks: 1, metadata: 1 });

    const readOnly = await idp!.token({ aud: AUDIENCE, scope: 'mcp:connect mcp:tools:read' });
    const refused = await post(readOnly, toolsCall('execute_operation_who_am_i'));
    expect(refused.status).toBe(403);
    expect(refused.headers.get('www-authenticate')).toBe(
      'Bearer error="insufficient_scope", scope="mcp:tools:execute", resource_metadata="https://mcp.example.test/.well-known/oauth-protected-resource/mcp", error_description="tools/call: missing required scopes: mcp:tools:execute"',
    );
    const noToolScope = await idp!.token({ aud: AUDIENCE, scope: 'mcp:connect mcp:tools:execute' });
    const perTool = await post(noToolScope, toolsCall('execute_operation_update_mood', { employeeID: '1', mood: 'SAD' }));
    expect(perTool.status).toBe(403);
    expect(perTool.headers.get('www-authenticate')).toContain('scope="moods:write"');
    const noConnect = await idp!.token({ aud: AUDIENCE, scope: 'mcp:tools:execute' });
    const connect = await post(noConnect, { jsonrpc: '2.0', id: 1, method: 'ping' });
    expect(connect.status).toBe(403);
    expect(connect.headers.get('www-authenticate')).toContain('scope="mcp:connect"');
    expect(api!.employees[0]!.mood).toBe('HAPPY');
  });

  it('keeps static tokens working beside OAuth, with every scope', async () => {
    await setup((_api, idp) => ({ operations: operations(dir!), upstream: upstream(), oauth: oauth(idp) }), [STATIC_TOKEN]);
    const client = await bridge!.connect(STATIC_TOKEN);
    expect((await call(client, 'execute_operation_update_mood', { employeeID: '1', mood: 'SAD' })).isError).toBeFalsy();
    expect((await post('sd_another-token-nobody-configured', toolsCall('execute_operation_who_am_i'))).status).toBe(401);
  });
});

describe('header forwarding to the GraphQL API', () => {
  it('sends the static headers, and never the MCP token unless MCP_FORWARD_HEADERS names it', async () => {
    await setup((_api, idp) => ({ operations: operations(dir!), upstream: upstream(), oauth: oauth(idp) }));
    const token = await idp!.token({ aud: AUDIENCE, scope: 'mcp:connect mcp:tools:read mcp:tools:execute' });
    const client = await bridge!.connect(token, { 'X-Tenant': 'acme' });
    const result = await call(client, 'execute_operation_who_am_i', {});
    expect(result.structuredContent).toEqual({ data: { whoami: null } });
    const seen = api!.requests.at(-1)!.headers;
    expect(seen['x-api-key']).toBe('static-key');
    expect(seen['authorization']).toBeUndefined();
    expect(seen['x-tenant']).toBeUndefined();
    expect(JSON.stringify(seen)).not.toContain(token);
  });

  it('forwards the named headers of the MCP request, so the API applies its own authorization', async () => {
    await setup((_api, idp) => ({ operations: operations(dir!), upstream: upstream({ forwardHeaders: ['authorization', 'x-tenant'] }), oauth: oauth(idp) }));
    const token = await idp!.token({ aud: AUDIENCE, scope: 'mcp:connect mcp:tools:read mcp:tools:execute' });
    const client = await bridge!.connect(token, { 'X-Tenant': 'acme', 'X-Other': 'no' });
    const result = await call(client, 'execute_operation_who_am_i', {});
    expect(textOf(result)).toBe(JSON.stringify({ data: { whoami: `Bearer ${token}` } }));
    const seen = api!.requests.at(-1)!.headers;
    expect([seen['x-tenant'], seen['x-other'], seen['x-api-key']]).toEqual(['acme', undefined, 'static-key']);
  });
});

describe('operation tools over HTTP', () => {
  it('announces a file added while serving to a connected client (notifications/tools/list_changed)', async () => {
    await setup(() => ({ operations: operations(dir!), upstream: upstream() }));
    const changes: string[][] = [];
    const client = await bridge!.connect(
      undefined,
      {},
      { listChanged: { tools: { debounceMs: 0, onChanged: (_e, tools) => void changes.push((tools ?? []).map((t) => t.name)) } } },
    );
    await client.listTools();
    await writeFile(join(dir!, 'ListEmployees.graphql'), 'query ListEmployees { employees { name } }\n');
    const deadline = Date.now() + 10_000;
    while (!changes.at(-1)?.includes('execute_operation_list_employees') && Date.now() < deadline) await new Promise((r) => setTimeout(r, 20));
    expect(changes.at(-1)).toContain('execute_operation_list_employees');
    expect((await call(client, 'execute_operation_list_employees', {})).structuredContent).toMatchObject({
      data: { employees: [{ name: 'Ada' }, { name: 'Dustin' }, { name: 'Grace' }] },
    });
  });
});
