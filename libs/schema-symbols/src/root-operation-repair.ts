/**
 * Finds the root operation types of a repaired SDL document when it declares
 * no usable query root: a schema without `Query` (e.g. Shopify's `QueryRoot`)
 * gets a schema definition pointing at a conventionally named type.
 */
import {
  Kind,
  OperationTypeNode,
  type DefinitionNode,
  type OperationTypeDefinitionNode,
  type SchemaDefinitionNode,
  type SchemaExtensionNode,
  type TypeDefinitionNode,
} from 'graphql';

const CANDIDATES: Record<OperationTypeNode, readonly string[]> = {
  [OperationTypeNode.QUERY]: ['Query', 'QueryRoot', 'RootQuery', 'QueryType', 'RootQueryType', 'Root'],
  [OperationTypeNode.MUTATION]: ['Mutation', 'MutationRoot', 'RootMutation', 'MutationType', 'RootMutationType'],
  [OperationTypeNode.SUBSCRIPTION]: ['Subscription', 'SubscriptionRoot', 'RootSubscription', 'SubscriptionType', 'RootSubscriptionType'],
};

export const NO_QUERY_ROOT = 'The schema has no query root type: only mutations and subscriptions are reachable';

export interface RootOperationRepair {
  /** A schema definition or extension to append, when the document needs one. */
  node?: SchemaDefinitionNode | SchemaExtensionNode;
  /** What was done or found, when anything. */
  warning?: string;
}

/** First conventional name for `operation` that `isObject` accepts. */
export function conventionalRoot(operation: OperationTypeNode, isObject: (name: string) => boolean): string | undefined {
  return CANDIDATES[operation].find(isObject);
}

/** Decides whether `definitions` need a schema definition/extension to get a query root (see file comment). */
export function chooseRootOperations(definitions: readonly DefinitionNode[], typeKinds: ReadonlyMap<string, TypeDefinitionNode['kind']>): RootOperationRepair {
  const declared = new Set<OperationTypeNode>();
  let hasDefinition = false;
  for (const node of definitions) {
    if (node.kind !== Kind.SCHEMA_DEFINITION && node.kind !== Kind.SCHEMA_EXTENSION) continue;
    if (node.kind === Kind.SCHEMA_DEFINITION) hasDefinition = true;
    for (const operation of node.operationTypes ?? []) declared.add(operation.operation);
  }
  const isObject = (name: string) => typeKinds.get(name) === Kind.OBJECT_TYPE_DEFINITION;
  if (declared.has(OperationTypeNode.QUERY)) return {};
  if (!hasDefinition && isObject('Query')) return {};
  const query = conventionalRoot(OperationTypeNode.QUERY, isObject);
  if (query === undefined) return { warning: NO_QUERY_ROOT };
  const operationTypes: OperationTypeDefinitionNode[] = [operationType(OperationTypeNode.QUERY, query)];
  if (hasDefinition) {
    return {
      node: { kind: Kind.SCHEMA_EXTENSION, directives: [], operationTypes },
      warning: `The schema definition declares no query root: used ${query}`,
    };
  }
  for (const operation of [OperationTypeNode.MUTATION, OperationTypeNode.SUBSCRIPTION]) {
    const name = declared.has(operation) ? undefined : conventionalRoot(operation, isObject);
    if (name !== undefined) operationTypes.push(operationType(operation, name));
  }
  return {
    node: { kind: Kind.SCHEMA_DEFINITION, directives: [], operationTypes },
    warning: `No type named Query: used ${query} as the query root`,
  };
}

function operationType(operation: OperationTypeNode, name: string): OperationTypeDefinitionNode {
  return {
    kind: Kind.OPERATION_TYPE_DEFINITION,
    operation,
    type: { kind: Kind.NAMED_TYPE, name: { kind: Kind.NAME, value: name } },
  };
}
