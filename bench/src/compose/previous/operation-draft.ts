/**
 * The operation being composed, as a tree of selections (fields with their
 * arguments, inline fragments), and its printing as one GraphQL document.
 * Arguments hold GraphQL source text (a literal or `$variable`); variables
 * are declared with the type the schema gives their argument.
 */
import { getNamedType, isAbstractType, isInterfaceType, isLeafType, isObjectType, isUnionType, type GraphQLSchema } from 'graphql';
import type { TypeEdge } from './type-graph.js';

export interface DraftField {
  kind: 'field';
  name: string;
  /** Argument name -> GraphQL source (`5`, `"octocat"`, `$owner`). */
  args: Map<string, string>;
  selections: DraftSelection[];
}

export interface DraftFragment {
  kind: 'fragment';
  typeName: string;
  selections: DraftSelection[];
}

export type DraftSelection = DraftField | DraftFragment;

/** The selection list of a type in the tree, with the type's name. */
export interface DraftScope {
  typeName: string;
  selections: DraftSelection[];
}

export function ensureField(scope: DraftScope, name: string): DraftField {
  let field = scope.selections.find((s): s is DraftField => s.kind === 'field' && s.name === name);
  if (!field) {
    field = { kind: 'field', name, args: new Map(), selections: [] };
    scope.selections.push(field);
  }
  return field;
}

function ensureFragment(scope: DraftScope, typeName: string): DraftFragment {
  let fragment = scope.selections.find((s): s is DraftFragment => s.kind === 'fragment' && s.typeName === typeName);
  if (!fragment) {
    fragment = { kind: 'fragment', typeName, selections: [] };
    scope.selections.push(fragment);
  }
  return fragment;
}

/** Follows one graph edge from `scope`; returns the scope of the edge's target type. */
export function followEdge(schema: GraphQLSchema, scope: DraftScope, edge: TypeEdge): DraftScope {
  if (edge.field === undefined) return { typeName: edge.to, selections: ensureFragment(scope, edge.to).selections };
  const field = ensureField(scope, edge.field);
  if (edge.connection === undefined) return { typeName: edge.to, selections: field.selections };
  const owner = schema.getType(scope.typeName);
  const connectionType = isObjectType(owner) || isInterfaceType(owner) ? getNamedType(owner.getFields()[edge.field]?.type) : undefined;
  const connectionName = connectionType?.name ?? '';
  if (edge.connection === 'nodes') {
    return { typeName: edge.to, selections: ensureField({ typeName: connectionName, selections: field.selections }, 'nodes').selections };
  }
  const edges = ensureField({ typeName: connectionName, selections: field.selections }, 'edges');
  return { typeName: edge.to, selections: ensureField({ typeName: `${connectionName}Edge`, selections: edges.selections }, 'node').selections };
}

/** Follows a path of edges from `scope`. */
export function followPath(schema: GraphQLSchema, scope: DraftScope, edges: readonly TypeEdge[]): DraftScope {
  let current = scope;
  for (const edge of edges) current = followEdge(schema, current, edge);
  return current;
}

/** Gives every composite field without a selection a valid one (identifying fields, else `__typename`). */
export function completeSelections(schema: GraphQLSchema, scope: DraftScope, identify: (typeName: string) => string[], depth = 0): void {
  const type = schema.getType(scope.typeName);
  if (scope.selections.length === 0) {
    const ids = isUnionType(type) || depth > 6 ? [] : identify(scope.typeName);
    for (const name of ids.length > 0 ? ids : ['__typename']) scope.selections.push({ kind: 'field', name, args: new Map(), selections: [] });
  }
  for (const selection of scope.selections) {
    if (selection.kind === 'fragment') {
      completeSelections(schema, { typeName: selection.typeName, selections: selection.selections }, identify, depth + 1);
      continue;
    }
    if (selection.name === '__typename' || !(isObjectType(type) || isInterfaceType(type))) continue;
    const fieldType = type.getFields()[selection.name]?.type;
    if (!fieldType) continue;
    const named = getNamedType(fieldType);
    if (!isLeafType(named)) completeSelections(schema, { typeName: named.name, selections: selection.selections }, identify, depth + 1);
  }
}

function printSelections(selections: readonly DraftSelection[], indent: string): string {
  const lines: string[] = [];
  for (const selection of selections) {
    if (selection.kind === 'fragment') {
      lines.push(`${indent}... on ${selection.typeName} {`, printSelections(selection.selections, `${indent}  `), `${indent}}`);
      continue;
    }
    const args = [...selection.args].map(([name, value]) => `${name}: ${value}`).join(', ');
    const head = `${indent}${selection.name}${args ? `(${args})` : ''}`;
    if (selection.selections.length === 0) lines.push(head);
    else lines.push(`${head} {`, printSelections(selection.selections, `${indent}  `), `${indent}}`);
  }
  return lines.join('\n');
}

/** The document: `query ($a: T!) { ... }` (variables as declared, in order). */
export function printDraft(operation: 'query' | 'mutation', variables: ReadonlyMap<string, string>, root: DraftScope): string {
  const declared = [...variables].map(([name, type]) => `$${name}: ${type}`).join(', ');
  return `${operation}${declared ? ` (${declared})` : ''} {\n${printSelections(root.selections, '  ')}\n}\n`;
}

/** Whether `typeName` needs fragments to select fields (a union). */
export function isUnionName(schema: GraphQLSchema, typeName: string): boolean {
  const type = schema.getType(typeName);
  return isUnionType(type) || (isAbstractType(type) && !isInterfaceType(type));
}
