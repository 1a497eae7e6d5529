/**
 * The demand report on real Redis and in memory: counting, normalization,
 * tenant isolation, the bound, and leaving with its index (delete and idle expiry).
 */
import { describe, expect, it } from '@jest/globals';
import { closeTestRedis, countKeysByPrefix, createTestRedis, deleteKeysByPrefix, uniquePrefix, waitFor } from '@discovery/testing';
import { idFor } from './contract/index-store.contract.js';
import { DEMAND_MAX_ENTRIES, normalizeReason, type DemandStore } from './demand-store.js';
import type { IndexStore } from './index-store.js';
import { MemoryDemandStore } from './memory/memory-demand.store.js';
import { MemoryIndexStore } from './memory/memory-index.store.js';
import { RedisKeys } from './redis/keys.js';
import { RedisDemandStore } from './redis/redis-demand.store.js';
import { RedisIndexStore } from './redis/redis-index.store.js';

interface Harness {
  store: IndexStore;
  demand: DemandStore;
  keysLeft(): Promise<number>;
  dispose(): Promise<void>;
}

const drivers: [string, () => Harness][] = [
  [
    'memory',
    () => {
      const store = new MemoryIndexStore();
      return { store, demand: new MemoryDemandStore(store), keysLeft: async () => 0, dispose: async () => store.close() };
    },
  ],
  [
    'redis',
    () => {
      const client = createTestRedis();
      const keys = new RedisKeys(uniquePrefix('demand'));
      return {
        store: new RedisIndexStore({ client, keys }),
        demand: new RedisDemandStore({ client, keys }),
        keysLeft: () => countKeysByPrefix(client, `${keys.prefix}idx:`),
        dispose: async () => {
          await deleteKeysByPrefix(client, keys.prefix);
          await closeTestRedis(client);
        },
      };
    },
  ],
];

const SDL = 'type Query { a: Int }';
const ID = idFor(SDL);

describe.each(drivers)('DemandStore (%s)', (_name, make) => {
  it('counts normalized reasons per tenant, most counted first, and keeps tenants apart', async () => {
    const h = make();
    try {
      await h.store.ensure(ID, SDL, 'acme', 1);
      await h.demand.record(ID, 'acme', ['The schema has no field for "salary".', 'the  schema has no field for "salary"'], 10);
      await h.demand.record(ID, 'acme', ['The schema has no field for "salary".', 'No price of item 3'], 20);
      await h.demand.record(ID, 'globex', ['Something else entirely'], 30);
      expect(await h.demand.top(ID, 'acme', 10)).toEqual([
        { reason: 'The schema has no field for "salary"', count: 2, lastSeen: 20 },
        { reason: 'No price of item #', count: 1, lastSeen: 20 },
      ]);
      expect(await h.demand.top(ID, 'acme', 1)).toHaveLength(1);
      expect(await h.demand.top(ID, 'globex', 10)).toEqual([{ reason: 'Something else entirely', count: 1, lastSeen: 30 }]);
      expect(await h.demand.top(ID, 'initech', 10)).toEqual([]);
    } finally {
      await h.dispose();
    }
  });

  it('counts nothing for an index that does not exist, and goes with the index', async () => {
    const h = make();
    try {
      await h.demand.record(ID, 'acme', ['x'], 1);
      expect(await h.demand.top(ID, 'acme', 10)).toEqual([]);
      await h.store.ensure(ID, SDL, 'acme', 1);
      await h.demand.record(ID, 'acme', ['x'], 1);
      await h.store.delete(ID);
      expect(await h.demand.top(ID, 'acme', 10)).toEqual([]);
      expect(await h.keysLeft()).toBe(0);
      await h.store.ensure(ID, SDL, 'acme', 2);
      expect(await h.demand.top(ID, 'acme', 10)).toEqual([]);
    } finally {
      await h.dispose();
    }
  });

  it('bounds each tenant on its own: one tenant filling its report leaves another its entries (issue 23 finding 7)', async () => {
    const h = make();
    try {
      await h.store.ensure(ID, SDL, 'acme', 1);
      await h.store.ensure(ID, SDL, 'globex', 1);
      await h.demand.record(ID, 'globex', ['The schema has no price', 'The schema has no stock'], 1);
      for (let call = 0; call < 6; call++) {
        const batch = Array.from({ length: 90 }, (_, i) => `flood ${String.fromCharCode(97 + (i % 26))}${(call * 90 + i).toString(36)}x`);
        await h.demand.record(ID, 'acme', batch, 2 + call);
      }
      expect((await h.demand.top(ID, 'globex', 10)).map((e) => e.reason).sort()).toEqual(['The schema has no price', 'The schema has no stock']);
      expect(await h.demand.top(ID, 'acme', 1000)).toHaveLength(DEMAND_MAX_ENTRIES);
    } finally {
      await h.dispose();
    }
  });

  it("a tenant's release takes its entries along while another tenant keeps the index (issue 23 finding 15)", async () => {
    const h = make();
    try {
      await h.store.ensure(ID, SDL, 'acme', 1);
      await h.store.ensure(ID, SDL, 'globex', 1);
      await h.demand.record(ID, 'acme', ['The schema has no salary'], 86_400_000);
      await h.demand.record(ID, 'globex', ['The schema has no price'], 86_400_000);
      expect(await h.store.release(ID, 'acme')).toEqual({ remaining: 1, deleted: false });
      expect(await h.demand.top(ID, 'acme', 10)).toEqual([]);
      expect(await h.demand.daily(ID, 'acme', 0)).toEqual([]);
      expect(await h.demand.top(ID, 'globex', 10)).toEqual([{ reason: 'The schema has no price', count: 1, lastSeen: 86_400_000 }]);
      expect(await h.demand.daily(ID, 'globex', 0)).toEqual([{ day: '1970-01-02', count: 1 }]);
      await h.store.ensure(ID, SDL, 'acme', 2);
      expect(await h.demand.top(ID, 'acme', 10)).toEqual([]);
    } finally {
      await h.dispose();
    }
  });

  it('keeps at most DEMAND_MAX_ENTRIES reasons per index and tenant, dropping the least counted', async () => {
    const h = make();
    try {
      await h.store.ensure(ID, SDL, 'acme', 1);
      await h.demand.record(ID, 'acme', ['kept'], 1);
      await h.demand.record(ID, 'acme', ['kept'], 1);
      const many = Array.from({ length: DEMAND_MAX_ENTRIES + 20 }, (_, i) => `reason ${String.fromCharCode(97 + (i % 26))}${i.toString(36)}x`);
      await h.demand.record(ID, 'acme', many, 2);
      const top = await h.demand.top(ID, 'acme', DEMAND_MAX_ENTRIES + 100);
      expect(top).toHaveLength(DEMAND_MAX_ENTRIES);
      expect(top[0]).toEqual({ reason: 'Kept', count: 2, lastSeen: 1 });
    } finally {
      await h.dispose();
    }
  });
});

describe('RedisDemandStore expiry', () => {
  it('expires with the index after its idle time', async () => {
    const h = drivers[1]![1]();
    try {
      await h.store.ensure(ID, SDL, 'acme', 1);
      await h.demand.record(ID, 'acme', ['x'], 1);
      await h.store.touch(ID, 300);
      await waitFor(async () => (await h.keysLeft()) === 0, 10_000, 'the index and its demand keys to expire');
    } finally {
      await h.dispose();
    }
  });
});

describe('normalizeReason', () => {
  it('collapses spaces, numbers and the final stop, and caps the length', () => {
    expect(normalizeReason('  no   salary for employee 12.  ')).toBe('No salary for employee #');
    expect(normalizeReason('x'.repeat(500))).toHaveLength(200);
  });

  it('drops terminal escapes, control and hidden characters, whatever wrote the reason (issue 23 finding 6)', () => {
    expect(normalizeReason('\u001b[2J\u001b[31mNo field\u001b[0m for \u200bprice\u202e\u{E0041}\u0007\r')).toBe('No field for price');
  });
});
