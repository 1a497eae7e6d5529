/**
 * Relay-style pagination detection. A field is paginated when it returns a
 * connection (a type named `...Connection` with `pageInfo` and `edges` or
 * `nodes`), or when it takes `first`/`after`/`last`/`before` and returns a
 * list or a page-like object (one with a list field `edges`, `nodes` or `items`).
 */
import { getNamedType, getNullableType, isInterfaceType, isListType, isObjectType, type GraphQLField, type GraphQLNamedType } from 'graphql';

const PAGING_ARGUMENTS = new Set(['first', 'after', 'last', 'before']);
const PAGE_ITEM_FIELDS = ['edges', 'nodes', 'items'];

/** True for a Relay connection type (see file comment). */
export function isConnectionType(type: GraphQLNamedType): boolean {
  if (!(isObjectType(type) || isInterfaceType(type)) || !type.name.endsWith('Connection')) return false;
  const fields = type.getFields();
  return fields.pageInfo !== undefined && (fields.edges !== undefined || fields.nodes !== undefined);
}

export function isPaginatedField(field: GraphQLField<unknown, unknown>): boolean {
  const named = getNamedType(field.type);
  if (isConnectionType(named)) return true;
  if (!field.args.some((arg) => PAGING_ARGUMENTS.has(arg.name))) return false;
  if (isListType(getNullableType(field.type))) return true;
  if (!(isObjectType(named) || isInterfaceType(named))) return false;
  const fields = named.getFields();
  return PAGE_ITEM_FIELDS.some((name) => {
    const item = fields[name];
    return item !== undefined && isListType(getNullableType(item.type));
  });
}
