/**
 * NameLookup: the schema's names, for queries that name an element. Member
 * names (`closeIssue`), type names, argument names (to the fields that take
 * them) and enum values (to their enum), exact and case-folded, plus the
 * folded names in sorted order for prefix matches. Built on first use and kept
 * with the index (most searches are questions and never need it); an index served from the
 * compact artifact carries it ready-made (`precomputed`), read by binary search where it lies.
 */
import type { SearchIndex } from './search-index.js';
import { lowerBound } from './sorted-strings.js';
import type { NameLookup } from './index-lookups.js';

type Positions = number[];

function add(map: Map<string, Positions>, key: string, i: number): void {
  const list = map.get(key);
  if (list === undefined) map.set(key, [i]);
  else if (list[list.length - 1] !== i) list.push(i);
}

/** The lookup derived from an index's symbols (the previous format; and what the artifact writer stores). */
export class SchemaNameLookup implements NameLookup {
  /** Member or type name, exact case -> symbol positions. */
  readonly exact = new Map<string, Positions>();
  /** The same, lower-cased. */
  readonly folded = new Map<string, Positions>();
  /** Argument name or enum value, exact case -> the fields taking it / the enums holding it. */
  readonly inner = new Map<string, Positions>();
  readonly innerFolded = new Map<string, Positions>();
  /** Folded names, sorted, with their positions (prefix ranges by binary search). */
  readonly sortedNames: string[];
  private readonly sortedPositions: Positions[];

  constructor(index: SearchIndex) {
    index.symbols.forEach((symbol, i) => {
      if (symbol.kind === 'path') return;
      const name = symbol.kind === 'field' || symbol.kind === 'input_field' ? symbol.name.slice(symbol.name.lastIndexOf('.') + 1) : symbol.name;
      add(this.exact, name, i);
      add(this.folded, name.toLowerCase(), i);
      for (const arg of symbol.args ?? []) {
        add(this.inner, arg.name, i);
        add(this.innerFolded, arg.name.toLowerCase(), i);
      }
      if (symbol.kind === 'enum') {
        const values = symbol.record['Values'];
        if (Array.isArray(values)) {
          for (const v of values as { Name?: unknown }[]) {
            if (typeof v?.Name !== 'string') continue;
            add(this.inner, v.Name, i);
            add(this.innerFolded, v.Name.toLowerCase(), i);
          }
        }
      }
    });
    this.sortedNames = [...this.folded.keys()].sort();
    this.sortedPositions = this.sortedNames.map((n) => this.folded.get(n)!);
  }

  /** Positions of the symbols whose folded name starts with `prefix` (folded), at most `max` names. */
  withPrefix(prefix: string, max: number): number[] {
    const lo = lowerBound(this.sortedNames, prefix);
    const out: number[] = [];
    for (let k = lo; k < this.sortedNames.length && k - lo < max && this.sortedNames[k]!.startsWith(prefix); k++) {
      out.push(...this.sortedPositions[k]!);
    }
    return out;
  }
}

const lookups = new WeakMap<SearchIndex, NameLookup>();

/** The index's name lookup, built on first use. */
export function nameLookup(index: SearchIndex): NameLookup {
  let lookup = lookups.get(index);
  if (lookup === undefined) {
    lookup = index.precomputed?.names() ?? new SchemaNameLookup(index);
    lookups.set(index, lookup);
  }
  return lookup;
}
