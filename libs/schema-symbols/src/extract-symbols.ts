/**
 * extractSymbols: one SchemaSymbol per schema element — named types (custom
 * scalars only; no built-in scalars, no introspection types), object and
 * interface fields, input fields, and one `path` symbol per output type that
 * can be reached from a root operation type. Linear in the size of the schema.
 */
import { withinStack } from './build-schema-from-sdl.js';
import {
  getNamedType,
  isEnumType,
  isInputObjectType,
  isInterfaceType,
  isObjectType,
  isScalarType,
  isSchema,
  isUnionType,
  type GraphQLInputObjectType,
  type GraphQLInterfaceType,
  type GraphQLNamedType,
  type GraphQLObjectType,
  type GraphQLSchema,
} from 'graphql';
import { pathEmbeddingText, memberEmbeddingText, typeEmbeddingText } from './embedding-text.js';
import { isPaginatedField } from './pagination.js';
import { findRootPaths, type RootPaths } from './root-paths.js';
import type { RootOperation, SchemaSymbol, SymbolKind } from './schema-symbol.js';
import { buildSchemaGraph } from './schema-graph.js';
import { computeReachability, type Reachability } from './schema-reachability.js';
import {
  compositeRecord,
  enumRecord,
  fieldRecord,
  inputFieldRecord,
  inputRecord,
  pathRecord,
  scalarRecord,
  toSymbolArgument,
  unionRecord,
} from './symbol-records.js';
import { SymbolExtractionError, SymbolExtractionErrorCode } from './symbol-extraction.errors.js';
import { MAX_NESTED_DESCRIPTION_CHARS, cleanDescription } from './symbol-text.js';

/** Symbol kind of a named type (`object`, `interface`, `union`, `enum`, `scalar`, `input`). */
export function kindOfType(type: GraphQLNamedType): SymbolKind {
  if (isObjectType(type)) return 'object';
  if (isInterfaceType(type)) return 'interface';
  if (isUnionType(type)) return 'union';
  if (isEnumType(type)) return 'enum';
  if (isInputObjectType(type)) return 'input';
  return 'scalar';
}

interface Place {
  depth?: number;
  roots: RootOperation[];
}

export function extractSymbols(schema: GraphQLSchema): SchemaSymbol[] {
  return withinStack(() => extractChecked(schema));
}

function extractChecked(schema: GraphQLSchema): SchemaSymbol[] {
  if (!isSchema(schema)) {
    throw new SymbolExtractionError(SymbolExtractionErrorCode.Invalid, 'extractSymbols expects a GraphQLSchema');
  }
  // The text memos (symbol-text.ts) stay: bounded, and warm for the next build.
  return extract(schema);
}

function extract(schema: GraphQLSchema): SchemaSymbol[] {
  const graph = buildSchemaGraph(schema);
  const reach = computeReachability(graph);
  const paths = findRootPaths(graph);
  const rootIndexes = new Set(graph.roots.map((root) => root.index));
  const symbols: SchemaSymbol[] = [];
  graph.types.forEach((type, index) => {
    const place = placeOf(reach, index);
    symbols.push(typeSymbol(schema, type, place));
    if (isObjectType(type) || isInterfaceType(type)) fieldSymbols(symbols, type, place);
    if (isInputObjectType(type)) inputFieldSymbols(symbols, type, place);
    if (!rootIndexes.has(index) && !isScalarType(type) && !isInputObjectType(type)) {
      const path = pathSymbol(type, paths, index, place);
      if (path !== undefined) symbols.push(path);
    }
  });
  return symbols;
}

function placeOf(reach: Reachability, index: number): Place {
  const depth = reach.depth[index] ?? -1;
  const roots = reach.roots[index] ?? [];
  return depth === -1 ? { roots } : { depth, roots };
}

function typeSymbol(schema: GraphQLSchema, type: GraphQLNamedType, place: Place): SchemaSymbol {
  const kind = kindOfType(type);
  const coordinate = `${kind}:${type.name}`;
  const description = cleanDescription(type.description);
  let record;
  let members: string[] = [];
  if (isObjectType(type) || isInterfaceType(type)) {
    record = compositeRecord(coordinate, type, schema, description);
    members = Object.keys(type.getFields());
  } else if (isUnionType(type)) {
    record = unionRecord(coordinate, type, description);
    members = type.getTypes().map((member) => member.name);
  } else if (isEnumType(type)) {
    record = enumRecord(coordinate, type, description);
    members = type.getValues().map((value) => value.name);
  } else if (isInputObjectType(type)) {
    record = inputRecord(coordinate, type, description);
    members = Object.keys(type.getFields());
  } else {
    record = scalarRecord(coordinate, type, description);
  }
  return withOptional(
    {
      coordinate,
      kind,
      name: type.name,
      paginated: false,
      roots: [...place.roots],
      embeddingText: typeEmbeddingText(type.name, kind, description, members),
      record,
    },
    { description, depth: place.depth },
  );
}

function fieldSymbols(out: SchemaSymbol[], type: GraphQLObjectType | GraphQLInterfaceType, place: Place): void {
  const parent = `${kindOfType(type)}:${type.name}`;
  for (const field of Object.values(type.getFields())) {
    const coordinate = `field:${type.name}.${field.name}`;
    const named = getNamedType(field.type);
    const description = cleanDescription(field.description);
    const deprecated = cleanDescription(field.deprecationReason, MAX_NESTED_DESCRIPTION_CHARS);
    const args = field.args.map(toSymbolArgument);
    const paginated = isPaginatedField(field);
    out.push(
      withOptional(
        {
          coordinate,
          kind: 'field',
          name: `${type.name}.${field.name}`,
          parent,
          typeName: named.name,
          typeKind: kindOfType(named),
          typeRef: String(field.type),
          args,
          paginated,
          roots: [...place.roots],
          embeddingText: memberEmbeddingText(type.name, field.name, named.name, description),
          record: fieldRecord({ coordinate, parent: type.name, field, args, description, deprecated, paginated }),
        },
        { description, deprecated, depth: place.depth },
      ),
    );
  }
}

function inputFieldSymbols(out: SchemaSymbol[], type: GraphQLInputObjectType, place: Place): void {
  const parent = `input:${type.name}`;
  for (const field of Object.values(type.getFields())) {
    const coordinate = `input_field:${type.name}.${field.name}`;
    const named = getNamedType(field.type);
    const description = cleanDescription(field.description);
    const deprecated = cleanDescription(field.deprecationReason, MAX_NESTED_DESCRIPTION_CHARS);
    out.push(
      withOptional(
        {
          coordinate,
          kind: 'input_field',
          name: `${type.name}.${field.name}`,
          parent,
          typeName: named.name,
          typeKind: kindOfType(named),
          typeRef: String(field.type),
          paginated: false,
          roots: [...place.roots],
          embeddingText: memberEmbeddingText(type.name, field.name, named.name, description),
          record: inputFieldRecord(coordinate, type, field, description, deprecated),
        },
        { description, deprecated, depth: place.depth },
      ),
    );
  }
}

function pathSymbol(type: GraphQLNamedType, paths: RootPaths, index: number, place: Place): SchemaSymbol | undefined {
  const found = paths.pathsTo(index);
  if (found.length === 0) return undefined;
  const coordinate = `path:${type.name}`;
  return withOptional(
    {
      coordinate,
      kind: 'path',
      name: type.name,
      typeName: type.name,
      typeKind: kindOfType(type),
      paginated: false,
      roots: [...place.roots],
      embeddingText: pathEmbeddingText(type.name, found),
      record: pathRecord(coordinate, type.name, found),
    },
    { depth: place.depth },
  );
}

/** Sets the optional keys that have a value (symbols carry no undefined-valued keys). */
function withOptional(
  symbol: SchemaSymbol,
  optional: { description?: string | undefined; deprecated?: string | undefined; depth?: number | undefined },
): SchemaSymbol {
  if (optional.description !== undefined) symbol.description = optional.description;
  if (optional.deprecated !== undefined) symbol.deprecated = optional.deprecated;
  if (optional.depth !== undefined) symbol.depth = optional.depth;
  return symbol;
}
