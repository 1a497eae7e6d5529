/**
 * Word lists of each symbol's own name and of its owning type's name, without
 * filler words (`is`, `viewer`, ...), computed on first use and kept with the
 * index (an index serves many searches; most symbols are never looked at).
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

/** Stems of the words that wrap a list of entities in Relay-style schemas. */
const WRAPPERS = new Set(['connect', 'edg', 'edge', 'page', 'payload']);

/** Per-symbol word lists, computed on first use (an index serves many searches). */
export class NameTermCache {
  private readonly own: (string[] | undefined)[];
  private readonly owner: (string[] | undefined)[];
  private readonly returned: (string[] | undefined)[];

  constructor(private readonly symbols: readonly SchemaSymbol[]) {
    this.own = new Array(symbols.length);
    this.owner = new Array(symbols.length);
    this.returned = new Array(symbols.length);
  }

  ownTerms(i: number): string[] {
    return (this.own[i] ??= meaningful(localName(this.symbols[i]!)));
  }

  /** The member is an identifying field of its type (LABELS). */
  isLabel(i: number): boolean {
    const symbol = this.symbols[i]!;
    return (symbol.kind === 'field' || symbol.kind === 'input_field') && LABELS.has(localName(symbol));
  }

  /** Words of the type a field returns, wrappers of lists (`Connection`, `Edge`) left out. */
  returnedTerms(i: number): string[] {
    const name = this.symbols[i]!.typeName;
    return (this.returned[i] ??= name === undefined ? [] : meaningful(name).filter((w) => !WRAPPERS.has(w)));
  }

  ownerTerms(i: number): string[] {
    const name = parentName(this.symbols[i]!);
    return (this.owner[i] ??= name === undefined ? [] : meaningful(name));
  }
}

function meaningful(identifier: string): string[] {
  const words = identifierTerms(identifier);
  // The last entry is the compound of a multi-word name; coverage counts single words only.
  const singles = words.length > 1 ? words.slice(0, -1) : words;
  const kept = singles.filter((w) => !FILLER.has(w));
  return kept.length > 0 ? kept : singles;
}

