/**
 * SchemaGraph: the named types of a schema as an integer-indexed graph, for
 * linear-time reachability and root paths. Output edges go from an object or
 * interface to the type each field returns, and from an abstract type to its
 * possible object types (an inline fragment); input edges go from a type to
 * the input types its field arguments take and from an input object to the
 * types of its fields. Built-in scalars and introspection types are left out.
 */
import {
  getNamedType,
  isAbstractType,
  isInputObjectType,
  isInterfaceType,
  isIntrospectionType,
  isObjectType,
  isRequiredArgument,
  isSpecifiedScalarType,
  type GraphQLField,
  type GraphQLNamedType,
  type GraphQLSchema,
} from 'graphql';
import type { RootOperation } from './schema-symbol.js';

export interface OutputEdge {
  target: number;
  /** Path segment: `.employee(id:)` for a field, `{... on Issue}` for a fragment. */
  segment: string;
  fragment: boolean;
  /** A fragment out of a catch-all abstract type (Relay's `Node`): more than WIDE_ABSTRACT_TYPE possible types. */
  wide: boolean;
}

/** Possible types above which an abstract type counts as a catch-all (see OutputEdge.wide). */
export const WIDE_ABSTRACT_TYPE = 10;

export interface SchemaGraph {
  /** Named types that get symbols, in schema order; their position is their index. */
  types: GraphQLNamedType[];
  indexOf: Map<string, number>;
  outputs: OutputEdge[][];
  inputs: number[][];
  /** Root operation types present in the schema, query first. */
  roots: { operation: RootOperation; index: number }[];
}

/** True for the types that get symbols: not built-in scalars, not introspection types. */
export function isSymbolType(type: GraphQLNamedType): boolean {
  return !isIntrospectionType(type) && !isSpecifiedScalarType(type);
}

export function buildSchemaGraph(schema: GraphQLSchema): SchemaGraph {
  const types = Object.values(schema.getTypeMap()).filter(isSymbolType);
  const indexOf = new Map(types.map((type, index) => [type.name, index]));
  const outputs: OutputEdge[][] = types.map(() => []);
  const inputs: number[][] = types.map(() => []);
  const link = (list: number[], name: string) => {
    const target = indexOf.get(name);
    if (target !== undefined) list.push(target);
  };
  types.forEach((type, index) => {
    const out = outputs[index] as OutputEdge[];
    const inp = inputs[index] as number[];
    if (isObjectType(type) || isInterfaceType(type)) {
      for (const field of Object.values(type.getFields())) {
        const target = indexOf.get(getNamedType(field.type).name);
        if (target !== undefined) out.push({ target, segment: fieldSegment(field), fragment: false, wide: false });
        for (const arg of field.args) link(inp, getNamedType(arg.type).name);
      }
    }
    if (isAbstractType(type)) {
      const possibleTypes = schema.getPossibleTypes(type);
      const wide = possibleTypes.length > WIDE_ABSTRACT_TYPE;
      for (const possible of possibleTypes) {
        const target = indexOf.get(possible.name);
        if (target !== undefined) out.push({ target, segment: `{... on ${possible.name}}`, fragment: true, wide });
      }
    }
    if (isInputObjectType(type)) {
      for (const field of Object.values(type.getFields())) link(inp, getNamedType(field.type).name);
    }
  });
  const roots: SchemaGraph['roots'] = [];
  const candidates: [RootOperation, GraphQLNamedType | null | undefined][] = [
    ['query', schema.getQueryType()],
    ['mutation', schema.getMutationType()],
    ['subscription', schema.getSubscriptionType()],
  ];
  for (const [operation, type] of candidates) {
    const index = type ? indexOf.get(type.name) : undefined;
    if (index !== undefined) roots.push({ operation, index });
  }
  return { types, indexOf, outputs, inputs, roots };
}

/** `.employee(id:)`: the field name with its required arguments (non-null, no default). */
export function fieldSegment(field: GraphQLField<unknown, unknown>): string {
  const required = field.args.filter(isRequiredArgument).map((arg) => `${arg.name}:`);
  return required.length === 0 ? `.${field.name}` : `.${field.name}(${required.join(', ')})`;
}
