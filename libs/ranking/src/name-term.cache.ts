/**
 * Word lists of each symbol's own name, of its owning type's name and of the
 * type it returns, without filler words (`is`, `viewer`, ...), as ids of the
 * index's term vocabulary (every name word is a term of the lexical index), so
 * the second stage compares small integers, not strings. Lists are computed on
 * first use and kept with the index (an index serves many searches; most
 * symbols are never looked at); the two per-symbol flags are computed up front.
 */
import type { SchemaSymbol } from '@discovery/schema-symbols';
import { localName, parentName } from './symbol-fields.js';
import { identifierTerms } from './tokenizer.js';

/** Name words that say little about what a member is (`isDraft`, `viewerCanEdit`). */
const FILLER = new Set(['is', 'has', 'can', 'viewer', 'did', 'should', 'get', 'by', 'of', 'for', 'the', 'a', 'an', 'to', 'in', 'on', 'at']);

/**
 * Member names that identify an entity in an answer (`Order.name`, `PullRequest.number`): when a
 * question is about an entity, these are what a listing shows.
 */
const LABELS = new Set(['name', 'title', 'number', 'login', 'displayName', 'handle', 'email']);

/** Member names through which a list of entities is read (a connection's `nodes`). */
const LIST_MEMBERS = new Set(['nodes']);

/** Stems of the words that wrap a list of entities in Relay-style schemas. */
const WRAPPERS = new Set(['connect', 'edg', 'edge', 'page', 'payload']);

const NONE = new Int32Array(0);

/** Per-symbol name words as term ids, computed on first use (an index serves many searches). */
export class NameTermCache {
  private readonly own: (Int32Array | undefined)[];
  private readonly owner: (Int32Array | undefined)[];
  private readonly returned: (Int32Array | undefined)[];
  /** 1 for an identifying member of its type (LABELS). */
  readonly label: Uint8Array;
  /** 1 for a member through which a list is read (LIST_MEMBERS). */
  readonly listMember: Uint8Array;

  constructor(
    private readonly symbols: readonly SchemaSymbol[],
    private readonly termIds: ReadonlyMap<string, number>,
    /** The two flags as stored with the index (the compact artifact), instead of computed from every symbol. */
    stored?: { label: Uint8Array; listMember: Uint8Array },
  ) {
    const n = symbols.length;
    this.own = new Array(n);
    this.owner = new Array(n);
    this.returned = new Array(n);
    if (stored !== undefined) {
      this.label = stored.label;
      this.listMember = stored.listMember;
      return;
    }
    this.label = new Uint8Array(n);
    this.listMember = new Uint8Array(n);
    symbols.forEach((symbol, i) => {
      const member = symbol.name.slice(symbol.name.lastIndexOf('.') + 1);
      if (LIST_MEMBERS.has(member)) this.listMember[i] = 1;
      if ((symbol.kind === 'field' || symbol.kind === 'input_field') && LABELS.has(localName(symbol))) this.label[i] = 1;
    });
  }

  /** Term ids of the query terms that occur in the vocabulary (others match no name). */
  queryTermIds(terms: readonly string[]): Int32Array {
    const ids: number[] = [];
    for (const t of terms) {
      const id = this.termIds.get(t);
      if (id !== undefined) ids.push(id);
    }
    return Int32Array.from(ids);
  }

  ownTerms(i: number): Int32Array {
    const cached = this.own[i] ?? this.meaningful(localName(this.symbols[i]!));
    this.own[i] = cached;
    return cached;
  }

  /** Words of the type a field returns, wrappers of lists (`Connection`, `Edge`) left out. */
  returnedTerms(i: number): Int32Array {
    const cached = this.returned[i] ?? this.wordsOf(this.symbols[i]!.typeName, WRAPPERS);
    this.returned[i] = cached;
    return cached;
  }

  ownerTerms(i: number): Int32Array {
    const cached = this.owner[i] ?? this.wordsOf(parentName(this.symbols[i]!));
    this.owner[i] = cached;
    return cached;
  }

  private wordsOf(name: string | undefined, drop?: ReadonlySet<string>): Int32Array {
    return name === undefined ? NONE : this.meaningful(name, drop);
  }

  private meaningful(identifier: string, drop?: ReadonlySet<string>): Int32Array {
    const words = identifierTerms(identifier);
    // The last entry is the compound of a multi-word name; coverage counts single words only.
    const singles = words.length > 1 ? words.slice(0, -1) : words;
    const kept = singles.filter((w) => !FILLER.has(w));
    const chosen = kept.length > 0 ? kept : singles;
    const filtered = drop === undefined ? chosen : chosen.filter((w) => !drop.has(w));
    return Int32Array.from(filtered, (w) => this.termIds.get(w) ?? -1);
  }
}

/** Share of `terms` (term ids) found in `query` (term ids; a handful, so a scan). */
export function coverage(terms: Int32Array, query: Int32Array): number {
  if (terms.length === 0) return 0;
  let hit = 0;
  for (let k = 0; k < terms.length; k++) {
    const t = terms[k]!;
    for (let q = 0; q < query.length; q++) {
      if (query[q] === t) {
        hit++;
        break;
      }
    }
  }
  return hit / terms.length;
}
