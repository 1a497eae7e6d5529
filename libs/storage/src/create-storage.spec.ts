/** createStorage without Redis: memory adapters, one in-process queue per name. */
import { describe, expect, it } from '@jest/globals';
import { idFor } from './contract/index-store.contract.js';
import { createStorage } from './create-storage.js';

describe('createStorage without Redis', () => {
  it('runs everything in memory; producer and worker of one name share the queue', async () => {
    const storage = createStorage();
    expect(storage.mode).toBe('memory');
    const sdl = 'type Query { a: Int }';
    await storage.indexStore.ensure(idFor(sdl), sdl, 'acme', 1);
    await storage.resultCache.set(idFor(sdl), 'k', 'v', 1_000);
    expect(await storage.resultCache.get(idFor(sdl), 'k')).toBe('v');
    await storage.createQueue<number, number>('generate').process(async (n) => n + 1);
    expect(await storage.createQueue<number, number>('generate').enqueueAndWait(1, { jobId: 'a', timeoutMs: 5_000 })).toBe(2);
    await storage.close();
    await storage.close();
    await expect(storage.ping()).rejects.toMatchObject({ code: 'CLOSED' });
  });

  it('reports a repeated error once per interval', async () => {
    for (const [interval, expected] of [
      [60_000, 1],
      [0, 3],
    ] as const) {
      const reported: unknown[] = [];
      const storage = createStorage({ errorReportIntervalMs: interval, onError: (e) => reported.push(e) });
      let calls = 0;
      await storage.eventBus.subscribe(() => {
        calls += 1;
        throw new Error('cache refresh failed');
      });
      for (let i = 0; i < 3; i++) await storage.eventBus.publish({ type: 'index.deleted', indexId: idFor(`s${i}`) });
      while (calls < 3) await new Promise((resolve) => setImmediate(resolve));
      expect(reported).toHaveLength(expected);
      await storage.close();
    }
  });

  it('refuses a bad key prefix or URL with INVALID_ARGUMENT', () => {
    expect(() => createStorage({ redisUrl: 'redis://127.0.0.1:6379', keyPrefix: 'a{b}' })).toThrow(/key prefix/);
    expect(() => createStorage({ redisUrl: 'http://127.0.0.1:6379' })).toThrow(/redis:\/\//);
    expect(() => createStorage({ redisUrl: 'not a url' })).toThrow(/not a valid URL/);
  });
});
