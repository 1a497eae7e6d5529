/**
 * The built bridge as clients launch it, against a real indexer: the `bridge` service over
 * Streamable HTTP (as the image starts it) and the `discovery-mcp --stdio` bin spawned by the
 * SDK's stdio client (as an MCP client config does). Needs `npm run build`.
 */
import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { freePort } from '@discovery/testing';
import { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { StdioClientTransport } from '@modelcontextprotocol/sdk/client/stdio.js';
import { StreamableHTTPClientTransport } from '@modelcontextprotocol/sdk/client/streamableHttp.js';
import { join } from 'node:path';
import { assertBuilt, startService, type RunningService } from '../../../test/deploy/service-process.js';
import { call, textOf } from './bridge-harness.js';
import { ROOT, startRealIndexer, type RealIndexer } from './real-indexer.js';

const SCHEMA = join(ROOT, 'test/fixtures/schemas/cosmo-demo.graphql');
const BIN = join(ROOT, 'apps/mcp-bridge/bin/discovery-mcp.js');

let indexer: RealIndexer;
beforeAll(async () => {
  assertBuilt(ROOT, 'bridge');
  indexer = await startRealIndexer('bridge-proc');
}, 90_000);
afterAll(async () => {
  await indexer?.stop();
}, 60_000);

/** What a client may see before the index is adopted: the schema loading, being sent, then building. */
const WAITING = [
  /^The schema index is not ready\. Retry in a few seconds\. The schema is still loading\.$/,
  /^The schema index is not ready\. Retry in a few seconds\. The schema is being sent to the discovery service at http:\/\/127\.0\.0\.1:\d+\.$/,
  /^The schema index is still building\. Retry in a few seconds\.$/,
];

/** Calls search_schema until the index is adopted (a waiting text until then). */
async function searchWhenReady(client: Client): Promise<Array<{ coordinate: string }>> {
  for (let attempt = 0; attempt < 600; attempt++) {
    const result = await call(client, 'search_schema', { query: 'employees', kinds: ['field'] });
    if (!result.isError) return (result.structuredContent as { hits: Array<{ coordinate: string }> }).hits;
    const text = textOf(result);
    if (!WAITING.some((pattern) => pattern.test(text))) throw new Error(`unexpected waiting text: ${text}`);
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  throw new Error('the index never became ready');
}

async function exercise(client: Client): Promise<void> {
  const { tools } = await client.listTools();
  expect(tools.map((t) => t.name)).toEqual(['search_schema', 'get_symbols', 'get_schema_slice', 'generate_query']);
  expect(client.getInstructions()).toContain('search_schema');
  const hits = await searchWhenReady(client);
  expect(hits.map((h) => h.coordinate)).toContain('field:Query.employees');
  const read = await call(client, 'get_symbols', { coordinates: ['field:Query.employees'] });
  expect((read.structuredContent as { symbols: Array<{ record: { Coordinate: string } }> }).symbols[0]!.record.Coordinate).toBe('field:Query.employees');
  const invalid = await call(client, 'get_symbols', { coordinates: [] });
  expect(textOf(invalid)).toBe('The request is not valid. Coordinates must hold at least one coordinate.');
}

describe('built bridge', () => {
  it('serves MCP over Streamable HTTP as the bridge service', async () => {
    const port = await freePort();
    const bridge: RunningService = startService(
      ROOT,
      'bridge',
      {
        LOG_LEVEL: 'warn',
        PORT: String(port),
        HOST: '127.0.0.1',
        DISCOVERY_URL: indexer.url,
        DISCOVERY_TOKEN: indexer.token,
        MCP_AUTH_TOKENS: 'bridge-client-token',
      },
      ['--schema', SCHEMA],
    );
    const client = new Client({ name: 'e2e-http', version: '1.0.0' });
    try {
      await bridge.waitForHttp(`http://127.0.0.1:${port}/healthz`, 60_000);
      await client.connect(
        new StreamableHTTPClientTransport(new URL(`http://127.0.0.1:${port}/mcp`), {
          requestInit: { headers: { Authorization: 'Bearer bridge-client-token' } },
        }),
      );
      await exercise(client);
      await bridge.waitForHttp(`http://127.0.0.1:${port}/readyz`, 10_000);
      expect(bridge.output()).not.toContain(indexer.token);
      expect(bridge.output()).not.toContain('bridge-client-token');
    } finally {
      await client.close();
      const end = await bridge.stop();
      expect(end.code === 0 || end.signal === 'SIGTERM').toBe(true);
    }
  }, 120_000);

  it('serves MCP over stdio when a client launches the bin', async () => {
    const transport = new StdioClientTransport({
      command: process.execPath,
      args: [BIN, '--stdio', '--schema', SCHEMA],
      env: { PATH: process.env['PATH'] ?? '', LOG_LEVEL: 'warn', DISCOVERY_URL: indexer.url, DISCOVERY_TOKEN: indexer.token },
      stderr: 'pipe',
    });
    let stderr = '';
    transport.stderr?.on('data', (chunk: Buffer) => (stderr += chunk.toString()));
    const client = new Client({ name: 'e2e-stdio', version: '1.0.0' });
    try {
      await client.connect(transport);
      await exercise(client);
    } finally {
      await client.close();
    }
    expect(stderr).not.toContain(indexer.token);
  }, 120_000);
});
