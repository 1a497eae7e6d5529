/**
 * Notes when a tenant last used an index (the console's "last used"), at most once per interval
 * per index and tenant, in the background: a search costs no extra write, and a note that cannot
 * be written never fails the call it describes.
 */
import type { IndexNotesStore } from '@discovery/storage';
import { type Log, silentLog } from './ports.js';

/** Least time between two notes of the same index and tenant. */
export const USE_NOTE_INTERVAL_MS = 60_000;
/** Pairs remembered before the memory of recent notes is cleared. */
const MAX_REMEMBERED = 10_000;

export class UseMarker {
  private readonly written = new Map<string, number>();

  constructor(
    private readonly notes: IndexNotesStore | undefined,
    private readonly now: () => number,
    private readonly log: Log = silentLog,
    private readonly intervalMs = USE_NOTE_INTERVAL_MS,
  ) {}

  /** Marks the use unless it was marked less than the interval ago. */
  used(indexId: string, tenant: string): void {
    if (!this.notes) return;
    const key = `${indexId}|${tenant}`;
    const now = this.now();
    const last = this.written.get(key);
    if (last !== undefined && now - last < this.intervalMs) return;
    if (this.written.size >= MAX_REMEMBERED) this.written.clear();
    this.written.set(key, now);
    this.notes.markUsed(indexId, tenant, now).catch((error: unknown) => this.log.warn({ indexId, err: error }, 'noting a use failed'));
  }

  /** Forgets the remembered notes of an index (it was deleted or unclaimed). */
  forget(indexId: string): void {
    for (const key of this.written.keys()) if (key.startsWith(`${indexId}|`)) this.written.delete(key);
  }
}
