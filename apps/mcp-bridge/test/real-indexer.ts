/**
 * A real indexer for the bridge's end-to-end tests: the built service started as the image
 * starts it (token auth, real Redis under a unique key prefix, no embeddings), plus an operator
 * client with the same token to act on it (delete an index, read its state).
 */
import { generateToken, tokenEntry } from '@discovery/auth';
import { closeTestRedis, createTestRedis, deleteKeysByPrefix, freePort, uniquePrefix, yokoClient, type YokoClient, testRedisEnv } from '@discovery/testing';
import { fileURLToPath } from 'node:url';
import { startService, type RunningService } from '../../../test/deploy/service-process.js';

export const ROOT = fileURLToPath(new URL('../../..', import.meta.url));

export interface RealIndexer {
  url: string;
  token: string;
  prefix: string;
  service: RunningService;
  operator: YokoClient;
  stop(): Promise<void>;
}

export async function startRealIndexer(label: string): Promise<RealIndexer> {
  const token = generateToken();
  const prefix = uniquePrefix(label);
  const port = await freePort();
  const url = `http://127.0.0.1:${port}`;
  const service = startService(ROOT, 'indexer', {
    LOG_LEVEL: 'warn',
    PORT: String(port),
    HOST: '127.0.0.1',
    ...testRedisEnv(),
    REDIS_KEY_PREFIX: prefix,
    EMBEDDINGS_PROVIDER: 'none',
    SHUTDOWN_GRACE: '5s',
    DISCOVERY_TOKENS: tokenEntry('bridge', token),
  });
  await service.waitForHttp(`${url}/readyz`, 60_000);
  const operator = yokoClient(url, token);
  let stopped = false;
  return {
    url,
    token,
    prefix,
    service,
    operator,
    async stop() {
      if (stopped) return;
      stopped = true;
      await service.stop();
      const redis = createTestRedis();
      try {
        await deleteKeysByPrefix(redis, prefix);
      } finally {
        await closeTestRedis(redis);
      }
    },
  };
}

/** The built generator on the indexer's Redis prefix, its model a scripted OpenAI-compatible server. */
export async function startRealGenerator(indexer: RealIndexer, modelBaseUrl: string): Promise<RunningService> {
  const metricsPort = await freePort();
  const generator = startService(ROOT, 'generator', {
    LOG_LEVEL: 'warn',
    ...testRedisEnv(),
    REDIS_KEY_PREFIX: indexer.prefix,
    EMBEDDINGS_PROVIDER: 'none',
    SHUTDOWN_GRACE: '5s',
    METRICS_PORT: String(metricsPort),
    METRICS_HOST: '127.0.0.1',
    OPENAI_BASE_URL: `${modelBaseUrl}/v1`,
    OPENAI_API_KEY: 'test-key',
    LLM_MODEL: 'scripted',
  });
  await generator.waitForHttp(`http://127.0.0.1:${metricsPort}/readyz`, 60_000);
  return generator;
}
