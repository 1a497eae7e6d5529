/**
 * `serve` with REDIS_URL: the same one process on Redis and BullMQ (unique key prefix, cleaned
 * up after): the index lands in Redis and the tools answer. Needs `npm run build`.
 */
import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { COMPOSED_STEP } from '@discovery/mcp';
import { closeTestRedis, countKeysByPrefix, createTestRedis, deleteKeysByPrefix, freePort, uniquePrefix, testRedisEnv } from '@discovery/testing';
import { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { StreamableHTTPClientTransport } from '@modelcontextprotocol/sdk/client/streamableHttp.js';
import type { Redis } from 'ioredis';
import { join } from 'node:path';
import { assertBuilt, startService, type RunningService } from '../../../test/deploy/service-process.js';
import { call } from './bridge-harness.js';
import { ROOT } from './real-indexer.js';

const prefix = uniquePrefix('serve-redis');
let redis: Redis;
let serve: RunningService;
let base: string;

beforeAll(async () => {
  assertBuilt(ROOT, 'serve');
  redis = createTestRedis();
  const port = await freePort();
  base = `http://127.0.0.1:${port}`;
  serve = startService(
    ROOT,
    'serve',
    {
      LOG_LEVEL: 'warn',
      PORT: String(port),
      ...testRedisEnv(),
      REDIS_KEY_PREFIX: prefix,
      EMBEDDINGS_PROVIDER: 'none',
      DISCOVERY_AUTH: 'off',
      SHUTDOWN_GRACE: '5s',
    },
    ['--schema', join(ROOT, 'test/fixtures/schemas/countries.graphql')],
  );
  await serve.waitForHttp(`${base}/readyz`, 90_000);
}, 120_000);

afterAll(async () => {
  await serve?.stop();
  await deleteKeysByPrefix(redis, prefix);
  await closeTestRedis(redis);
}, 60_000);

describe('serve with Redis', () => {
  it('keeps the index in Redis and answers over MCP (generation without a model composes, through the real queue)', async () => {
    expect(serve.output()).toContain('storage: Redis and BullMQ');
    expect(await countKeysByPrefix(redis, prefix)).toBeGreaterThan(0);
    const client = new Client({ name: 'serve-redis-e2e', version: '1.0.0' });
    await client.connect(new StreamableHTTPClientTransport(new URL(`${base}/mcp`)));
    try {
      const search = await call(client, 'search_schema', { query: 'country capital', kinds: ['field'] });
      expect((search.structuredContent as { hits: Array<{ coordinate: string }> }).hits.map((h) => h.coordinate)).toContain('field:Country.capital');
      const generated = await call(client, 'generate_query', { prompt: 'the capital of the country with code "FR"' });
      expect(generated.isError).toBeFalsy();
      const output = generated.structuredContent as {
        queries: { document: string; variablesSchema: { required?: string[] } }[];
        guidance: { nextSteps: string[] };
      };
      expect(output.queries).toHaveLength(1);
      expect(output.queries[0]!.document).toMatch(/country\(code: \$code\)\s*\{[^}]*capital/);
      expect(output.queries[0]!.document).toContain('Example: \\"FR\\"');
      expect(output.queries[0]!.variablesSchema.required).toEqual(['code']);
      expect(output.guidance.nextSteps[0]).toBe(COMPOSED_STEP);
    } finally {
      await client.close();
    }
  }, 60_000);
});
