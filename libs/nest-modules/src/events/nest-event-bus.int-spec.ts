/**
 * The EventBus contract on the Nest transports of the index events: each replica is a Nest
 * microservice (the IndexEventsController's @EventPattern handlers, a ClientProxy to emit) over
 * the transport of event-bus.transport.ts: in process (one bus for both replicas, as `serve`),
 * and Redis (two replicas on one Redis under a unique prefix; on a cluster, TEST_REDIS_MODE,
 * sharded pub/sub, as createStorage makes it there).
 */
import { Test } from '@nestjs/testing';
import { RedisKeys, type Storage } from '@discovery/storage';
import { createStorage } from '@discovery/storage/redis';
import { describeEventBus, type EventBusHarness } from '@discovery/storage/testing';
import { closeTestRedis, createTestRedis, TEST_REDIS_MODE, testStorageOptions, uniquePrefix } from '@discovery/testing';
import { EventBusClient, EventBusServer } from './event-bus.transport.js';
import { IndexEventsController } from './index-events.controller.js';
import { NestEventBus } from './nest-event.bus.js';

/** One replica: a Nest microservice on `storage`'s event bus adapter; returns its NestEventBus and how to stop it. */
async function replica(storage: Storage, errors: unknown[]): Promise<{ bus: NestEventBus; stop: () => Promise<void> }> {
  const bus = new NestEventBus(new EventBusClient(storage.eventBus), (error) => errors.push(error));
  const moduleRef = await Test.createTestingModule({ controllers: [IndexEventsController], providers: [{ provide: NestEventBus, useValue: bus }] }).compile();
  const microservice = moduleRef.createNestMicroservice({ strategy: new EventBusServer(storage.eventBus), logger: false });
  await microservice.listen();
  bus.markListening();
  return { bus, stop: () => microservice.close() };
}

describeEventBus('Nest microservices, in process', async (): Promise<EventBusHarness> => {
  const errors: unknown[] = [];
  const storage = createStorage({ errorReportIntervalMs: 0, onError: (error) => errors.push(error) });
  const [a, b] = [await replica(storage, errors), await replica(storage, errors)];
  return {
    a: a.bus,
    b: b.bus,
    errors,
    dispose: async () => {
      await Promise.all([a.stop(), b.stop()]);
      await storage.close();
    },
  };
});

describeEventBus(`Nest microservices, Redis (${TEST_REDIS_MODE})`, async (): Promise<EventBusHarness> => {
  const errors: unknown[] = [];
  const prefix = uniquePrefix('nest-bus');
  // Both replicas' transports listen from the start, so both see a raw message; the contract counts replica b's reports.
  const elsewhere: unknown[] = [];
  const storages = [elsewhere, errors].map((sink) =>
    createStorage({ ...testStorageOptions(), keyPrefix: prefix, errorReportIntervalMs: 0, onError: (error) => sink.push(error) }),
  );
  const [a, b] = [await replica(storages[0]!, errors), await replica(storages[1]!, errors)];
  const raw = createTestRedis();
  const keys = new RedisKeys(prefix);
  return {
    a: a.bus,
    b: b.bus,
    errors,
    sendRaw: async (message) => {
      if (TEST_REDIS_MODE === 'cluster') await raw.spublish(keys.shardedEventsChannel(), message);
      else await raw.publish(keys.eventsChannel(), message);
    },
    dispose: async () => {
      await Promise.all([a.stop(), b.stop()]);
      await Promise.all(storages.map((storage) => storage.close()));
      await closeTestRedis(raw);
    },
  };
});
