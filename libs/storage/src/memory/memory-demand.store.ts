/**
 * MemoryDemandStore: the demand report kept inside MemoryIndexStore's entries,
 * so it goes with its index (delete or idle expiry), like in Redis.
 */
import { byDemand, DEMAND_MAX_ENTRIES, daysSince, demandDay, distinctReasons, type DemandDay, type DemandEntry, type DemandStore } from '../demand-store.js';
import type { MemoryIndexStore } from './memory-index.store.js';

export class MemoryDemandStore implements DemandStore {
  constructor(private readonly store: MemoryIndexStore) {}

  async record(indexId: string, tenant: string, reasons: readonly string[], now: number): Promise<void> {
    const demand = this.store.demandOf(indexId);
    if (!demand) return;
    const distinct = distinctReasons(reasons);
    const days = this.store.demandDaysOf(indexId);
    const day = `${tenant}\u0000${demandDay(now)}`;
    if (distinct.length > 0) days?.set(day, (days.get(day) ?? 0) + distinct.length);
    for (const reason of distinct) {
      const key = `${tenant}\u0000${reason}`;
      const entry = demand.get(key);
      demand.set(key, { reason, count: (entry?.count ?? 0) + 1, lastSeen: now });
    }
    // The bound is per tenant: one tenant's flood never drops another's entries (issue 23 finding 7).
    const prefix = `${tenant}\u0000`;
    const mine = [...demand].filter(([key]) => key.startsWith(prefix));
    if (mine.length <= DEMAND_MAX_ENTRIES) return;
    const ranked = mine.sort(([ka, a], [kb, b]) => a.count - b.count || ka.localeCompare(kb));
    for (const [key] of ranked.slice(0, mine.length - DEMAND_MAX_ENTRIES)) demand.delete(key);
  }

  async top(indexId: string, tenant: string, limit: number): Promise<DemandEntry[]> {
    const demand = this.store.demandOf(indexId);
    if (!demand) return [];
    const prefix = `${tenant}\u0000`;
    return [...demand]
      .filter(([key]) => key.startsWith(prefix))
      .map(([, entry]) => ({ ...entry }))
      .sort(byDemand)
      .slice(0, limit);
  }

  async daily(indexId: string, tenant: string, since: number): Promise<DemandDay[]> {
    const prefix = `${tenant}\u0000`;
    const days = [...(this.store.demandDaysOf(indexId) ?? [])].flatMap(([key, count]): [string, number][] =>
      key.startsWith(prefix) ? [[key.slice(prefix.length), count]] : [],
    );
    return daysSince(days, since);
  }
}
