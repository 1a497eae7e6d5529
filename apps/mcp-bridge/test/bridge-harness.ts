/**
 * Starts the bridge's HTTP app in-process against a discovery service (the scripted fake or a
 * real indexer) with a schema file in a temporary directory, and connects SDK clients to it.
 */
import type { McpConfig } from '@discovery/config';
import type { BridgeRuntime } from '@discovery/mcp';
import { createLogger } from '@discovery/observability';
import { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { StreamableHTTPClientTransport } from '@modelcontextprotocol/sdk/client/streamableHttp.js';
import type { CallToolResult } from '@modelcontextprotocol/sdk/types.js';
import { createHash } from 'node:crypto';
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { startBridgeHttp, type StartedBridge } from '../src/http-app.js';

export interface BridgeUnderTest {
  app: StartedBridge;
  runtime: BridgeRuntime;
  schemaPath: string;
  connect(token?: string, headers?: Record<string, string>, clientOptions?: ConstructorParameters<typeof Client>[1]): Promise<Client>;
  close(): Promise<void>;
}

export interface BridgeHarnessOptions {
  discoveryUrl: string;
  discoveryToken?: string;
  sdl: string;
  sessions?: McpConfig['sessions'];
  clientTokens?: string[];
  graphqlEndpoint?: string;
  pollIntervalMs?: number;
  /** More of the MCP configuration (operation tools, upstream, OAuth). */
  mcp?: Partial<McpConfig>;
}

export async function startBridge(options: BridgeHarnessOptions): Promise<BridgeUnderTest> {
  const dir = await mkdtemp(join(tmpdir(), 'mcp-bridge-e2e-'));
  const schemaPath = join(dir, 'schema.graphql');
  await writeFile(schemaPath, options.sdl);
  const mcp = {
    authTokenHashes: (options.clientTokens ?? []).map((t) => createHash('sha256').update(t).digest('hex')),
    sessions: options.sessions ?? 'stateful',
    graphqlEndpoint: options.graphqlEndpoint,
    schemaSource: { kind: 'file' as const, path: schemaPath },
    sync: { pollIntervalMs: options.pollIntervalMs ?? 20, timeoutMs: 120_000 },
    ...options.mcp,
  };
  const app = await startBridgeHttp(
    {
      service: 'bridge',
      logLevel: 'silent',
      redis: { url: '', mode: 'standalone', keyPrefix: 'sd:' },
      shutdownGraceMs: 5_000,
      http: { port: 0, host: '127.0.0.1' },
      discovery: { url: options.discoveryUrl, token: options.discoveryToken },
      mcp,
    },
    createLogger({ service: 'bridge', level: 'silent' }),
  );
  const runtime = app.bridge.runtime;
  const clients: Client[] = [];
  return {
    app,
    runtime,
    schemaPath,
    async connect(token, headers, clientOptions) {
      const transport = new StreamableHTTPClientTransport(new URL(app.mcpUrl), {
        requestInit: { headers: { ...(headers ?? {}), ...(token ? { Authorization: `Bearer ${token}` } : {}) } },
      });
      const client = new Client({ name: 'e2e', version: '1.0.0' }, clientOptions);
      await client.connect(transport);
      clients.push(client);
      return client;
    },
    async close() {
      await Promise.all(clients.map((c) => c.close().catch(() => undefined)));
      await app.host.close();
      await rm(dir, { recursive: true, force: true });
    },
  };
}

export async function call(client: Client, name: string, args: Record<string, unknown>): Promise<CallToolResult> {
  return (await client.callTool({ name, arguments: args })) as CallToolResult;
}

export function textOf(result: CallToolResult): string {
  const first = result.content[0];
  if (first?.type !== 'text') throw new Error('expected a text result');
  return first.text;
}
