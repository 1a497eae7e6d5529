import { GenerationalCache } from '@discovery/generational-cache';

/**
 * TextMemo: results of a pure function of a string, memoized by the string and
 * bounded by the characters of the strings it holds. Descriptions and
 * identifiers repeat within a schema (pagination arguments, `id` fields) and
 * almost all of them come back when a schema is rebuilt after a small change,
 * so a memo lives as long as its thread (a build worker serves build after
 * build). Two generations (GenerationalCache): at most `maxChars` characters
 * of keys are held and a text used in the last generation survives.
 *
 * Keys are copied before they are kept and the function runs on the copy: a
 * name or description parsed from an SDL is often a slice of it, and V8 keeps
 * the whole SDL alive for as long as a slice is (a memo of slices of many
 * schemas would hold all of them).
 */
export class TextMemo<V> {
  private readonly cache: GenerationalCache<string, V>;

  constructor(
    maxChars: number,
    private readonly compute: (text: string) => V,
  ) {
    this.cache = new GenerationalCache({ maxCost: maxChars, costOf: textEntryChars, keyToKeep: detach });
  }

  get(text: string): V {
    const known = this.cache.get(text, MISS);
    if (known !== MISS) return known;
    const own = detach(text);
    const value = this.compute(own);
    this.cache.set(own, value);
    return value;
  }

  /** Entries held (both generations). */
  get size(): number {
    return this.cache.size;
  }

  clear(): void {
    this.cache.clear();
  }
}

const MISS = Symbol('miss');

/** Characters an entry keyed by `text` costs: the key plus the Map entry. */
export function textEntryChars(text: string): number {
  return text.length + ENTRY_CHARS;
}

/** What an entry costs besides its key, in characters. */
const ENTRY_CHARS = 32;

/**
 * A copy of `text` that shares no memory with a string it was cut from.
 * Shorter strings are never slices in V8; a longer one is copied by
 * flattening a concatenation (its slice then points into the fresh copy).
 */
export function detach(text: string): string {
  return text.length < 13 ? text : ` ${text}`.slice(1);
}
