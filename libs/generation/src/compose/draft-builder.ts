/**
 * From a planned operation to its draft document: arguments bound (literals
 * or required variables), every composite field given a selection, printed,
 * with a one-line description made of schema names only (the prompt is
 * untrusted text and is not copied into the operation).
 */
import { getNamedType, isInterfaceType, isLeafType, isListType, isNonNullType, isObjectType, type GraphQLSchema } from 'graphql';
import type { ArgumentBinder } from './argument-binding.js';
import { completeSelections, printDraft, type DraftScope } from './operation-draft.js';
import type { PlannedOperation } from './operation-planner.js';
import type { PromptLiteral } from './prompt-literals.js';
import { identifyingFields } from './target-choice.js';

export interface OperationPlan {
  /** The draft document: literals inline, required variables declared. */
  document: string;
  description: string;
  /** The type the operation is about. */
  target: string;
  /** The prompt's values no argument took (said in `unsatisfied`). */
  unbound?: PromptLiteral[];
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

/** Name-like leaves worth returning from a mutation's payload. */
const PAYLOAD_LEAVES = /^(id|name|title|key|code|handle|number|status|state|success|ok|message|url)$/i;

/**
 * What a mutation returns: an object with an `id` gives its identifying fields; a payload without
 * one gives its name-like leaves and, one level in, the identifying fields of the objects it carries
 * (`order { id }`, `userErrors { field message }`).
 */
export function payloadFields(schema: GraphQLSchema, typeName: string): string[] {
  const type = schema.getType(typeName);
  if (!isObjectType(type) && !isInterfaceType(type)) return [];
  const fields = Object.values(type.getFields()).filter((field) => !field.deprecationReason && !field.args.some((arg) => isNonNullType(arg.type)));
  if (fields.some((field) => field.name === 'id' && isLeafType(getNamedType(field.type)))) return identifyingFields(schema, typeName);
  const picked = fields
    .filter((field) => (isLeafType(getNamedType(field.type)) ? PAYLOAD_LEAVES.test(field.name) : !getNamedType(field.type).name.endsWith('Connection')))
    .map((field) => field.name)
    .slice(0, 6);
  return picked.length > 0 ? picked : identifyingFields(schema, typeName);
}

/** The document for one mutation field: its arguments bound, its payload selected. */
export function draftMutation(schema: GraphQLSchema, fieldName: string, binder: ArgumentBinder): OperationPlan | undefined {
  const mutation = schema.getMutationType();
  const field = mutation?.getFields()[fieldName];
  if (!mutation || !field) return undefined;
  const returned = getNamedType(field.type);
  const root: DraftScope = { typeName: mutation.name, selections: [{ kind: 'field', name: fieldName, args: new Map(), selections: [] }] };
  binder.bind(root);
  const payload = returned.name;
  completeSelections(schema, root, (typeName) => (typeName === payload ? payloadFields(schema, typeName) : identifyingFields(schema, typeName)));
  const document = printDraft('mutation', binder.variables, root);
  const list = isListType(isNonNullType(field.type) ? field.type.ofType : field.type);
  return { document, description: `Changes data through ${mutation.name}.${fieldName}${list ? ' (a list)' : ''}.`, target: payload };
}
