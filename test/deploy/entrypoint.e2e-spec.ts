/**
 * The image's command starts each service from the built output: every
 * service name of docker/entrypoint.sh (and the CLI's `discovery serve`, which
 * runs the bridge's serve mode as its child), run with the repository as the app
 * root (after `npm run build`), answers /healthz on its configured port and
 * ends on SIGTERM within the grace period (exit 0, or re-raising SIGTERM after
 * its shutdown steps: 143), as under a container runtime.
 */
import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import type { Redis } from 'ioredis';
import { closeTestRedis, createTestRedis, deleteKeysByPrefix, freePort, uniquePrefix, testRedisEnv } from '@discovery/testing';
import { startService, type RunningService, type ServiceName } from './service-process.js';

const root = fileURLToPath(new URL('../..', import.meta.url));
const schema = join(root, 'test/fixtures/schemas/cosmo-demo.graphql');
const prefix = uniquePrefix('entrypoint-e2e');
let redis: Redis;

beforeAll(() => {
  redis = createTestRedis();
});
afterAll(async () => {
  await deleteKeysByPrefix(redis, prefix, `{${prefix}`); // index keys, then BullMQ queues ({<prefix>jobs}:...)
  await closeTestRedis(redis);
});

/** The environment and health URL of each service, on free loopback ports. */
async function setup(service: ServiceName): Promise<{ env: Record<string, string>; health: string }> {
  const port = String(await freePort());
  const common = { LOG_LEVEL: 'warn', REDIS_KEY_PREFIX: prefix, SHUTDOWN_GRACE: '5s' };
  switch (service) {
    case 'indexer':
      return {
        env: { ...common, ...testRedisEnv(), PORT: port, HOST: '127.0.0.1', DISCOVERY_AUTH: 'off', EMBEDDINGS_PROVIDER: 'none' },
        health: `http://127.0.0.1:${port}/healthz`,
      };
    case 'generator':
      return {
        env: { ...common, ...testRedisEnv(), METRICS_PORT: port, METRICS_HOST: '127.0.0.1', EMBEDDINGS_PROVIDER: 'none' },
        health: `http://127.0.0.1:${port}/healthz`,
      };
    case 'bridge':
      return {
        env: { ...common, PORT: port, HOST: '127.0.0.1', DISCOVERY_URL: 'http://127.0.0.1:9', SCHEMA_FILE: schema },
        health: `http://127.0.0.1:${port}/healthz`,
      };
    case 'discovery':
    case 'serve': {
      return {
        env: { ...common, PORT: port, HOST: '127.0.0.1', SCHEMA_FILE: schema, EMBEDDINGS_PROVIDER: 'none' },
        health: `http://127.0.0.1:${port}/healthz`,
      };
    }
  }
}

describe.each([
  ['indexer', []],
  ['generator', []],
  ['bridge', []],
  ['serve', []],
  ['discovery', ['serve']],
] as const)('entrypoint %s %j', (service, args) => {
  let running: RunningService | undefined;
  afterAll(async () => {
    await running?.stop(5_000);
  });

  it('starts from the built output, answers /healthz and ends on SIGTERM', async () => {
    const { env, health } = await setup(service);
    running = startService(root, service, env, [...args]);
    await running.waitForHttp(health, 60_000);
    const end = await running.stop(15_000);
    // 0, the SIGTERM re-raised after shutdown hooks, or 143 (a parent reporting that for its child).
    const clean = end.code === 0 || end.code === 143 || (end.code === null && end.signal === 'SIGTERM');
    expect(clean ? 'ended cleanly' : `ended with ${JSON.stringify(end)}:\n${running.output()}`).toBe('ended cleanly');
  }, 90_000);
});
