/**
 * `serve` as `npm start` runs it, without Redis: one process with indexer, generator (scripted
 * model) and bridge; the discovery API next to /mcp on one port; the four tools answer.
 * Needs `npm run build`.
 */
import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { Code, ConnectError } from '@connectrpc/connect';
import { generateToken, tokenEntry } from '@discovery/auth';
import { freePort, OpenAiScriptedServer, submitReply, yokoClient } from '@discovery/testing';
import { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { StreamableHTTPClientTransport } from '@modelcontextprotocol/sdk/client/streamableHttp.js';
import { join } from 'node:path';
import { assertBuilt, startService, type RunningService } from '../../../test/deploy/service-process.js';
import { call } from './bridge-harness.js';
import { ROOT } from './real-indexer.js';

let model: OpenAiScriptedServer;
let serve: RunningService;
let base: string;
const operatorToken = generateToken();

beforeAll(async () => {
  assertBuilt(ROOT, 'serve');
  model = await OpenAiScriptedServer.start();
  const port = await freePort();
  base = `http://127.0.0.1:${port}`;
  serve = startService(
    ROOT,
    'serve',
    {
      LOG_LEVEL: 'warn',
      PORT: String(port),
      EMBEDDINGS_PROVIDER: 'none',
      DISCOVERY_TOKENS: tokenEntry('ops', operatorToken),
      OPENAI_BASE_URL: `${model.baseUrl}/v1`,
      OPENAI_API_KEY: 'test-key',
      LLM_MODEL: 'scripted',
      SHUTDOWN_GRACE: '5s',
    },
    ['--schema', join(ROOT, 'test/fixtures/schemas/cosmo-demo.graphql')],
  );
  await serve.waitForHttp(`${base}/readyz`, 90_000);
}, 120_000);

let stopped = false;
afterAll(async () => {
  if (!stopped) await serve?.stop();
  await model?.close();
}, 60_000);

describe('serve without Redis', () => {
  it('prints the MCP endpoint and how to add it to a client', () => {
    expect(serve.output()).toContain(`MCP endpoint (Streamable HTTP):    ${base}/mcp`);
    expect(serve.output()).toContain(`claude mcp add --transport http schema-discovery ${base}/mcp`);
    expect(serve.output()).toContain('storage: memory');
  });

  it('answers the four tools over MCP', async () => {
    const client = new Client({ name: 'serve-e2e', version: '1.0.0' });
    await client.connect(new StreamableHTTPClientTransport(new URL(`${base}/mcp`)));
    try {
      const search = await call(client, 'search_schema', { query: 'employees', kinds: ['field'] });
      expect((search.structuredContent as { hits: Array<{ coordinate: string }> }).hits.map((h) => h.coordinate)).toContain('field:Query.employees');
      const read = await call(client, 'get_symbols', { coordinates: ['object:Employee'] });
      expect((read.structuredContent as { symbols: unknown[] }).symbols).toHaveLength(1);
      const slice = await call(client, 'get_schema_slice', { query: 'employees', maxTokens: 500 });
      expect((slice.structuredContent as { coordinates: string[] }).coordinates).toContain('field:Query.employees');
      model.push(submitReply([{ document: 'query AllEmployees { employees { id } }', description: 'Lists the ids of all employees.' }]));
      const generated = await call(client, 'generate_query', { prompt: 'the ids of all employees' });
      expect(generated.isError).toBeFalsy();
      expect((generated.structuredContent as { queries: Array<{ operationType: string }> }).queries[0]!.operationType).toBe('query');
    } finally {
      await client.close();
    }
  }, 90_000);

  it('serves the discovery API on the same port, with its auth', async () => {
    const yoko = (token?: string) => yokoClient(base, token);
    const { indexes } = await yoko(operatorToken).listIndexes({});
    expect(indexes).toEqual([]);
    await expect(yoko().listIndexes({})).rejects.toMatchObject({ code: Code.Unauthenticated });
    await expect(yoko(generateToken()).listIndexes({})).rejects.toBeInstanceOf(ConnectError);
    expect(serve.output()).not.toMatch(/sd_[A-Za-z0-9_-]{20,}/);
  });

  it("exposes one registry with the generator's model and job metrics beside the bridge's, and checks storage for readiness", async () => {
    const metrics = await (await fetch(`${base}/metrics`)).text();
    expect(metrics).toMatch(/discovery_model_calls_total\{[^}]*model="scripted"[^}]*service="serve"/);
    expect(metrics).toMatch(/discovery_jobs_total\{[^}]*queue="generate-query"/);
    expect(metrics).toMatch(/discovery_requests_total\{[^}]*method="GenerateQuery"/);
    expect(metrics).toContain('mcp_index_sync_phase{phase="ready"} 1');
    const ready = (await (await fetch(`${base}/readyz`)).json()) as { status: string; checks: Record<string, string> };
    expect(ready).toMatchObject({ status: 'ready', phase: 'ready', checks: { redis: 'ok', index: 'ok' } });
  });

  it('listens on a free port with PORT=0 (the bridge reaches the API in memory)', async () => {
    const other = startService(ROOT, 'serve', { LOG_LEVEL: 'warn', PORT: '0', EMBEDDINGS_PROVIDER: 'none', DISCOVERY_AUTH: 'off' }, [
      '--schema',
      join(ROOT, 'test/fixtures/schemas/cosmo-demo.graphql'),
    ]);
    try {
      const deadline = Date.now() + 60_000;
      let url: string | undefined;
      while (url === undefined && Date.now() < deadline) {
        url = /^Ready: .* MCP endpoint: (http:\/\/127\.0\.0\.1:\d+)\/mcp$/m.exec(other.output())?.[1];
        if (url === undefined) await new Promise((resolve) => setTimeout(resolve, 100));
      }
      expect(url).toBeDefined();
      expect(url).not.toMatch(/:0$/);
      await other.waitForHttp(`${url}/readyz`, 30_000);
    } finally {
      await other.stop();
    }
  }, 90_000);

  it('stops cleanly on SIGTERM', async () => {
    stopped = true;
    const end = await serve.stop();
    expect(end.code === 0 || end.signal === 'SIGTERM').toBe(true);
    expect(serve.output()).not.toMatch(/"level":"(error|fatal)"/);
  }, 60_000);
});
