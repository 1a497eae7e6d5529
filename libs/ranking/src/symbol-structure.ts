/**
 * The structure of an index's symbols, as flat typed arrays: kind, parent,
 * returned type, depth, read/write side and deprecation of each symbol, and
 * the members of each type. Below SearchIndex, so the files that derive
 * structure (entry points, member expansion) need not import the index.
 */
/** Bit flags of SymbolStructure.flags. */
export const SymbolFlag = {
  Deprecated: 1,
  Paginated: 2,
  /** Not reachable from any root operation type. */
  Unreachable: 4,
  /** A field of the mutation root type. */
  MutationField: 8,
  /** Reachable from the mutation root only (payloads, mutation inputs). */
  WriteOnly: 16,
  /** A root operation type. */
  RootType: 32,
} as const;

export interface SymbolStructure {
  /** Index of the symbol's kind in SYMBOL_KINDS. */
  kind: Uint8Array;
  /** Index of the owning type's symbol, -1 when none. */
  parent: Int32Array;
  /** Index of the symbol of the named type a member returns or takes, -1 when none. */
  type: Int32Array;
  /** Depth from a root (255 when unreachable). */
  depth: Uint8Array;
  /** SymbolFlag bits. */
  flags: Uint8Array;
  /** Bit i set when reachable from ROOT_OPERATIONS[i]. */
  roots: Uint8Array;
}

/** Positions of the members of each type symbol (fields of objects/interfaces, input fields). */
export function membersByType(parent: Int32Array): Int32Array[] {
  const lists: number[][] = Array.from({ length: parent.length }, () => []);
  parent.forEach((p, i) => {
    if (p >= 0) lists[p]!.push(i);
  });
  return lists.map((l) => Int32Array.from(l));
}
