/**
 * Compiles the filters of a request (kinds, parent, paginated, roots) into one
 * predicate over symbol positions. Unknown kinds and unknown roots match nothing. Roots and a
 * parent follow the one spelling rule of root names (@discovery/schema-symbols root-names.ts).
 */
import { ROOT_OPERATIONS, rootOperationOf, SYMBOL_KINDS, TYPE_SYMBOL_KINDS, type SymbolKind } from '@discovery/schema-symbols';
import type { SearchIndex } from './search-index.js';
import { SymbolFlag } from './search-index.js';
import type { SearchRequest } from './search-request.js';

export type SymbolFilter = (position: number) => boolean;

/** Returns undefined when the request has no filter. */
export function compileFilter(index: SearchIndex, request: SearchRequest): SymbolFilter | undefined {
  const tests: SymbolFilter[] = [];
  const { structure, symbols } = index;
  if (request.kinds !== undefined && request.kinds.length > 0) {
    const allowed = new Set(request.kinds.filter((k): k is SymbolKind => (SYMBOL_KINDS as readonly string[]).includes(k)).map((k) => SYMBOL_KINDS.indexOf(k)));
    tests.push((i) => allowed.has(structure.kind[i]!));
  }
  if (request.parent !== undefined && request.parent.trim().length > 0) {
    const parent = parentOf(index, request.parent.trim());
    if (parent.includes(':')) {
      tests.push((i) => symbols[i]!.parent === parent);
    } else {
      tests.push((i) => {
        const p = symbols[i]!.parent;
        return p !== undefined && p.slice(p.indexOf(':') + 1) === parent;
      });
    }
  }
  if (request.paginated !== undefined) {
    const want = request.paginated;
    tests.push((i) => ((structure.flags[i]! & SymbolFlag.Paginated) !== 0) === want);
  }
  if (request.roots !== undefined && request.roots.length > 0) {
    const mask = rootMask(index, request.roots);
    tests.push((i) => (structure.roots[i]! & mask) !== 0);
  }
  if (tests.length === 0) return undefined;
  if (tests.length === 1) return tests[0];
  return (i) => tests.every((t) => t(i));
}

/** Bit mask of the requested roots; operation names are case-insensitive, type names exact. */
export function rootMask(index: SearchIndex, roots: readonly string[]): number {
  let mask = 0;
  for (const raw of roots) {
    const name = raw.trim();
    const op = ROOT_OPERATIONS.indexOf(name.toLowerCase() as (typeof ROOT_OPERATIONS)[number]);
    const byType = index.rootTypes.get(name);
    if (op >= 0) mask |= 1 << op;
    else if (byType !== undefined) mask |= 1 << ROOT_OPERATIONS.indexOf(byType);
  }
  return mask;
}

/**
 * The parent a request means: a root word (`query`, `Mutation`, `object:mutation`) names the
 * schema's root type of that operation, whatever it is called, unless a type has that very name.
 */
export function parentOf(index: SearchIndex, parent: string): string {
  const colon = parent.indexOf(':');
  const name = parent.slice(colon + 1);
  const operation = rootOperationOf(name);
  if (operation === undefined || TYPE_SYMBOL_KINDS.some((kind) => index.byCoordinate.has(`${kind}:${name}`))) return parent;
  const root = [...index.rootTypes].find(([, op]) => op === operation)?.[0];
  if (root === undefined) return parent;
  return colon < 0 ? root : `${parent.slice(0, colon)}:${root}`;
}
