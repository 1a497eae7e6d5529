/**
 * A bounded in-process cache of loaded indexes, so a warm search costs no
 * Redis round trip. Least recently used entries go first once the byte budget
 * is exceeded; concurrent loads of one index share one load. An entry larger
 * than the whole budget is handed to its callers but not kept: it never
 * evicts the others (the reader refuses such indexes before loading them when
 * their size is known).
 */

export interface Sized {
  /** Approximate heap bytes held by the entry. */
  readonly bytes: number;
}

export class LoadedIndexCache<T extends Sized> {
  private readonly entries = new Map<string, T>();
  private readonly loading = new Map<string, Promise<T | undefined>>();
  private totalBytes = 0;
  /** Bumped on invalidation so a load that started before it does not resurrect stale data. */
  private readonly generations = new Map<string, number>();

  constructor(
    private readonly maxBytes: number,
    /** Told about each entry dropped to stay within the byte budget. */
    private readonly onEvict: (id: string) => void = () => undefined,
  ) {}

  get size(): number {
    return this.entries.size;
  }

  get bytes(): number {
    return this.totalBytes;
  }

  peek(id: string): T | undefined {
    const entry = this.entries.get(id);
    if (entry) {
      // Refresh recency: Map iteration order is insertion order.
      this.entries.delete(id);
      this.entries.set(id, entry);
    }
    return entry;
  }

  /** Returns the cached entry or loads it once, however many callers ask at the same time. */
  async getOrLoad(id: string, load: () => Promise<T | undefined>): Promise<T | undefined> {
    const cached = this.peek(id);
    if (cached) return cached;
    const inflight = this.loading.get(id);
    if (inflight) return inflight;
    const generation = this.generations.get(id) ?? 0;
    const promise = load()
      .then((value) => {
        if (value && (this.generations.get(id) ?? 0) === generation) this.put(id, value);
        return value;
      })
      .finally(() => this.loading.delete(id));
    this.loading.set(id, promise);
    return promise;
  }

  /**
   * Sets what a held entry weighs now (its schema was built), dropping the least recently used others
   * beyond the budget; an entry that no longer fits at all leaves the cache. No-op unless `value` is
   * the entry held under `id`.
   */
  resize(id: string, value: T, bytes: number): void {
    if (this.entries.get(id) !== value) {
      (value as { bytes: number }).bytes = bytes;
      return;
    }
    this.totalBytes += bytes - value.bytes;
    (value as { bytes: number }).bytes = bytes;
    if (bytes > this.maxBytes) {
      this.entries.delete(id);
      this.totalBytes -= bytes;
      this.onEvict(id);
      return;
    }
    this.peek(id);
    this.evictBeyondBudget(id);
  }

  invalidate(id: string): void {
    this.generations.set(id, (this.generations.get(id) ?? 0) + 1);
    const entry = this.entries.get(id);
    if (entry) {
      this.entries.delete(id);
      this.totalBytes -= entry.bytes;
    }
  }

  clear(): void {
    for (const id of [...this.entries.keys()]) this.invalidate(id);
  }

  private put(id: string, value: T): void {
    this.invalidateEntryOnly(id);
    if (value.bytes > this.maxBytes) return;
    this.entries.set(id, value);
    this.totalBytes += value.bytes;
    this.evictBeyondBudget(id);
  }

  private evictBeyondBudget(id: string): void {
    for (const [oldId, old] of this.entries) {
      if (this.totalBytes <= this.maxBytes || oldId === id) break;
      this.entries.delete(oldId);
      this.totalBytes -= old.bytes;
      this.onEvict(oldId);
    }
  }

  private invalidateEntryOnly(id: string): void {
    const entry = this.entries.get(id);
    if (entry) {
      this.entries.delete(id);
      this.totalBytes -= entry.bytes;
    }
  }
}
