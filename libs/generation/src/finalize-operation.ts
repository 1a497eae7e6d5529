/**
 * Turns one submitted operation into a ResolvedQuery: validate, lift literals
 * into variables, name it, write the description strings on the operation and
 * each variable, print it with graphql-js, validate the result again and
 * derive its variables schema. Anything invalid is reported, never returned.
 */
import { Kind, print, visit, type GraphQLSchema, type OperationDefinitionNode, type VariableDefinitionNode } from 'graphql';
import type { ResolvedQuery } from './contract/generate-job.js';
import { checkOperation, type OperationCheck } from './operation-check.js';
import { nameOperation, oneLineDescription } from './operation-naming.js';
import { parameterize, type VariableUsage } from './parameterize.js';
import { deriveVariablesSchema, type ScalarJsonSchemas } from './variables-schema.js';

export interface SubmittedOperation {
  document: string;
  description: string;
}

export type FinalizeResult = { ok: true; query: ResolvedQuery } | { ok: false; errors: string[] };

function describeVariables(operation: OperationDefinitionNode, usages: VariableUsage[]): VariableDefinitionNode[] {
  return (operation.variableDefinitions ?? []).map((definition) => {
    if (definition.description?.value.trim()) return definition;
    const name = definition.variable.name.value;
    const usage = usages.find((entry) => entry.variable === name && entry.description);
    const fallback = usages.find((entry) => entry.variable === name);
    const text = usage?.description ?? (fallback ? `Value of ${fallback.coordinate}.` : `Value of $${name}.`);
    return { ...definition, description: { kind: Kind.STRING, value: text, block: false } };
  });
}

/**
 * Finalizes `submitted` against `schema`. `takenNames` holds the operation
 * names already used in this resolution; the new name is added to it. A caller
 * that has already checked the submitted document passes the check as `checked`
 * (it is not run twice).
 */
export function finalizeOperation(
  schema: GraphQLSchema,
  submitted: SubmittedOperation,
  takenNames: Set<string>,
  options: { scalars?: ScalarJsonSchemas; checked?: OperationCheck } = {},
): FinalizeResult {
  const checked = options.checked ?? checkOperation(schema, submitted.document);
  if (!checked.ok) return checked;
  const { document, usages } = parameterize(schema, checked.document);
  const candidateNames = new Set(takenNames);
  let operationName = '';
  let description = '';
  const named = visit(document, {
    OperationDefinition(node: OperationDefinitionNode): OperationDefinitionNode {
      operationName = nameOperation(node, candidateNames);
      description = oneLineDescription(submitted.description, node);
      return {
        ...node,
        name: { kind: Kind.NAME, value: operationName },
        description: { kind: Kind.STRING, value: description, block: true },
        variableDefinitions: describeVariables(node, usages),
      };
    },
  });
  const printed = print(named);
  const final = checkOperation(schema, printed);
  if (!final.ok) return { ok: false, errors: final.errors.map((error) => `After parameterization: ${error}`) };
  takenNames.add(operationName);
  return {
    ok: true,
    query: {
      description,
      document: printed,
      operationName,
      operationType: final.operation.operation,
      variablesSchema: deriveVariablesSchema(schema, final.operation, options),
    },
  };
}
