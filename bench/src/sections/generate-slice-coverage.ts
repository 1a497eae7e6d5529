/**
 * Coverage of a schema slice: the field coordinates a gold operation uses
 * (`Type.field`, with the type the field is selected on) and the evaluation's
 * `mustInclude` coordinates (`Type.field`, `Type.field(arg:)`, covered when the
 * field is in the slice, since a printed field carries all its arguments).
 */
import { TypeInfo, parse, visit, visitWithTypeInfo, type GraphQLSchema } from 'graphql';

/** Every `Type.field` the operation selects (`__typename` aside). */
export function operationCoordinates(schema: GraphQLSchema, operation: string): string[] {
  const typeInfo = new TypeInfo(schema);
  const found = new Set<string>();
  visit(
    parse(operation),
    visitWithTypeInfo(typeInfo, {
      Field(node) {
        const parent = typeInfo.getParentType();
        if (parent && node.name.value !== '__typename' && typeInfo.getFieldDef()) found.add(`${parent.name}.${node.name.value}`);
      },
    }),
  );
  return [...found];
}

/** The field part of a mustInclude coordinate: `Query.repository(owner:)` -> `Query.repository`. */
export function fieldOf(coordinate: string): string {
  const paren = coordinate.indexOf('(');
  return paren === -1 ? coordinate : coordinate.slice(0, paren);
}

export function covers(fields: ReadonlySet<string>, coordinates: readonly string[]): boolean {
  return coordinates.every((coordinate) => fields.has(fieldOf(coordinate)));
}

export function median(values: readonly number[]): number {
  if (values.length === 0) return 0;
  const sorted = [...values].sort((a, b) => a - b);
  const middle = Math.floor(sorted.length / 2);
  return sorted.length % 2 === 1 ? (sorted[middle] as number) : ((sorted[middle - 1] as number) + (sorted[middle] as number)) / 2;
}

export function percentile(values: readonly number[], p: number): number {
  if (values.length === 0) return 0;
  const sorted = [...values].sort((a, b) => a - b);
  const rank = Math.min(sorted.length - 1, Math.max(0, Math.ceil((p / 100) * sorted.length) - 1));
  return sorted[rank] as number;
}
