/**
 * Structural priors of each symbol: a multiplier on its word score from its
 * kind (types and paths against fields), deprecation, reachability and its
 * read/write side (mutation fields and write-only symbols are pushed down for
 * questions that only read). They depend only on the index, the options and
 * whether the query writes, so they are computed once per index and options
 * object and kept with the index (16 bytes per symbol).
 */
import { SYMBOL_KINDS } from '@discovery/schema-symbols';
import type { RankingOptions } from './ranking-options.js';
import { SymbolFlag, type SearchIndex } from './search-index.js';

const FIELD = SYMBOL_KINDS.indexOf('field');
const INPUT_FIELD = SYMBOL_KINDS.indexOf('input_field');
const PATH = SYMBOL_KINDS.indexOf('path');

interface Priors {
  read: Float64Array;
  write: Float64Array;
}

const computed = new WeakMap<SearchIndex, WeakMap<Readonly<RankingOptions>, Priors>>();

/** The prior of every symbol position, for a query that reads (`write` false) or writes. */
export function priorFactors(index: SearchIndex, o: Readonly<RankingOptions>, write: boolean): Float64Array {
  let byOptions = computed.get(index);
  if (byOptions === undefined) {
    byOptions = new WeakMap();
    computed.set(index, byOptions);
  }
  let priors = byOptions.get(o);
  if (priors === undefined) {
    priors = { read: compute(index, o, false), write: compute(index, o, true) };
    byOptions.set(o, priors);
  }
  return write ? priors.write : priors.read;
}

function compute(index: SearchIndex, o: Readonly<RankingOptions>, write: boolean): Float64Array {
  const { flags, kind } = index.structure;
  const factors = new Float64Array(kind.length);
  for (let i = 0; i < kind.length; i++) {
    const f = flags[i]!;
    const k = kind[i]!;
    let factor = k === FIELD ? 1 : k === PATH ? o.pathFactor : k === INPUT_FIELD ? 1 : o.typeFactor;
    if ((f & SymbolFlag.Deprecated) !== 0) factor *= o.deprecatedFactor;
    if ((f & SymbolFlag.Unreachable) !== 0) factor *= o.unreachableFactor;
    if (write) {
      if ((f & SymbolFlag.MutationField) !== 0) factor *= o.writeMutationFieldFactor;
    } else if ((f & SymbolFlag.MutationField) !== 0) {
      factor *= o.readMutationFieldFactor;
    } else if ((f & SymbolFlag.WriteOnly) !== 0) {
      factor *= o.readWriteOnlyFactor;
    }
    factors[i] = factor;
  }
  return factors;
}
