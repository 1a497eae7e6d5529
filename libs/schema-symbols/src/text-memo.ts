/**
 * TextMemo: results of a pure function of a string, memoized by the string and
 * bounded by the characters of the strings it holds. Descriptions and
 * identifiers repeat within a schema (pagination arguments, `id` fields) and
 * almost all of them come back when a schema is rebuilt after a small change,
 * so a memo lives as long as its thread (a build worker serves build after
 * build). Two generations: when the current one is full it becomes the
 * previous one and the older is dropped, so at most `maxChars` characters of
 * keys are held and a text used in the last generation survives.
 *
 * Keys are copied before they are kept and the function runs on the copy: a
 * name or description parsed from an SDL is often a slice of it, and V8 keeps
 * the whole SDL alive for as long as a slice is (a memo of slices of many
 * schemas would hold all of them).
 */
export class TextMemo<V> {
  private current = new Map<string, V>();
  private previous = new Map<string, V>();
  private currentChars = 0;

  constructor(
    private readonly maxChars: number,
    private readonly compute: (text: string) => V,
  ) {}

  get(text: string): V {
    // One lookup for a hit; `has` only to tell a memoized undefined from a miss.
    const known = this.current.get(text);
    if (known !== undefined || this.current.has(text)) return known as V;
    const previous = this.previous.get(text);
    if (previous !== undefined || this.previous.has(text)) {
      this.remember(detach(text), previous as V);
      return previous as V;
    }
    const own = detach(text);
    const value = this.compute(own);
    this.remember(own, value);
    return value;
  }

  /** Entries held (both generations). */
  get size(): number {
    return this.current.size + this.previous.size;
  }

  clear(): void {
    this.current = new Map();
    this.previous = new Map();
    this.currentChars = 0;
  }

  private remember(text: string, value: V): void {
    // Per entry: its characters plus a little for the Map entry, so many short texts are bounded too.
    const chars = text.length + ENTRY_CHARS;
    if (2 * chars > this.maxChars) return;
    if (2 * (this.currentChars + chars) > this.maxChars) {
      this.previous = this.current;
      this.current = new Map();
      this.currentChars = 0;
    }
    this.current.set(text, value);
    this.currentChars += chars;
  }
}

/** What an entry costs besides its key, in characters. */
const ENTRY_CHARS = 32;

/**
 * A copy of `text` that shares no memory with a string it was cut from.
 * Shorter strings are never slices in V8; a longer one is copied by
 * flattening a concatenation (its slice then points into the fresh copy).
 */
export function detach(text: string): string {
  return text.length < 13 ? text : (' ' + text).slice(1);
}
