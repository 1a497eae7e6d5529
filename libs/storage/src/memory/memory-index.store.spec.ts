/** MemoryIndexStore + MemoryResultCache against the IndexStore contract, plus the sweep. */
import { describe, expect, it } from '@jest/globals';
import { describeIndexStore, idFor } from '../contract/index-store.contract.js';
import { MemoryIndexStore } from './memory-index.store.js';
import { MemoryResultCache } from './memory-result.cache.js';

describeIndexStore('memory', async () => {
  const store = new MemoryIndexStore();
  return { store, results: new MemoryResultCache(store), dispose: () => store.close() };
});

describe('MemoryIndexStore', () => {
  it('sweeps expired indexes from memory without being asked for them', async () => {
    let now = 1_000;
    const store = new MemoryIndexStore({ now: () => now });
    const id = idFor('type Query { a: Int }');
    await store.ensure(id, 'type Query { a: Int }', 'acme', now);
    await store.touch(id, 500);
    now += 499;
    expect(store.sweep()).toBe(0);
    now += 1;
    expect(store.sweep()).toBe(1);
    expect(await store.listAll()).toEqual([]);
    await store.close();
  });

  it('refuses calls after close', async () => {
    const store = new MemoryIndexStore();
    await store.close();
    await expect(store.ping()).rejects.toMatchObject({ code: 'CLOSED' });
  });
});
