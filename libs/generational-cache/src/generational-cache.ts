/**
 * GenerationalCache: a map bounded by the total cost of its entries (bytes,
 * characters, whatever the caller counts), in two generations. New entries go
 * to the current generation; when it is full it becomes the previous one and
 * the older is dropped, so at most `maxCost` is held, and an entry used in the
 * last generation survives (a hit in the previous generation moves it to the
 * current one). No per-entry bookkeeping: a get or a set is one or two Map
 * operations, which suits memos consulted tens of thousands of times per
 * build.
 */

export interface GenerationalCacheOptions<K, V> {
  /** The most the two generations hold together, in the unit of `costOf` (0: nothing is kept). */
  maxCost: number;
  /** What keeping an entry costs (its key and value, plus the Map entry). */
  costOf(key: K, value: V): number;
  /**
   * The form in which a key found in the previous generation is kept again (for string keys, a
   * copy that shares no memory with a larger string). Keys given to `set` are kept as given.
   */
  keyToKeep?(key: K): K;
}

export class GenerationalCache<K, V> {
  private current = new Map<K, V>();
  private previous = new Map<K, V>();
  private currentCost = 0;

  constructor(private readonly options: GenerationalCacheOptions<K, V>) {
    if (!(options.maxCost >= 0)) throw new RangeError(`maxCost must be a number >= 0, got ${String(options.maxCost)}`);
  }

  /** The value kept for `key`, or `miss` (values may be undefined, so the caller picks the marker). */
  get<M>(key: K, miss: M): V | M {
    const known = this.current.get(key);
    if (known !== undefined || this.current.has(key)) return known as V;
    const older = this.previous.get(key);
    if (older === undefined && !this.previous.has(key)) return miss;
    this.set(this.options.keyToKeep ? this.options.keyToKeep(key) : key, older as V);
    return older as V;
  }

  /** True when `key` is in the current generation (a set would change nothing there). */
  hasCurrent(key: K): boolean {
    return this.current.has(key);
  }

  /** Keeps `value` under `key`; an entry that would cost more than half of `maxCost` is not kept. */
  set(key: K, value: V): void {
    if (this.current.has(key)) {
      this.current.set(key, value); // already paid for in this generation
      return;
    }
    const cost = this.options.costOf(key, value);
    if (2 * cost > this.options.maxCost) return;
    if (2 * (this.currentCost + cost) > this.options.maxCost) {
      this.previous = this.current;
      this.current = new Map();
      this.currentCost = 0;
    }
    this.current.set(key, value);
    this.currentCost += cost;
  }

  /** Entries held (both generations; a key may be in both). */
  get size(): number {
    return this.current.size + this.previous.size;
  }

  clear(): void {
    this.current = new Map();
    this.previous = new Map();
    this.currentCost = 0;
  }
}
