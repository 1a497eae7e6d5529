/**
 * Derives the JSON Schema of an operation's variables by the rules Cosmo's MCP
 * server applies to operation tools (docs/architecture.md, "Variables schema"):
 * one property per variable, `required` for non-null variables without a
 * default, `["T","null"]` for nullable types, enums listing their values (plus
 * null when nullable), Int as integer, defaults, descriptions from the variable
 * then the schema, nested input objects, recursion cut through `$defs`, and
 * `additionalProperties: false` on every object.
 */
import {
  GraphQLError,
  type ConstValueNode,
  type GraphQLInputObjectType,
  type GraphQLInputType,
  type GraphQLNamedInputType,
  type GraphQLSchema,
  type OperationDefinitionNode,
  isEnumType,
  isInputObjectType,
  isInputType,
  isListType,
  isNonNullType,
  isScalarType,
  typeFromAST,
  valueFromASTUntyped,
} from 'graphql';
import { defaultLiteral, stripHidden } from '@discovery/schema-symbols';
import type { JsonSchema } from './contract/generate-job.js';

/** A description as the JSON Schema shows it: trimmed, without hidden characters (schema text is untrusted). */
function shown(text: string | null | undefined): string | undefined {
  const clean = text ? stripHidden(text).trim() : '';
  return clean === '' ? undefined : clean;
}

/** A default value as the JSON Schema shows it: its strings without hidden characters. */
function shownValue(value: unknown): unknown {
  if (typeof value === 'string') return stripHidden(value);
  if (Array.isArray(value)) return value.map(shownValue);
  if (value !== null && typeof value === 'object') return Object.fromEntries(Object.entries(value).map(([key, item]) => [key, shownValue(item)]));
  return value;
}

/** JSON Schema fragments for custom scalars, by scalar name (e.g. `{ DateTime: { type: 'string', format: 'date-time' } }`). */
export type ScalarJsonSchemas = Readonly<Record<string, JsonSchema>>;

const BUILT_IN_SCALARS: Readonly<Record<string, string>> = {
  Int: 'integer',
  Float: 'number',
  String: 'string',
  ID: 'string',
  Boolean: 'boolean',
};

/** Input objects nested deeper than this are referenced through `$defs` instead of inlined. */
const MAX_INLINE_DEPTH = 6;

/** The JSON value of a GraphQL constant literal (enum values as their names). */
export function literalToJson(node: ConstValueNode): unknown {
  return valueFromASTUntyped(node);
}

class Deriver {
  private readonly defs = new Map<string, JsonSchema>();
  private readonly pendingDefs = new Set<string>();

  constructor(
    private readonly schema: GraphQLSchema,
    private readonly scalars: ScalarJsonSchemas,
  ) {}

  derive(operation: OperationDefinitionNode): JsonSchema {
    const properties: Record<string, JsonSchema> = {};
    const required: string[] = [];
    for (const definition of operation.variableDefinitions ?? []) {
      const name = definition.variable.name.value;
      const type = typeFromAST(this.schema, definition.type);
      if (type === undefined || !isInputType(type)) {
        throw new GraphQLError(`Variable "$${name}" does not have an input type of the schema.`, { nodes: definition.type });
      }
      const property = this.typeSchema(type, [], 0);
      const description = shown(definition.description?.value);
      if (description) property['description'] = description;
      if (definition.defaultValue !== undefined) property['default'] = shownValue(literalToJson(definition.defaultValue));
      properties[name] = property;
      if (isNonNullType(type) && definition.defaultValue === undefined) required.push(name);
    }
    this.flushDefs();
    const result: JsonSchema = { type: 'object', properties };
    if (required.length > 0) result['required'] = required;
    result['additionalProperties'] = false;
    if (this.defs.size > 0) {
      result['$defs'] = Object.fromEntries([...this.defs.entries()].sort(([a], [b]) => a.localeCompare(b)));
    }
    return result;
  }

  private typeSchema(type: GraphQLInputType, stack: string[], depth: number): JsonSchema {
    if (isNonNullType(type)) return this.nonNullSchema(type.ofType, stack, depth);
    return nullable(this.nonNullSchema(type, stack, depth));
  }

  /** Schema of a value of `type` that is present (not null). */
  private nonNullSchema(type: GraphQLInputType, stack: string[], depth: number): JsonSchema {
    if (isNonNullType(type)) return this.nonNullSchema(type.ofType, stack, depth);
    if (isListType(type)) return { type: 'array', items: this.typeSchema(type.ofType, stack, depth) };
    return this.namedSchema(type, stack, depth);
  }

  private namedSchema(type: GraphQLNamedInputType, stack: string[], depth: number): JsonSchema {
    if (isEnumType(type)) {
      const result: JsonSchema = { type: 'string', enum: type.getValues().map((value) => value.name) };
      if (shown(type.description)) result['description'] = shown(type.description);
      return result;
    }
    if (isScalarType(type)) {
      const builtIn = BUILT_IN_SCALARS[type.name];
      if (builtIn !== undefined) return { type: builtIn };
      const mapped = this.scalars[type.name];
      const result: JsonSchema = mapped !== undefined ? structuredClone(mapped) : { type: 'string' };
      if (shown(type.description) && result['description'] === undefined) result['description'] = shown(type.description);
      return result;
    }
    if (stack.includes(type.name) || depth >= MAX_INLINE_DEPTH) {
      if (!this.defs.has(type.name)) this.pendingDefs.add(type.name);
      return { $ref: `#/$defs/${type.name}` };
    }
    return this.objectSchema(type, [...stack, type.name], depth + 1);
  }

  private objectSchema(type: GraphQLInputObjectType, stack: string[], depth: number): JsonSchema {
    const properties: Record<string, JsonSchema> = {};
    const required: string[] = [];
    for (const field of Object.values(type.getFields())) {
      const property = this.typeSchema(field.type, stack, depth);
      if (shown(field.description)) property['description'] = shown(field.description);
      const fallback = defaultLiteral(field);
      if (fallback !== undefined) property['default'] = shownValue(literalToJson(fallback));
      properties[field.name] = property;
      if (isNonNullType(field.type) && fallback === undefined) required.push(field.name);
    }
    const result: JsonSchema = { type: 'object', properties };
    if (required.length > 0) result['required'] = required;
    result['additionalProperties'] = false;
    if (shown(type.description)) result['description'] = shown(type.description);
    if (type.isOneOf) result['minProperties'] = 1;
    if (type.isOneOf) result['maxProperties'] = 1;
    return result;
  }

  /** Builds every definition referenced so far (definitions may reference more). */
  private flushDefs(): void {
    while (this.pendingDefs.size > 0) {
      const [name] = this.pendingDefs;
      if (name === undefined) break;
      this.pendingDefs.delete(name);
      if (this.defs.has(name)) continue;
      const type = this.schema.getType(name);
      if (!isInputObjectType(type)) throw new Error(`$defs target ${name} is not an input object type.`);
      this.defs.set(name, {});
      this.defs.set(name, this.objectSchema(type, [name], 1));
    }
  }
}

/** Makes a present-value schema accept null too. */
function nullable(schema: JsonSchema): JsonSchema {
  if (typeof schema['$ref'] === 'string') return { anyOf: [schema, { type: 'null' }] };
  const result: JsonSchema = { ...schema };
  const type = schema['type'];
  if (typeof type === 'string') result['type'] = [type, 'null'];
  else if (Array.isArray(type) && !type.includes('null')) result['type'] = [...(type as unknown[]), 'null'];
  else if (type === undefined) return { anyOf: [schema, { type: 'null' }] };
  if (Array.isArray(schema['enum'])) result['enum'] = [...(schema['enum'] as unknown[]), null];
  return result;
}

/**
 * The JSON Schema of `operation`'s variables against `schema`. Throws a
 * GraphQLError when a variable's type is not an input type of the schema.
 */
export function deriveVariablesSchema(schema: GraphQLSchema, operation: OperationDefinitionNode, options: { scalars?: ScalarJsonSchemas } = {}): JsonSchema {
  return new Deriver(schema, options.scalars ?? {}).derive(operation);
}
