/**
 * What each query root field opens: the type it returns and the entity types
 * one field further (a connection's `nodes` unwrapped). The best hits of a
 * search vote for the root fields that open their owning type, so an answer
 * gets its entry point even when the question never names it ("commit
 * history" starts at `Query.repository`, which opens `Commit`... through
 * `Repository`'s fields).
 */
import { SYMBOL_KINDS } from '@discovery/schema-symbols';
import { SymbolFlag, type SymbolStructure } from './symbol-structure.js';

const FIELD = SYMBOL_KINDS.indexOf('field');

export interface RootReach {
  /** Positions of the query root fields (mutation fields excluded). */
  fields: Int32Array;
  /** For a type symbol, the entries of `fields` (ascending) that open it. */
  openedBy: Map<number, number[]>;
}

export function computeRootReach(structure: SymbolStructure, members: readonly Int32Array[], memberName: (i: number) => string): RootReach {
  const fields: number[] = [];
  const opens: Set<number>[] = [];
  const unwrap = (t: number): number => {
    for (const m of members[t]!) if (memberName(m) === 'nodes' && structure.type[m]! >= 0) return structure.type[m]!;
    return t;
  };
  for (let i = 0; i < structure.kind.length; i++) {
    if (structure.kind[i] !== FIELD || structure.depth[i] !== 0) continue;
    const p = structure.parent[i]!;
    if (p < 0 || (structure.flags[p]! & SymbolFlag.RootType) === 0) continue;
    if ((structure.flags[i]! & SymbolFlag.MutationField) !== 0) continue;
    const t = structure.type[i]!;
    const set = new Set<number>();
    if (t >= 0) {
      const entity = unwrap(t);
      set.add(entity);
      for (const m of members[entity]!) {
        const child = structure.type[m]!;
        if (child >= 0) set.add(unwrap(child));
      }
    }
    fields.push(i);
    opens.push(set);
  }
  const openedBy = new Map<number, number[]>();
  opens.forEach((types, k) => {
    for (const t of types) {
      const list = openedBy.get(t);
      if (list === undefined) openedBy.set(t, [k]);
      else list.push(k);
    }
  });
  return { fields: Int32Array.from(fields), openedBy };
}
