/**
 * Records (docs/wire.md §3): small JSON objects with PascalCase keys that hold what
 * an agent needs to use an element. Absent values are omitted (never null),
 * descriptions are cleaned and truncated, long member lists are capped with a
 * count of what was left out.
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
import { MAX_NESTED_DESCRIPTION_CHARS, cleanDescription, truncate } from './symbol-text.js';

/** Most fields listed on an object, interface or input record. */
export const MAX_RECORD_FIELDS = 100;
/** Most values listed on an enum record. */
export const MAX_RECORD_VALUES = 200;
/** Arguments listed in a field record (required ones first); the rest are counted in `MoreArguments`. */
export const MAX_RECORD_ARGUMENTS = 100;
/** Most members/implementations listed on a union or interface record. */
export const MAX_RECORD_MEMBERS = 100;
const MAX_DEFAULT_VALUE_CHARS = 300;
/** Total characters of value descriptions on one enum record; later values are listed by name only. */
export const MAX_ENUM_VALUE_DESCRIPTION_CHARS = 4000;

type Record = { [key: string]: unknown };

/** Printed GraphQL literal of an argument's or input field's default, e.g. `10`, `"en"`, `ASC`. */
export function printDefaultValue(value: GraphQLArgument | GraphQLInputField): string | undefined {
  const fallback = value.default;
  if (fallback === undefined) return undefined;
  const literal = fallback.literal ?? valueToLiteral(fallback.value, value.type);
  return literal === undefined ? undefined : truncate(print(literal), MAX_DEFAULT_VALUE_CHARS);
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

function argumentRecord(arg: SymbolArgument): Record {
  return compact({
    Name: arg.name,
    TypeRef: arg.type,
    DefaultValue: arg.defaultValue,
    Description: arg.description,
    Deprecated: arg.deprecated,
  });
}

export interface FieldRecordInput {
  coordinate: string;
  parent: string;
  field: GraphQLField<unknown, unknown>;
  args: readonly SymbolArgument[];
  description: string | undefined;
  deprecated: string | undefined;
  paginated: boolean;
}

/** Every argument when few; else the required ones first, then the rest, up to the cap. */
function listedArguments(args: readonly SymbolArgument[]): readonly SymbolArgument[] {
  if (args.length <= MAX_RECORD_ARGUMENTS) return args;
  const required = args.filter((arg) => arg.type.endsWith('!') && arg.defaultValue === undefined);
  const optional = args.filter((arg) => !(arg.type.endsWith('!') && arg.defaultValue === undefined));
  return [...required, ...optional].slice(0, MAX_RECORD_ARGUMENTS);
}

export function fieldRecord(input: FieldRecordInput): SymbolRecord {
  return compact({
    Coordinate: input.coordinate,
    Kind: 'field',
    Parent: input.parent,
    Name: input.field.name,
    TypeRef: String(input.field.type),
    Args: listedArguments(input.args).map(argumentRecord),
    MoreArguments: more(input.args.length, MAX_RECORD_ARGUMENTS),
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
    Fields: fields.slice(0, MAX_RECORD_FIELDS).map((field) => ({ Name: field.name, TypeRef: String(field.type) })),
    MoreFields: more(fields.length, MAX_RECORD_FIELDS),
    Interfaces: interfaces.length > 0 ? interfaces : undefined,
  };
  if (coordinate.startsWith('interface:')) {
    const { objects, interfaces: subInterfaces } = schema.getImplementations(type as GraphQLInterfaceType);
    const names = [...objects, ...subInterfaces].map((item) => item.name);
    record.Implementations = names.length > 0 ? names.slice(0, MAX_RECORD_MEMBERS) : undefined;
    record.MoreImplementations = more(names.length, MAX_RECORD_MEMBERS);
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
    Members: members.slice(0, MAX_RECORD_MEMBERS),
    MoreMembers: more(members.length, MAX_RECORD_MEMBERS),
  }) as SymbolRecord;
}

export function enumRecord(coordinate: string, type: GraphQLEnumType, description: string | undefined): SymbolRecord {
  const values = type.getValues();
  let budget = MAX_ENUM_VALUE_DESCRIPTION_CHARS;
  const describe = (text: string | null | undefined) => {
    const cleaned = cleanDescription(text, MAX_NESTED_DESCRIPTION_CHARS);
    if (cleaned === undefined || cleaned.length > budget) return undefined;
    budget -= cleaned.length;
    return cleaned;
  };
  return compact({
    Coordinate: coordinate,
    Kind: 'enum',
    Name: type.name,
    Description: description,
    Values: values.slice(0, MAX_RECORD_VALUES).map((value) =>
      compact({
        Name: value.name,
        Description: describe(value.description),
        Deprecated: cleanDescription(value.deprecationReason, MAX_NESTED_DESCRIPTION_CHARS),
      }),
    ),
    MoreValues: more(values.length, MAX_RECORD_VALUES),
  }) as SymbolRecord;
}

export function inputRecord(
  coordinate: string,
  type: GraphQLInputObjectType,
  description: string | undefined,
): SymbolRecord {
  const fields = Object.values(type.getFields());
  return compact({
    Coordinate: coordinate,
    Kind: 'input',
    Name: type.name,
    Description: description,
    OneOf: type.isOneOf ? true : undefined,
    Fields: fields.slice(0, MAX_RECORD_FIELDS).map((field) =>
      compact({ Name: field.name, TypeRef: String(field.type), DefaultValue: printDefaultValue(field) }),
    ),
    MoreFields: more(fields.length, MAX_RECORD_FIELDS),
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

export function scalarRecord(
  coordinate: string,
  type: GraphQLScalarType,
  description: string | undefined,
): SymbolRecord {
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

function more(total: number, cap: number): number | undefined {
  return total > cap ? total - cap : undefined;
}

/** Drops keys whose value is undefined (records carry no nulls or undefineds). */
function compact(record: Record): Record {
  const result: Record = {};
  for (const key in record) {
    if (record[key] !== undefined) result[key] = record[key];
  }
  return result;
}
