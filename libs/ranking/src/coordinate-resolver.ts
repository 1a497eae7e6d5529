/**
 * resolveCoordinate: the symbol a requested coordinate names. A coordinate
 * with its kind (`field:Order.email`) must match exactly. Without one, a
 * GraphQL schema coordinate is accepted when exactly one symbol fits it:
 * `Order` is the type (`object:Order`, `input:Order`, ...), `Order.email` the
 * field or input field, `Order.items(first:)` (an argument) its field.
 * Anything else, or a name that fits two symbols, resolves to nothing.
 */
import { TYPE_SYMBOL_KINDS } from '@discovery/schema-symbols';
import type { SearchIndex } from './search-index.js';

/** Kinds a bare `Type.member` may stand for. */
const MEMBER_KINDS = ['field', 'input_field'] as const;
/** `Type.field(arg:)`, an argument's schema coordinate: the part before the parenthesis. */
const ARGUMENT_SUFFIX = /^([^():]+)\([^():]+:\)$/;

/** Position of the symbol `coordinate` names in `index.symbols`, or undefined. */
export function resolveCoordinate(index: Pick<SearchIndex, 'byCoordinate'>, coordinate: string): number | undefined {
  const exact = index.byCoordinate.get(coordinate);
  if (exact !== undefined) return exact;
  const name = ARGUMENT_SUFFIX.exec(coordinate)?.[1] ?? coordinate;
  if (name === '' || name.includes(':')) return undefined;
  const dot = name.indexOf('.');
  if (dot === 0 || dot === name.length - 1 || name.indexOf('.', dot + 1) !== -1) return undefined;
  if (dot === -1 && name !== coordinate) return undefined;
  let found: number | undefined;
  for (const kind of dot === -1 ? TYPE_SYMBOL_KINDS : MEMBER_KINDS) {
    const at = index.byCoordinate.get(`${kind}:${name}`);
    if (at === undefined) continue;
    if (found !== undefined) return undefined;
    found = at;
  }
  return found;
}
