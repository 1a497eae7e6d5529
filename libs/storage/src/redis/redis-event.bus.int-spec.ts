/** RedisEventBus against the EventBus contract: two buses (two replicas) on one Redis. */
import { closeTestRedis, createTestRedis, uniquePrefix } from '@discovery/testing';
import { describeEventBus } from '../contract/event-bus.contract.js';
import { RedisKeys } from './keys.js';
import { RedisEventBus } from './redis-event.bus.js';

describeEventBus('redis', async () => {
  const errors: unknown[] = [];
  const keys = new RedisKeys(uniquePrefix('bus'));
  const publisher = createTestRedis();
  const replica = (): RedisEventBus =>
    new RedisEventBus({ client: publisher, subscriber: createTestRedis(), keys, onError: (e) => errors.push(e) });
  const a = replica();
  const b = replica();
  return {
    a,
    b,
    errors,
    sendRaw: async (message) => {
      await publisher.publish(keys.eventsChannel(), message);
    },
    dispose: async () => {
      await Promise.all([a.close(), b.close()]);
      await closeTestRedis(publisher);
    },
  };
});
