/**
 * Redis Cluster only (`npm run test:cluster`): a standalone client pointed at a cluster node must
 * not look healthy (it answers PING, then fails every key of another node's slots with MOVED), so
 * verify() at start and ping() (readiness) refuse it by name; a cluster client verifies and is ready.
 */
import { describe, expect, it } from '@jest/globals';
import { TEST_REDIS_MODE, TEST_REDIS_URL, testStorageOptions, uniquePrefix } from '@discovery/testing';
import { createStorage } from '../create-storage.js';

describe('the Redis mode against a cluster', () => {
  it('refuses a standalone client on a cluster node at start and in readiness; a cluster client is ready', async () => {
    expect(TEST_REDIS_MODE).toBe('cluster');
    const node = TEST_REDIS_URL.split(',')[0]!;
    const standalone = createStorage({ redisUrl: node, keyPrefix: uniquePrefix('mode'), onError: () => undefined });
    const cluster = createStorage({ ...testStorageOptions(), keyPrefix: uniquePrefix('mode') });
    try {
      const refusal = { code: 'INVALID_ARGUMENT', message: expect.stringMatching(/cluster_enabled:1.*Set REDIS_MODE=cluster/) };
      await expect(standalone.verify()).rejects.toMatchObject(refusal);
      await expect(standalone.ping()).rejects.toMatchObject(refusal);
      await expect(cluster.verify()).resolves.toBeUndefined();
      await expect(cluster.ping()).resolves.toBeUndefined();
    } finally {
      await Promise.all([standalone.close(), cluster.close()]);
    }
  });
});
