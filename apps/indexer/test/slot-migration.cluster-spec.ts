/**
 * Redis Cluster only (`npm run test:cluster`): the slots the indexer uses move between masters
 * while it serves. An index's slot, the BullMQ queues' slot and the index events' slot are migrated
 * (CLUSTER SETSLOT + MIGRATE, as `redis-cli --cluster reshard` does) while searches run on the
 * index, new schemas are built and index events are published: every search and build succeeds,
 * the events that arrive arrive in order, and only events published while the events' own slot
 * moved may be lost (pub/sub is at most once; the bus resubscribes on the new master).
 */
import { readFileSync } from 'node:fs';
import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import type { IndexEvent, Storage } from '@discovery/storage';
import { createStorage } from '@discovery/storage/redis';
import {
  closeClusterNodes,
  clusterMasters,
  migrateSlot,
  ownerOf,
  slotOf,
  TEST_REDIS_MODE,
  testStorageOptions,
  waitFor,
  type ClusterNode,
} from '@discovery/testing';
import { indexReady, TOKENS, uniqueSdl, useTestIndexer } from './indexer-harness.js';

const cosmo = readFileSync(new URL('../../../test/fixtures/schemas/cosmo-demo.graphql', import.meta.url), 'utf8');
const indexer = useTestIndexer();

describe('slot migration under load', () => {
  let nodes: ClusterNode[];
  let replica: Storage;
  beforeAll(async () => {
    if (TEST_REDIS_MODE !== 'cluster') throw new Error('run with npm run test:cluster (TEST_REDIS_URL must list a cluster)');
    nodes = await clusterMasters();
    replica = createStorage({ ...testStorageOptions(), keyPrefix: indexer().prefix });
  });
  afterAll(async () => {
    await replica?.close();
    closeClusterNodes(nodes ?? []);
  });

  it('serves searches, builds and events with no error while three slots move to other masters', async () => {
    const client = indexer().client(TOKENS.acme);
    const indexId = await indexReady(client, uniqueSdl(cosmo));
    const prefix = indexer().prefix;
    const digest = indexId.slice('sha256:'.length);
    const slots = {
      index: await slotOf(nodes, `${prefix}idx:{${digest}}:meta`),
      queues: await slotOf(nodes, `{${prefix}jobs}:build:id`),
      events: await slotOf(nodes, `{${prefix}events}`),
    };
    const received: number[] = [];
    await replica.eventBus.subscribe((event: IndexEvent) => {
      if (event.indexId.startsWith('sha256:0000')) received.push(Number.parseInt(event.indexId.slice(-8), 16));
    });
    const errors: string[] = [];
    let searches = 0;
    let published = 0;
    let running = true;
    const searching = (async () => {
      while (running) {
        const { hits } = await client.searchSchema({ indexId, query: 'employee details' }).catch((error: Error) => {
          errors.push(`search: ${error.message}`);
          return { hits: [] };
        });
        if (hits.length === 0) errors.push('search: no hits');
        searches++;
      }
    })();
    const publishing = (async () => {
      while (running) {
        const n = published++;
        const event: IndexEvent = { type: 'index.rebuilt', indexId: `sha256:${'0'.repeat(56)}${n.toString(16).padStart(8, '0')}` };
        await replica.eventBus.publish(event).catch((error: Error) => errors.push(`publish: ${error.message}`));
        await new Promise((resolve) => setTimeout(resolve, 5));
      }
    })();
    const building = Promise.all(
      [0, 1, 2].map((i) =>
        indexReady(client, uniqueSdl(`type Query { build${i}: String }`)).catch((error: Error) => {
          errors.push(`build: ${error.message}`);
        }),
      ),
    );
    const moves: Record<string, { from: number; to: number; keys: number }> = {};
    let eventsMoveFrom = 0;
    for (const [name, slot] of Object.entries(slots)) {
      const from = await ownerOf(nodes, slot);
      const to = nodes.find((node) => node.id !== from.id)!;
      if (name === 'events') eventsMoveFrom = published;
      moves[name] = { from: from.port, to: to.port, keys: await migrateSlot(nodes, slot, to, 2) };
      await new Promise((resolve) => setTimeout(resolve, 300));
    }
    await building;
    // Once moved, the events' slot is served by its new master: what is published now arrives.
    const after = published;
    await waitFor(() => received.some((n) => n >= after + 5), 20_000, 'events published after the migration');
    running = false;
    await Promise.all([searching, publishing]);
    const missing = Array.from({ length: published }, (_, n) => n).filter((n) => !received.includes(n));
    console.log(
      `CLUSTER slot-migration searches=${searches} builds=3 events published=${published} received=${received.length} ` +
        `lost=${JSON.stringify(missing)} (events slot moved from event ${eventsMoveFrom}) moves=${JSON.stringify(moves)}`,
    );
    expect(errors).toEqual([]);
    expect(searches).toBeGreaterThan(10);
    expect(moves['index']!.keys).toBeGreaterThan(0);
    expect(received).toEqual([...received].sort((a, b) => a - b));
    // At most once: only events published while their own slot moved may be lost (the index's and
    // the queues' slots moving lose none).
    expect(missing.filter((n) => n < eventsMoveFrom)).toEqual([]);
    for (const [name, slot] of Object.entries(slots)) expect([name, (await ownerOf(nodes, slot)).port]).toEqual([name, moves[name]!.to]);
  }, 120_000);
});
