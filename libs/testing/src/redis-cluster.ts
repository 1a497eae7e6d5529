/**
 * Redis Cluster helpers for the cluster specs (`*.cluster-spec.ts`, run by `npm run test:cluster`):
 * the slot of a key and its owner, and a live slot migration the way `redis-cli --cluster reshard`
 * does it: CLUSTER SETSLOT IMPORTING on the target, MIGRATING on the source, MIGRATE of the slot's
 * keys in batches, then SETSLOT NODE on every master. Clients see ASK, TRYAGAIN and MOVED meanwhile.
 */
import { Redis } from 'ioredis';
import { TEST_REDIS_URL } from './redis.js';

export interface ClusterNode {
  id: string;
  host: string;
  port: number;
  client: Redis;
}

/** A plain connection to each master of the test cluster (close them with `closeClusterNodes`). */
export async function clusterMasters(): Promise<ClusterNode[]> {
  const seed = new URL(TEST_REDIS_URL.split(',')[0]!.trim());
  const probe = new Redis({ host: seed.hostname, port: Number(seed.port || 6379), maxRetriesPerRequest: 1 });
  try {
    const lines = ((await probe.cluster('NODES')) as string).trim().split('\n');
    const masters = lines.map((line) => line.split(' ')).filter((fields) => fields[2]!.includes('master') && !fields[2]!.includes('fail'));
    return masters.map(([id, address]) => {
      const [host, port] = address!.split('@')[0]!.split(':');
      return { id: id!, host: host!, port: Number(port), client: new Redis({ host: host!, port: Number(port), maxRetriesPerRequest: 1 }) };
    });
  } finally {
    probe.disconnect();
  }
}

export function closeClusterNodes(nodes: ClusterNode[]): void {
  for (const node of nodes) node.client.disconnect();
}

/** The slot `key` hashes to (hash tags respected). */
export async function slotOf(nodes: ClusterNode[], key: string): Promise<number> {
  return (await nodes[0]!.client.cluster('KEYSLOT', key)) as number;
}

/** The master serving `slot`. */
export async function ownerOf(nodes: ClusterNode[], slot: number): Promise<ClusterNode> {
  const ranges = (await nodes[0]!.client.cluster('SLOTS')) as unknown as [number, number, [string, number, string]][];
  const range = ranges.find(([from, to]) => slot >= from && slot <= to);
  const owner = nodes.find((node) => node.id === range?.[2][2]);
  if (!owner) throw new Error(`no master serves slot ${slot}`);
  return owner;
}

/** Moves `slot` with its keys from its owner to `target`, `batch` keys per MIGRATE; resolves with how many moved. */
export async function migrateSlot(nodes: ClusterNode[], slot: number, target: ClusterNode, batch = 10): Promise<number> {
  const source = await ownerOf(nodes, slot);
  if (source.id === target.id) return 0;
  await target.client.cluster('SETSLOT', slot, 'IMPORTING', source.id);
  await source.client.cluster('SETSLOT', slot, 'MIGRATING', target.id);
  let moved = 0;
  for (;;) {
    const keys = (await source.client.cluster('GETKEYSINSLOT', slot, batch)) as string[];
    if (keys.length === 0) break;
    await source.client.migrate(target.host, target.port, '', 0, 10_000, 'KEYS', ...keys);
    moved += keys.length;
  }
  // The target first, then the source, then the rest: the order redis-cli uses.
  await target.client.cluster('SETSLOT', slot, 'NODE', target.id);
  await source.client.cluster('SETSLOT', slot, 'NODE', target.id);
  for (const node of nodes) if (node !== target && node !== source) await node.client.cluster('SETSLOT', slot, 'NODE', target.id);
  return moved;
}
