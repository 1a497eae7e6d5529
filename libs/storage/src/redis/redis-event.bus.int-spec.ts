/**
 * RedisEventBus against the EventBus contract: two buses (two replicas) on one Redis; on a cluster
 * (TEST_REDIS_MODE) sharded, as createStorage makes it there.
 */
import { closeTestRedis, createTestRedis, TEST_REDIS_MODE, TEST_REDIS_URL, uniquePrefix } from '@discovery/testing';
import { describeEventBus } from '../contract/event-bus.contract.js';
import { RedisKeys } from './keys.js';
import { createRedisClient } from './redis-client.js';
import { RedisEventBus } from './redis-event.bus.js';

describeEventBus('redis', async () => {
  const errors: unknown[] = [];
  const keys = new RedisKeys(uniquePrefix('bus'));
  const sharded = TEST_REDIS_MODE === 'cluster';
  const publisher = createTestRedis();
  const replica = (): RedisEventBus =>
    new RedisEventBus({
      client: publisher,
      subscriber: createRedisClient({ url: TEST_REDIS_URL, mode: TEST_REDIS_MODE }, 'test-events', { shardedSubscribers: sharded }),
      sharded,
      keys,
      onError: (e) => errors.push(e),
    });
  const a = replica();
  const b = replica();
  return {
    a,
    b,
    errors,
    sendRaw: async (message) => {
      if (sharded) await publisher.spublish(keys.shardedEventsChannel(), message);
      else await publisher.publish(keys.eventsChannel(), message);
    },
    dispose: async () => {
      await Promise.all([a.close(), b.close()]);
      await closeTestRedis(publisher);
    },
  };
});
