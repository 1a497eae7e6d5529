import { stripHidden } from '@discovery/schema-symbols/text';

/**
 * DemandStore: what agents asked for and the schema could not give (the
 * `unsatisfied` reasons of generated answers), counted per index and tenant.
 * Entries live with their index (deleted and expired with it) and are bounded
 * in number per index; reasons are normalized so that variants count together.
 */

export interface DemandEntry {
  reason: string;
  count: number;
  /** Epoch ms of the last time the reason was counted. */
  lastSeen: number;
}

export interface DemandStore {
  /** Counts each reason once for `tenant`; does nothing when the index does not exist. */
  record(indexId: string, tenant: string, reasons: readonly string[], now: number): Promise<void>;
  /** The tenant's most counted reasons, most first (then most recent), at most `limit`. */
  top(indexId: string, tenant: string, limit: number): Promise<DemandEntry[]>;
  /** The demand over time: reasons the tenant's answers left unsatisfied per UTC day, oldest first, days since `since` (epoch ms). */
  daily(indexId: string, tenant: string, since: number): Promise<DemandDay[]>;
}

/** Reasons counted on one UTC day. */
export interface DemandDay {
  /** `yyyy-mm-dd`. */
  day: string;
  count: number;
}

/** The UTC day of an epoch ms time, `yyyy-mm-dd`. */
export function demandDay(at: number): string {
  return new Date(at).toISOString().slice(0, 10);
}

/** Days on or after `since`, oldest first. */
export function daysSince(days: Iterable<[string, number]>, since: number): DemandDay[] {
  const first = demandDay(since);
  return [...days]
    .filter(([day]) => day >= first)
    .sort(([a], [b]) => a.localeCompare(b))
    .map(([day, count]) => ({ day, count }));
}

/** Distinct reasons kept per index and tenant; the least counted of that tenant go first. */
export const DEMAND_MAX_ENTRIES = 500;
/** Longest reason kept, in characters. */
export const DEMAND_MAX_REASON = 200;

/**
 * A reason as counted: NFKC, cleaned of terminal escapes and hidden characters, whitespace collapsed, numbers as `#` (so "employee 3" and "employee 4"
 * count together), no trailing full stop, first letter upper-case, at most DEMAND_MAX_REASON characters.
 */
export function normalizeReason(reason: string): string {
  // Whatever wrote it (a model, a composer, an older generator): no escapes or hidden characters (issue 23 finding 6).
  let text = stripHidden(reason.normalize('NFKC'))
    .replace(/\s+/g, ' ')
    .trim()
    .replace(/\b\d+(\.\d+)?\b/g, '#')
    .replace(/[.\s]+$/, '');
  if (text.length > DEMAND_MAX_REASON) text = `${text.slice(0, DEMAND_MAX_REASON - 1)}…`;
  return text.charAt(0).toUpperCase() + text.slice(1);
}

/** Normalized, distinct, non-empty reasons. */
export function distinctReasons(reasons: readonly string[]): string[] {
  return [...new Set(reasons.map(normalizeReason))].filter((reason) => reason !== '');
}

/** Most counted first, then most recent, then by reason. */
export function byDemand(a: DemandEntry, b: DemandEntry): number {
  return b.count - a.count || b.lastSeen - a.lastSeen || a.reason.localeCompare(b.reason);
}
