/**
 * Records (docs/wire.md §3): JSON objects with PascalCase keys that hold what an
 * agent needs to use an element. Absent values are omitted (never null).
 * A record is complete: every field, argument, enum value and member is
 * listed, and descriptions are cleaned but never cut (GetSymbols returns the
 * record as it is; search hits show a shortened view, search-hit-record.ts).
 */
import {
  print,
  valueToLiteral,
  type GraphQLArgument,
  type GraphQLEnumType,
  type GraphQLField,
  type GraphQLInputField,
  type GraphQLInputObjectType,
  type GraphQLInterfaceType,
  type GraphQLObjectType,
  type GraphQLScalarType,
  type GraphQLSchema,
  type GraphQLUnionType,
} from 'graphql';
import type { SymbolArgument, SymbolRecord } from './schema-symbol.js';
import { MAX_NESTED_DESCRIPTION_CHARS, cleanDescription, stripHidden, truncate } from './symbol-text.js';

const MAX_DEFAULT_VALUE_CHARS = 300;

/** A description or deprecation reason as records hold it: cleaned, whole. */
export function fullText(text: string | null | undefined): string | undefined {
  return cleanDescription(text, Number.POSITIVE_INFINITY);
}

type Record = { [key: string]: unknown };

/** Printed GraphQL literal of an argument's or input field's default, e.g. `10`, `"en"`, `ASC`. */
export function printDefaultValue(value: GraphQLArgument | GraphQLInputField): string | undefined {
  const fallback = value.default;
  if (fallback === undefined) return undefined;
  const literal = fallback.literal ?? valueToLiteral(fallback.value, value.type);
  // A string default is schema text too: hidden characters go as from descriptions.
  return literal === undefined ? undefined : truncate(stripHidden(print(literal)), MAX_DEFAULT_VALUE_CHARS);
}

/** An argument as the symbol carries it (descriptions cleaned and shortened). */
export function toSymbolArgument(arg: GraphQLArgument): SymbolArgument {
  const result: SymbolArgument = { name: arg.name, type: String(arg.type) };
  const description = cleanDescription(arg.description, MAX_NESTED_DESCRIPTION_CHARS);
  if (description !== undefined) result.description = description;
  const defaultValue = printDefaultValue(arg);
  if (defaultValue !== undefined) result.defaultValue = defaultValue;
  const deprecated = cleanDescription(arg.deprecationReason, MAX_NESTED_DESCRIPTION_CHARS);
  if (deprecated !== undefined) result.deprecated = deprecated;
  return result;
}

/** An argument's record entry: the symbol's argument with its whole description and deprecation reason. */
function argumentRecord(arg: SymbolArgument, source: GraphQLArgument | undefined): Record {
  return compact({
    Name: arg.name,
    TypeRef: arg.type,
    DefaultValue: arg.defaultValue,
    Description: source === undefined ? arg.description : fullText(source.description),
    Deprecated: source === undefined ? arg.deprecated : fullText(source.deprecationReason),
  });
}

export interface FieldRecordInput {
  coordinate: string;
  parent: string;
  field: GraphQLField<unknown, unknown>;
  /** The field's arguments as its symbol carries them, in `field.args` order. */
  args: readonly SymbolArgument[];
  /** Whole (cleaned, never cut) description and deprecation reason of the field. */
  description: string | undefined;
  deprecated: string | undefined;
  paginated: boolean;
}

export function fieldRecord(input: FieldRecordInput): SymbolRecord {
  return compact({
    Coordinate: input.coordinate,
    Kind: 'field',
    Parent: input.parent,
    Name: input.field.name,
    TypeRef: String(input.field.type),
    Args: input.args.map((arg, i) => argumentRecord(arg, input.field.args[i])),
    Description: input.description,
    Deprecated: input.deprecated,
    Paginated: input.paginated ? true : undefined,
  }) as SymbolRecord;
}

export function compositeRecord(
  coordinate: string,
  type: GraphQLObjectType | GraphQLInterfaceType,
  schema: GraphQLSchema,
  description: string | undefined,
): SymbolRecord {
  const fields = Object.values(type.getFields());
  const interfaces = type.getInterfaces().map((item) => item.name);
  const record: Record = {
    Coordinate: coordinate,
    Kind: coordinate.slice(0, coordinate.indexOf(':')),
    Name: type.name,
    Description: description,
    Fields: fields.map((field) => ({ Name: field.name, TypeRef: String(field.type) })),
    Interfaces: interfaces.length > 0 ? interfaces : undefined,
  };
  if (coordinate.startsWith('interface:')) {
    const { objects, interfaces: subInterfaces } = schema.getImplementations(type as GraphQLInterfaceType);
    const names = [...objects, ...subInterfaces].map((item) => item.name);
    record.Implementations = names.length > 0 ? names : undefined;
  }
  return compact(record) as SymbolRecord;
}

export function unionRecord(coordinate: string, type: GraphQLUnionType, description: string | undefined): SymbolRecord {
  const members = type.getTypes().map((member) => member.name);
  return compact({
    Coordinate: coordinate,
    Kind: 'union',
    Name: type.name,
    Description: description,
    Members: members,
  }) as SymbolRecord;
}

export function enumRecord(coordinate: string, type: GraphQLEnumType, description: string | undefined): SymbolRecord {
  return compact({
    Coordinate: coordinate,
    Kind: 'enum',
    Name: type.name,
    Description: description,
    Values: type
      .getValues()
      .map((value) => compact({ Name: value.name, Description: fullText(value.description), Deprecated: fullText(value.deprecationReason) })),
  }) as SymbolRecord;
}

export function inputRecord(coordinate: string, type: GraphQLInputObjectType, description: string | undefined): SymbolRecord {
  const fields = Object.values(type.getFields());
  return compact({
    Coordinate: coordinate,
    Kind: 'input',
    Name: type.name,
    Description: description,
    OneOf: type.isOneOf ? true : undefined,
    Fields: fields.map((field) => compact({ Name: field.name, TypeRef: String(field.type), DefaultValue: printDefaultValue(field) })),
  }) as SymbolRecord;
}

export function inputFieldRecord(
  coordinate: string,
  parent: GraphQLInputObjectType,
  field: GraphQLInputField,
  description: string | undefined,
  deprecated: string | undefined,
): SymbolRecord {
  return compact({
    Coordinate: coordinate,
    Kind: 'input_field',
    Parent: parent.name,
    Name: field.name,
    TypeRef: String(field.type),
    DefaultValue: printDefaultValue(field),
    Description: description,
    Deprecated: deprecated,
  }) as SymbolRecord;
}

export function scalarRecord(coordinate: string, type: GraphQLScalarType, description: string | undefined): SymbolRecord {
  return compact({
    Coordinate: coordinate,
    Kind: 'scalar',
    Name: type.name,
    Description: description,
    SpecifiedBy: cleanDescription(type.specifiedByURL, MAX_NESTED_DESCRIPTION_CHARS),
  }) as SymbolRecord;
}

export function pathRecord(coordinate: string, typeName: string, paths: readonly string[]): SymbolRecord {
  return { Coordinate: coordinate, Kind: 'path', Type: typeName, Paths: [...paths] };
}

/** Drops keys whose value is undefined (records carry no nulls or undefineds). */
function compact(record: Record): Record {
  const result: Record = {};
  for (const key in record) {
    if (record[key] !== undefined) result[key] = record[key];
  }
  return result;
}
