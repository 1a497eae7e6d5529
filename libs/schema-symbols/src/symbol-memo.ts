/**
 * SymbolMemo: member and path symbols memoized by everything they are made
 * of, for builds that rebuild a schema after a small change. The key of a
 * field or input field symbol is the source text of its definition
 * (description, name, arguments and their defaults, type reference,
 * directives) plus the facts about the rest of the schema it uses: the owning
 * type, the kind of the type it returns or takes, whether it pages, its depth
 * and roots. A path symbol's key is its type, depth, roots and paths. Equal
 * keys make equal symbols, so a build with a warm memo stores exactly what a
 * build without one stores.
 *
 * Use it only for schemas built with `definitionTexts` whose AST was not
 * repaired (`buildSchemaFromSdl` says `repaired: false`): a repaired
 * definition is no longer what its text says.
 *
 * Kept symbols are frozen (shared between builds, never changed) and hold
 * copies of their strings (a slice of an SDL would keep the whole SDL alive).
 * Bounded by the characters of the keys, in two generations (GenerationalCache).
 */
import type { SchemaSymbol } from './schema-symbol.js';
import { GenerationalCache } from '@discovery/generational-cache';
import { detach, textEntryChars } from './text-memo.js';

/**
 * Key characters held at most. The member definitions of GitHub's schema are
 * about 1.4 M characters, Shopify Admin's 2.9 M (one generation holds either).
 * Measured with both: 21,800 symbols, 54 MiB of heap with their search terms,
 * plus 18 MiB of JSON kept by the serializer; about 17 bytes per key character,
 * so at most about 100 MiB.
 */
export const SYMBOL_MEMO_CHARS = 6 * 1024 * 1024;

export class SymbolMemo {
  private readonly cache: GenerationalCache<string, SchemaSymbol>;

  constructor(maxChars = SYMBOL_MEMO_CHARS) {
    this.cache = new GenerationalCache({ maxCost: maxChars, costOf: textEntryChars, keyToKeep: detach });
  }

  /** The symbol made before for `key`, else `make()`'s, frozen and kept. */
  get(key: string, make: () => SchemaSymbol): SchemaSymbol {
    const known = this.cache.get(key, undefined);
    if (known !== undefined) return known;
    const symbol = sealed(make());
    this.cache.set(detach(key), symbol);
    return symbol;
  }

  /** Symbols held (both generations). */
  get size(): number {
    return this.cache.size;
  }
}

/** Freezes a value deeply, its strings replaced by copies that share no memory with an SDL. */
function sealed<T>(value: T): T {
  if (typeof value === 'string') return detach(value) as T;
  if (value === null || typeof value !== 'object' || Object.isFrozen(value)) return value;
  const record = value as Record<string, unknown>;
  for (const key of Object.keys(record)) record[key] = sealed(record[key]);
  return Object.freeze(value);
}
