/**
 * createStorage on real Redis processes: the shared server for the happy path,
 * private redis-servers for faults (a restart mid-use, an unreachable server,
 * maxmemory with noeviction).
 */
import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import {
  closeTestRedis,
  createTestRedis,
  deleteKeysByPrefix,
  startPrivateRedis,
  testStorageOptions,
  uniquePrefix,
  waitFor,
  type PrivateRedis,
} from '@discovery/testing';
import { idFor } from './contract/index-store.contract.js';
import type { IndexEvent } from './event-bus.js';
import { createStorage } from './create-storage.js';
import { StorageError } from './storage.errors.js';

const SDL = 'type Query { ping: String }';
const ID = idFor(SDL);

async function codeOf(promise: Promise<unknown>): Promise<string | undefined> {
  const outcome = await promise.then(
    () => ({ ok: true as const }),
    (error: unknown) => ({ ok: false as const, error }),
  );
  if (outcome.ok) return undefined;
  return outcome.error instanceof StorageError ? outcome.error.code : `not a StorageError: ${String(outcome.error)}`;
}

describe('createStorage with Redis', () => {
  it('wires stores, events and queues on one deployment prefix and closes every connection', async () => {
    const prefix = uniquePrefix('fac');
    const storage = createStorage({ ...testStorageOptions(), keyPrefix: prefix });
    const replica = createStorage({ ...testStorageOptions(), keyPrefix: prefix });
    try {
      expect(storage.mode).toBe('redis');
      await storage.ping();
      const events: IndexEvent[] = [];
      await replica.eventBus.subscribe((e) => events.push(e));
      await storage.indexStore.ensure(ID, SDL, 'acme', 1);
      expect(await replica.indexStore.getSdl(ID)).toBe(SDL);
      // This test is about wiring (both replicas on one prefix's channel), not delivery: pub/sub is
      // at most once, and a message sent while a loaded machine's subscriber connection is being
      // re-established is gone (the EventBus contract suites cover delivery and order). So the event
      // is sent again each second until the other replica has it.
      await waitFor(
        async () => {
          if (events.length === 0) await storage.eventBus.publish({ type: 'index.rebuilt', indexId: ID });
          return events.length > 0;
        },
        20_000,
        'the event on the other replica',
        1_000,
      );
      expect(events[0]).toEqual({ type: 'index.rebuilt', indexId: ID });
      const producer = storage.createQueue<{ id: string }, number>('build', { attempts: 1 });
      await replica.createQueue<{ id: string }, number>('build').process(async ({ id }) => id.length);
      expect(await producer.enqueueAndWait({ id: ID }, { jobId: ID, timeoutMs: 10_000 })).toBe(ID.length);
    } finally {
      await Promise.all([storage.close(), replica.close()]);
      const client = createTestRedis();
      await deleteKeysByPrefix(client, prefix, `{${prefix}jobs}`);
      await closeTestRedis(client);
    }
  });
});

describe('createStorage through Redis faults', () => {
  let server: PrivateRedis;
  beforeAll(async () => {
    server = await startPrivateRedis();
  });
  afterAll(async () => {
    await server.stop(true);
  });

  it('fails fast with UNAVAILABLE while Redis is down and recovers after its restart without a new client', async () => {
    const errors: unknown[] = [];
    const storage = createStorage({ redisUrl: server.url, keyPrefix: 'sd:', maxReconnectDelayMs: 200, onError: (e) => errors.push(e) });
    try {
      await storage.indexStore.ensure(ID, SDL, 'acme', 1);
      const queue = storage.createQueue<null, string>('gen', { attempts: 1 });
      await queue.process(async () => 'ok');
      const events: IndexEvent[] = [];
      await storage.eventBus.subscribe((e) => events.push(e));
      await server.stop(true);
      expect(await codeOf(storage.indexStore.getMeta(ID))).toBe('UNAVAILABLE');
      expect(await codeOf(storage.indexStore.ensure(ID, SDL, 'acme', 1))).toBe('UNAVAILABLE');
      expect(await codeOf(storage.ping())).toBe('UNAVAILABLE');
      expect(await codeOf(queue.enqueue(null, { jobId: 'during' }))).toBe('UNAVAILABLE');
      expect(await codeOf(storage.createQueue<null, string>('other').enqueueAndWait(null, { jobId: 'w', timeoutMs: 5_000 }))).toBe('UNAVAILABLE');
      expect(await codeOf(storage.eventBus.publish({ type: 'index.deleted', indexId: ID }))).toBe('UNAVAILABLE');
      await server.start();
      // The restarted server is empty (no persistence): the index is gone, the service answers again.
      await waitFor(async () => (await codeOf(storage.ping())) === undefined, 15_000, 'reconnection');
      expect(await storage.indexStore.getMeta(ID)).toBeUndefined();
      expect((await storage.indexStore.ensure(ID, SDL, 'acme', 2)).created).toBe(true);
      expect(await queue.enqueueAndWait(null, { jobId: 'after-restart', timeoutMs: 15_000 })).toBe('ok');
      // The subscriber connection resubscribed by itself.
      await waitFor(
        async () => {
          await storage.eventBus.publish({ type: 'index.rebuilt', indexId: ID });
          return events.length > 0;
        },
        15_000,
        'an event after the restart',
      );
      expect(errors.some((e) => e instanceof StorageError && e.code === 'UNAVAILABLE')).toBe(true);
    } finally {
      await storage.close();
    }
  });

  it('refuses cluster mode on a server without cluster support, by name, at verify and in readiness', async () => {
    const storage = createStorage({ redisUrl: server.url, redisMode: 'cluster', keyPrefix: 'sd:', onError: () => undefined });
    const standalone = createStorage({ redisUrl: server.url, keyPrefix: 'sd:' });
    try {
      await expect(storage.verify()).rejects.toMatchObject({
        code: 'INVALID_ARGUMENT',
        message: expect.stringMatching(/REDIS_MODE is cluster .*cluster_enabled:0/),
      });
      expect(await codeOf(storage.ping())).not.toBeUndefined();
      await expect(standalone.verify()).resolves.toBeUndefined();
      await expect(standalone.ping()).resolves.toBeUndefined();
    } finally {
      await Promise.all([storage.close(), standalone.close()]);
    }
  });

  it('answers UNAVAILABLE (not a hang) when Redis was never reachable', async () => {
    const port = server.port;
    await server.stop(true);
    const storage = createStorage({ redisUrl: `redis://127.0.0.1:${port}`, keyPrefix: 'sd:', connectTimeoutMs: 500, onError: () => undefined });
    try {
      expect(await codeOf(storage.indexStore.listAll())).toBe('UNAVAILABLE');
      expect(await codeOf(storage.resultCache.get(ID, 'k'))).toBe('UNAVAILABLE');
      expect(await codeOf(storage.embeddingCache.getMany('m', ['a'.repeat(64)]))).toBe('UNAVAILABLE');
      expect(await codeOf(storage.eventBus.subscribe(() => undefined))).toBe('UNAVAILABLE');
      const queue = storage.createQueue<null, null>('cold');
      expect(await codeOf(queue.enqueue(null, { jobId: 'x' }))).toBe('UNAVAILABLE');
      expect(await codeOf(queue.enqueueAndWait(null, { jobId: 'y', timeoutMs: 5_000 }))).toBe('UNAVAILABLE');
    } finally {
      await storage.close();
      await server.start();
    }
  });
});

describe('createStorage at maxmemory (noeviction)', () => {
  let server: PrivateRedis;
  beforeAll(async () => {
    server = await startPrivateRedis({ maxmemory: '4mb' });
  });
  afterAll(async () => {
    await server.stop(true);
  });

  it('refuses new writes with OOM while existing indexes keep serving, touching and deleting', async () => {
    const storage = createStorage({ redisUrl: server.url, keyPrefix: 'sd:', onError: () => undefined });
    try {
      await storage.indexStore.ensure(ID, SDL, 'acme', 1);
      await storage.indexStore.putArtifacts(ID, { records: Buffer.alloc(1024, 1) }, { state: 'ready' });
      let code: string | undefined;
      for (let i = 0; i < 50 && code === undefined; i++) {
        const sdl = `type Query { f${i}: String }`;
        code = await codeOf(
          storage.indexStore
            .ensure(idFor(sdl), sdl, 'acme', 1)
            .then(() => storage.indexStore.putArtifacts(idFor(sdl), { records: Buffer.alloc(512 * 1024, i) }, {})),
        );
      }
      expect(code).toBe('OOM');
      // Artifacts go in 256 KiB chunks: a refused chunk may leave Redis just under its limit. Small
      // indexes fill what is left until Redis refuses every write.
      code = undefined;
      for (let i = 0; i < 5_000 && code === undefined; i++) {
        const sdl = `type Query { g${i}: String }`;
        code = await codeOf(storage.indexStore.ensure(idFor(sdl), sdl, 'acme', 1));
      }
      expect(code).toBe('OOM');
      // Used memory moves a little between commands (client buffers, lazy frees): a job that fits
      // just under the limit may still go in, so enqueue until Redis refuses, as above.
      const build = storage.createQueue<null, null>('build');
      code = undefined;
      for (let i = 0; i < 1_000 && code === undefined; i++) code = await codeOf(build.enqueue(null, { jobId: `x${i}` }));
      expect(code).toBe('OOM');
      expect((await storage.indexStore.getMeta(ID))?.state).toBe('ready');
      expect((await storage.indexStore.getArtifacts(ID))?.records?.length).toBe(1024);
      expect(await storage.indexStore.hasTenant(ID, 'acme')).toBe(true);
      await storage.indexStore.touch(ID, 60_000);
      expect(await storage.indexStore.updateMeta(ID, { state: 'failed', error: 'out of memory', building: false })).toBe(true);
      expect(await storage.indexStore.getMeta(ID)).toMatchObject({ state: 'failed', error: 'out of memory' });
      expect(await storage.indexStore.listForTenant('acme')).toContain(ID);
      expect(await storage.indexStore.delete(ID)).toBe(true);
    } finally {
      await storage.close();
    }
  });
});
