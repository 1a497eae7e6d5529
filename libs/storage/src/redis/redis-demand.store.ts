/**
 * RedisDemandStore: the demand report in two keys under the index's hash tag
 * (a sorted set of counts and a hash of last-seen times), so the index's
 * delete, touch and idle expiry take it along. Members are `<tenant tag>|<reason>`; the hash also
 * counts reasons per day, `<tenant tag>#<yyyy-mm-dd>` (the report over time).
 */
import { byDemand, DEMAND_MAX_ENTRIES, daysSince, demandDay, distinctReasons, type DemandDay, type DemandEntry, type DemandStore } from '../demand-store.js';
import { storageCall } from '../storage.errors.js';
import { defineIndexScripts, type IndexScriptRunner } from './index-store.scripts.js';
import type { RedisKeys } from './keys.js';
import type { RedisClient } from './redis-client.js';

export class RedisDemandStore implements DemandStore {
  private readonly client: RedisClient;
  private readonly keys: RedisKeys;
  private readonly run: IndexScriptRunner;

  constructor(options: { client: RedisClient; keys: RedisKeys }) {
    this.client = options.client;
    this.keys = options.keys;
    this.run = defineIndexScripts(options.client);
  }

  async record(indexId: string, tenant: string, reasons: readonly string[], now: number): Promise<void> {
    const distinct = distinctReasons(reasons);
    if (distinct.length === 0) return;
    const k = this.keys.index(indexId);
    const tag = this.keys.tenantTag(tenant);
    await storageCall('count demand', () =>
      this.run('sdDemandAdd', [k.meta, k.demand, k.demandSeen], [now, DEMAND_MAX_ENTRIES, `${tag}|`, ...distinct.map((reason) => `${tag}|${reason}`)]),
    );
    await storageCall('count demand', () => this.run('sdDemandDay', [k.meta, k.demandSeen], [`${tag}#${demandDay(now)}`, distinct.length]));
  }

  async daily(indexId: string, tenant: string, since: number): Promise<DemandDay[]> {
    const prefix = `${this.keys.tenantTag(tenant)}#`;
    const seen = await storageCall('read demand', () => this.client.hgetall(this.keys.index(indexId).demandSeen));
    const days = Object.entries(seen).flatMap(([field, count]): [string, number][] =>
      field.startsWith(prefix) ? [[field.slice(prefix.length), Number(count)]] : [],
    );
    return daysSince(days, since);
  }

  async top(indexId: string, tenant: string, limit: number): Promise<DemandEntry[]> {
    const k = this.keys.index(indexId);
    const prefix = `${this.keys.tenantTag(tenant)}|`;
    const [counted, seen] = await storageCall('read demand', () =>
      Promise.all([this.client.zrevrange(k.demand, 0, -1, 'WITHSCORES'), this.client.hgetall(k.demandSeen)]),
    );
    const entries: DemandEntry[] = [];
    for (let i = 0; i + 1 < counted.length; i += 2) {
      const member = counted[i] as string;
      if (!member.startsWith(prefix)) continue;
      entries.push({ reason: member.slice(prefix.length), count: Number(counted[i + 1]), lastSeen: Number(seen[member] ?? 0) });
    }
    return entries.sort(byDemand).slice(0, limit);
  }
}
