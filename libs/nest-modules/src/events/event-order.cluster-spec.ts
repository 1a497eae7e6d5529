/**
 * Redis Cluster only (`npm run test:cluster`): 300 index events emitted by one replica's
 * ClientProxy arrive at another replica's @EventPattern handlers in the order they were emitted,
 * through the Nest transport over sharded pub/sub (one slot, one master). Nest's own Redis
 * transport publishes with PUBLISH, which a cluster relays over its bus and reorders (issue 21).
 */
import { describe, expect, it } from '@jest/globals';
import { Test } from '@nestjs/testing';
import type { IndexEvent } from '@discovery/storage';
import { createStorage } from '@discovery/storage/redis';
import { TEST_REDIS_MODE, testStorageOptions, uniquePrefix, waitFor } from '@discovery/testing';
import { EventBusClient, EventBusServer } from './event-bus.transport.js';
import { IndexEventsController } from './index-events.controller.js';
import { NestEventBus } from './nest-event.bus.js';

const idOf = (n: number): string => `sha256:${n.toString(16).padStart(64, '0')}`;

describe('index events on Nest microservices on a Redis Cluster', () => {
  it('delivers 300 events in the order they were emitted', async () => {
    expect(TEST_REDIS_MODE).toBe('cluster');
    const prefix = uniquePrefix('nest-order');
    const [publisher, subscriber] = [0, 1].map(() => createStorage({ ...testStorageOptions(), keyPrefix: prefix }));
    const bus = new NestEventBus(new EventBusClient(subscriber!.eventBus));
    const moduleRef = await Test.createTestingModule({ controllers: [IndexEventsController], providers: [{ provide: NestEventBus, useValue: bus }] }).compile();
    const microservice = moduleRef.createNestMicroservice({ strategy: new EventBusServer(subscriber!.eventBus), logger: false });
    try {
      await microservice.listen();
      bus.markListening();
      const received: number[] = [];
      await bus.subscribe((event: IndexEvent) => received.push(Number.parseInt(event.indexId.slice(7), 16)));
      const emitter = new NestEventBus(new EventBusClient(publisher!.eventBus));
      // Emitted without waiting for each other, as replicas do: the order is the order of the calls.
      await Promise.all(Array.from({ length: 300 }, (_, n) => emitter.publish({ type: 'index.rebuilt', indexId: idOf(n) })));
      await waitFor(() => received.length >= 300, 15_000, '300 events');
      expect(received).toEqual(Array.from({ length: 300 }, (_, n) => n));
    } finally {
      await microservice.close();
      await Promise.all([publisher!.close(), subscriber!.close()]);
    }
  });
});
