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
  type GraphQLField,
  type GraphQLInputField,
  type GraphQLInputObjectType,
  type GraphQLInterfaceType,
  type GraphQLNamedType,
  type GraphQLObjectType,
  type GraphQLSchema,
} from 'graphql';
import { pathEmbeddingText, memberEmbeddingText, typeEmbeddingText } from './embedding-text.js';
import { isPaginatedField } from './pagination.js';
import { findRootPaths, type RootPaths } from './root-paths.js';
import type { RootOperation, SchemaSymbol, SymbolKind, SymbolRecord } from './schema-symbol.js';
import { buildSchemaGraph } from './schema-graph.js';
import { computeReachability, type Reachability } from './schema-reachability.js';
import {
  compositeRecord,
  enumRecord,
  fieldRecord,
  fullText,
  inputFieldRecord,
  inputRecord,
  pathRecord,
  scalarRecord,
  toSymbolArgument,
  unionRecord,
} from './symbol-records.js';
import { SymbolExtractionError, SymbolExtractionErrorCode } from './symbol-extraction.errors.js';
import { definitionText } from './definition-text.parser.js';
import type { SymbolMemo } from './symbol-memo.js';
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

export interface ExtractSymbolsOptions {
  /**
   * Reuse member and path symbols made before (symbol-memo.ts): only for a schema built with
   * `definitionTexts` from an AST that was not repaired. Memoized symbols are frozen.
   */
  memo?: SymbolMemo;
}

export function extractSymbols(schema: GraphQLSchema, options: ExtractSymbolsOptions = {}): SchemaSymbol[] {
  return withinStack(() => extractChecked(schema, options.memo));
}

function extractChecked(schema: GraphQLSchema, memo: SymbolMemo | undefined): SchemaSymbol[] {
  if (!isSchema(schema)) {
    throw new SymbolExtractionError(SymbolExtractionErrorCode.Invalid, 'extractSymbols expects a GraphQLSchema');
  }
  // The text memos (symbol-text.ts) stay: bounded, and warm for the next build.
  return extract(schema, memo);
}

function extract(schema: GraphQLSchema, memo: SymbolMemo | undefined): SchemaSymbol[] {
  const graph = buildSchemaGraph(schema);
  const reach = computeReachability(graph);
  const paths = findRootPaths(graph);
  const rootIndexes = new Set(graph.roots.map((root) => root.index));
  const symbols: SchemaSymbol[] = [];
  graph.types.forEach((type, index) => {
    const place = placeOf(reach, index);
    symbols.push(typeSymbol(schema, type, place));
    if (isObjectType(type) || isInterfaceType(type)) fieldSymbols(symbols, type, place, memo);
    if (isInputObjectType(type)) inputFieldSymbols(symbols, type, place, memo);
    if (!rootIndexes.has(index) && !isScalarType(type) && !isInputObjectType(type)) {
      const path = pathSymbol(type, paths, index, place, memo);
      if (path !== undefined) symbols.push(path);
    }
  });
  return symbols;
}

/** What a member symbol takes from its owner besides its own text: owner, depth, roots. */
function ownerKey(parent: string, place: Place): string {
  return `${parent}\u0000${place.depth ?? ''}\u0000${place.roots.join(',')}`;
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
  const whole = fullText(type.description);
  let record: SymbolRecord;
  let members: string[] = [];
  if (isObjectType(type) || isInterfaceType(type)) {
    record = compositeRecord(coordinate, type, schema, whole);
    members = Object.keys(type.getFields());
  } else if (isUnionType(type)) {
    record = unionRecord(coordinate, type, whole);
    members = type.getTypes().map((member) => member.name);
  } else if (isEnumType(type)) {
    record = enumRecord(coordinate, type, whole);
    members = type.getValues().map((value) => value.name);
  } else if (isInputObjectType(type)) {
    record = inputRecord(coordinate, type, whole);
    members = Object.keys(type.getFields());
  } else {
    record = scalarRecord(coordinate, type, whole);
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

function fieldSymbols(out: SchemaSymbol[], type: GraphQLObjectType | GraphQLInterfaceType, place: Place, memo: SymbolMemo | undefined): void {
  const parent = `${kindOfType(type)}:${type.name}`;
  const owner = memo === undefined ? '' : ownerKey(parent, place);
  for (const field of Object.values(type.getFields())) {
    const named = getNamedType(field.type);
    const paginated = isPaginatedField(field);
    const text = memo && definitionText(field.astNode);
    const make = () => fieldSymbol(type, field, named, parent, paginated, place);
    out.push(memo && text !== undefined ? memo.get(`field\u0000${owner}\u0000${kindOfType(named)}\u0000${paginated ? 1 : 0}\u0000${text}`, make) : make());
  }
}

function fieldSymbol(
  type: GraphQLObjectType | GraphQLInterfaceType,
  field: GraphQLField<unknown, unknown>,
  named: GraphQLNamedType,
  parent: string,
  paginated: boolean,
  place: Place,
): SchemaSymbol {
  const coordinate = `field:${type.name}.${field.name}`;
  const description = cleanDescription(field.description);
  const deprecated = cleanDescription(field.deprecationReason, MAX_NESTED_DESCRIPTION_CHARS);
  const args = field.args.map(toSymbolArgument);
  return withOptional(
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
      record: fieldRecord({
        coordinate,
        parent: type.name,
        field,
        args,
        description: fullText(field.description),
        deprecated: fullText(field.deprecationReason),
        paginated,
      }),
    },
    { description, deprecated, depth: place.depth },
  );
}

function inputFieldSymbols(out: SchemaSymbol[], type: GraphQLInputObjectType, place: Place, memo: SymbolMemo | undefined): void {
  const parent = `input:${type.name}`;
  const owner = memo === undefined ? '' : ownerKey(parent, place);
  for (const field of Object.values(type.getFields())) {
    const named = getNamedType(field.type);
    const text = memo && definitionText(field.astNode);
    const make = () => inputFieldSymbol(type, field, named, parent, place);
    out.push(memo && text !== undefined ? memo.get(`input_field\u0000${owner}\u0000${kindOfType(named)}\u0000${text}`, make) : make());
  }
}

function inputFieldSymbol(type: GraphQLInputObjectType, field: GraphQLInputField, named: GraphQLNamedType, parent: string, place: Place): SchemaSymbol {
  const coordinate = `input_field:${type.name}.${field.name}`;
  const description = cleanDescription(field.description);
  const deprecated = cleanDescription(field.deprecationReason, MAX_NESTED_DESCRIPTION_CHARS);
  return withOptional(
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
      record: inputFieldRecord(coordinate, type, field, fullText(field.description), fullText(field.deprecationReason)),
    },
    { description, deprecated, depth: place.depth },
  );
}

function pathSymbol(type: GraphQLNamedType, paths: RootPaths, index: number, place: Place, memo: SymbolMemo | undefined): SchemaSymbol | undefined {
  const found = paths.pathsTo(index);
  if (found.length === 0) return undefined;
  if (memo === undefined) return makePathSymbol(type, found, place);
  const key = `path\u0000${ownerKey(`${kindOfType(type)}:${type.name}`, place)}\u0000${found.join('\n')}`;
  return memo.get(key, () => makePathSymbol(type, found, place));
}

function makePathSymbol(type: GraphQLNamedType, found: readonly string[], place: Place): SchemaSymbol {
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
