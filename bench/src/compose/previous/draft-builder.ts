/**
 * From a planned operation to its draft document: arguments bound (literals
 * or required variables), every composite field given a selection, printed,
 * with a one-line description made of schema names only (the prompt is
 * untrusted text and is not copied into the operation).
 */
import type { GraphQLSchema } from 'graphql';
import type { ArgumentBinder } from './argument-binding.js';
import { completeSelections, printDraft } from './operation-draft.js';
import type { PlannedOperation } from './operation-planner.js';
import { identifyingFields } from './target-choice.js';

export interface OperationPlan {
  /** The draft document: literals inline, required variables declared. */
  document: string;
  description: string;
  /** The type the operation is about. */
  target: string;
}

export function draftOperation(schema: GraphQLSchema, planned: PlannedOperation, binder: ArgumentBinder, operation: 'query' | 'mutation'): OperationPlan {
  binder.bind(planned.root);
  completeSelections(schema, planned.root, (typeName) => identifyingFields(schema, typeName));
  const document = printDraft(operation, binder.variables, planned.root);
  const entry = planned.root.selections[0];
  const through = entry?.kind === 'field' ? ` through ${entry.name}` : '';
  const what = planned.asked.length > 0 ? `${planned.asked.slice(0, 4).join(', ')} of ${planned.target}` : planned.target;
  return { document, description: `Fetches ${what}${through}.`, target: planned.target };
}
