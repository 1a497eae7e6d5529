/**
 * `serve` with EMBEDDINGS_PROVIDER=transformers and no EMBEDDINGS_MODEL_PATH: the model that ships
 * with the service (libs/embeddings/data/use-lite-static-onnx) is loaded by transformers.js on
 * onnxruntime, the index is built with its vectors, and searches embed their queries with it
 * (SEARCH_VECTOR_WEIGHT > 0). No network. Needs `npm run build`.
 */
import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { StreamableHTTPClientTransport } from '@modelcontextprotocol/sdk/client/streamableHttp.js';
import { freePort } from '@discovery/testing';
import { join } from 'node:path';
import { assertBuilt, startService, type RunningService } from '../../../test/deploy/service-process.js';
import { call } from './bridge-harness.js';
import { ROOT } from './real-indexer.js';

let serve: RunningService;
let base: string;

beforeAll(async () => {
  assertBuilt(ROOT, 'serve');
  const port = await freePort();
  base = `http://127.0.0.1:${port}`;
  serve = startService(
    ROOT,
    'serve',
    { LOG_LEVEL: 'info', PORT: String(port), DISCOVERY_AUTH: 'off', EMBEDDINGS_PROVIDER: 'transformers', SEARCH_VECTOR_WEIGHT: '0.3', SHUTDOWN_GRACE: '5s' },
    ['--schema', join(ROOT, 'test/fixtures/schemas/cosmo-demo.graphql')],
  );
  await serve.waitForHttp(`${base}/readyz`, 90_000);
}, 120_000);

afterAll(async () => {
  await serve?.stop();
}, 60_000);

describe('serve with the transformers provider on the shipped model', () => {
  it('loads the shipped ONNX model and searches with query vectors', async () => {
    expect(serve.output()).toMatch(/"model":"transformers:use-lite-static-onnx@[0-9a-f]{12};dtype=fp32;mean".*embedding model loaded/);
    const client = new Client({ name: 'serve-transformers-e2e', version: '1.0.0' });
    await client.connect(new StreamableHTTPClientTransport(new URL(`${base}/mcp`)));
    try {
      const search = await call(client, 'search_schema', { query: 'staff members and their current mood', kinds: ['field'] });
      expect(search.isError).toBeFalsy();
      const hits = (search.structuredContent as { hits: Array<{ coordinate: string }> }).hits.map((h) => h.coordinate);
      expect(hits).toContain('field:Employee.currentMood');
    } finally {
      await client.close();
    }
  }, 90_000);

  it('stops cleanly with no error logged', async () => {
    const end = await serve.stop();
    expect(end.code === 0 || end.signal === 'SIGTERM').toBe(true);
    expect(serve.output()).not.toMatch(/"level":(50|60)|"level":"(error|fatal)"/);
  }, 60_000);
});
