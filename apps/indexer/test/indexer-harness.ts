/**
 * Starts a real indexer (its Nest application, Connect over HTTP/1.1, real Redis and
 * BullMQ under a unique key prefix) and gives Connect clients that speak to
 * it as Cosmo's router does: JSON or binary codec, a bearer token.
 */
import { afterAll, beforeAll } from '@jest/globals';
import { loadIndexerConfig } from '@discovery/config';
import { IndexStatus } from '@discovery/proto';
import {
  createTestRedis,
  deleteKeysByPrefix,
  closeTestRedis,
  readMetric,
  uniquePrefix,
  waitFor,
  yokoClient,
  type YokoClient,
  testRedisEnv,
} from '@discovery/testing';
import { hashToken } from '@discovery/auth';
import { startIndexer } from '../src/main.js';

export type Yoko = YokoClient;

export const TOKENS = {
  acme: 'sd_acme-token-for-tests-0000000000000000000',
  globex: 'sd_globex-token-for-tests-000000000000000000',
  reader: 'sd_reader-token-for-tests-000000000000000000',
};
export const JWT_SECRET = 'a-test-secret-of-at-least-thirty-two-bytes!!';

export interface RunningIndexer {
  baseUrl: string;
  prefix: string;
  client(token?: string, options?: { binary?: boolean }): Yoko;
  metric(name: string): Promise<number>;
  stop(): Promise<void>;
}

export async function startTestIndexer(env: Record<string, string> = {}, prefix = uniquePrefix('e2e-indexer')): Promise<RunningIndexer> {
  const config = loadIndexerConfig({
    PORT: '0',
    HOST: '127.0.0.1',
    LOG_LEVEL: 'fatal',
    ...testRedisEnv(),
    REDIS_KEY_PREFIX: prefix,
    DISCOVERY_TOKENS: [
      `acme:sha256:${hashToken(TOKENS.acme)}`,
      `globex:sha256:${hashToken(TOKENS.globex)}`,
      `acme:sha256:${hashToken(TOKENS.reader)}:read`,
    ].join(','),
    DISCOVERY_JWT_SECRET: JWT_SECRET,
    EMBEDDINGS_PROVIDER: 'none',
    ...env,
  });
  const { close, port } = await startIndexer(config);
  const baseUrl = `http://127.0.0.1:${port}`;
  return {
    baseUrl,
    prefix,
    client: (token, options = {}) => yokoClient(baseUrl, token, options),
    metric: (name) => readMetric(baseUrl, name),
    async stop() {
      await close();
    },
  };
}

export async function dropPrefix(prefix: string): Promise<void> {
  const redis = createTestRedis();
  try {
    await deleteKeysByPrefix(redis, prefix, `{${prefix}jobs}`);
  } finally {
    await closeTestRedis(redis);
  }
}

/** Indexes `sdl` through EnsureIndex and waits for the build; fails unless it ends READY. Returns the index id. */
export async function indexReady(client: Yoko, sdl: string, timeoutMs = 120_000): Promise<string> {
  const { indexId } = (await client.ensureIndex({ sdl })).index!;
  await waitFor(async () => (await client.getIndex({ indexId })).index?.status !== IndexStatus.INDEXING, timeoutMs, 'the build');
  const status = (await client.getIndex({ indexId })).index?.status;
  if (status !== IndexStatus.READY) throw new Error(`index ${indexId} ended ${status === undefined ? 'missing' : IndexStatus[status]}, not READY`);
  return indexId;
}

/** The codecs a router may speak, for `describe.each`: JSON and binary. */
export const CODECS: [string, boolean][] = [
  ['JSON', false],
  ['binary', true],
];

/** The same SDL with a unique trailing comment, so that it is an index of its own. */
export function uniqueSdl(sdl: string): string {
  return `${sdl}\n# ${Math.random().toString(36).slice(2)}\n`;
}

/**
 * A test indexer started before the file's tests and stopped after them, its keys dropped.
 * Call at the top of a test file; the returned function gives the running indexer.
 */
export function useTestIndexer(env: Record<string, string> = {}): () => RunningIndexer {
  let indexer: RunningIndexer | undefined;
  beforeAll(async () => {
    indexer = await startTestIndexer(env);
  });
  afterAll(async () => {
    if (!indexer) return;
    await indexer.stop();
    await dropPrefix(indexer.prefix);
  });
  return () => {
    if (!indexer) throw new Error('the test indexer is not started (call useTestIndexer at the top of the file)');
    return indexer;
  };
}
