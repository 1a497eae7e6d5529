/**
 * Strict grading of a schema slice, as the published slicing benchmark does:
 * the slice's SDL is parsed with graphql-js, and a `mustInclude` entry counts
 * only when it is printed: a bare type name as a type definition, `Type.field`
 * as a field of that type's definition, `Type.field(arg:)` as that argument
 * printed on that field. SDL that does not parse covers nothing. Also the
 * median and percentiles used by the generate sections.
 */
import { Kind, parse, TypeInfo, visit, visitWithTypeInfo, type DocumentNode, type GraphQLSchema } from 'graphql';

/**
 * Every `Type.field` a gold operation selects (`__typename` aside), for the composer's coverage;
 * with `withArguments`, also every `Type.field(arg:)` it passes, for grading a slice.
 */
export function operationCoordinates(schema: GraphQLSchema, operation: string, options: { withArguments?: boolean } = {}): string[] {
  const typeInfo = new TypeInfo(schema);
  const found = new Set<string>();
  visit(
    parse(operation),
    visitWithTypeInfo(typeInfo, {
      Field(node) {
        const parent = typeInfo.getParentType();
        if (!parent || node.name.value === '__typename' || !typeInfo.getFieldDef()) return;
        const coordinate = `${parent.name}.${node.name.value}`;
        found.add(coordinate);
        if (options.withArguments) for (const arg of node.arguments ?? []) found.add(`${coordinate}(${arg.name.value}:)`);
      },
    }),
  );
  return [...found];
}

/** What a slice prints: type names, `Type.field`, `Type.field(arg:)`. */
export function printedElements(sdl: string): Set<string> {
  const found = new Set<string>();
  let document: DocumentNode;
  try {
    document = parse(sdl, { noLocation: true });
  } catch {
    return found;
  }
  for (const definition of document.definitions) {
    if (!('name' in definition) || definition.name === undefined || !('kind' in definition)) continue;
    const typeName = definition.name.value;
    found.add(typeName);
    if (
      definition.kind !== Kind.OBJECT_TYPE_DEFINITION &&
      definition.kind !== Kind.INTERFACE_TYPE_DEFINITION &&
      definition.kind !== Kind.INPUT_OBJECT_TYPE_DEFINITION
    )
      continue;
    for (const field of definition.fields ?? []) {
      found.add(`${typeName}.${field.name.value}`);
      if (!('arguments' in field)) continue;
      for (const arg of field.arguments ?? []) found.add(`${typeName}.${field.name.value}(${arg.name.value}:)`);
    }
  }
  return found;
}

/** Share (0-1) of `mustInclude` entries printed. */
export function presentShare(printed: ReadonlySet<string>, mustInclude: readonly string[]): number {
  if (mustInclude.length === 0) return 1;
  return mustInclude.filter((entry) => printed.has(entry)).length / mustInclude.length;
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
