/**
 * Redis Cluster only (`npm run test:cluster`): 300 index events published by one replica arrive at
 * another in the order they were published, through sharded pub/sub (one slot, one master). Plain
 * PUBLISH on a cluster client goes to any node and is relayed over the cluster bus: 13 of 300
 * arrived out of order that way (issue 21).
 */
import { describe, expect, it } from '@jest/globals';
import { TEST_REDIS_MODE, testStorageOptions, uniquePrefix, waitFor } from '@discovery/testing';
import { createStorage } from '../create-storage.js';
import type { IndexEvent } from '../event-bus.js';

const idOf = (n: number): string => `sha256:${n.toString(16).padStart(64, '0')}`;

describe('index events on a Redis Cluster', () => {
  it('delivers 300 events in the order they were published', async () => {
    expect(TEST_REDIS_MODE).toBe('cluster');
    const prefix = uniquePrefix('order');
    const publisher = createStorage({ ...testStorageOptions(), keyPrefix: prefix });
    const subscriber = createStorage({ ...testStorageOptions(), keyPrefix: prefix });
    try {
      const received: number[] = [];
      await subscriber.eventBus.subscribe((event: IndexEvent) => received.push(Number.parseInt(event.indexId.slice(7), 16)));
      // Published without waiting for each other, as replicas do: the order is the order of the calls.
      await Promise.all(Array.from({ length: 300 }, (_, n) => publisher.eventBus.publish({ type: 'index.rebuilt', indexId: idOf(n) })));
      await waitFor(() => received.length >= 300, 15_000, '300 events');
      expect(received).toEqual(Array.from({ length: 300 }, (_, n) => n));
    } finally {
      await Promise.all([publisher.close(), subscriber.close()]);
    }
  });
});
