/**
 * Per-element limits of a schema, checked on the parsed document before
 * anything is built (issue 23 findings 1 and 2): the longest name, the
 * longest description and the largest default value (or applied directive
 * argument), so that no later stage (token counting, slicing, printing
 * defaults, records) pays for one element of megabytes. One pass over the
 * definitions; a value is measured only until it is over its limit. Each
 * failure names its limit (docs/reliability.md, "Issue 23").
 */
import { Kind, type ConstDirectiveNode, type ConstValueNode, type DefinitionNode, type DocumentNode, type StringValueNode } from 'graphql';
import { SymbolExtractionError, SymbolExtractionErrorCode } from './symbol-extraction.errors.js';

export interface ElementLimits {
  /** Longest name of a type, field, argument, enum value or directive, in characters (MAX_NAME_LENGTH). */
  maxNameLength: number;
  /** Longest description, in characters (MAX_DESCRIPTION_LENGTH). */
  maxDescriptionLength: number;
  /** Largest default value or applied directive argument, in characters as printed (MAX_DEFAULT_VALUE_LENGTH). */
  maxValueLength: number;
}

interface Named {
  readonly name?: { readonly value: string };
  readonly description?: StringValueNode;
  readonly directives?: readonly ConstDirectiveNode[];
  readonly arguments?: readonly Named[];
  readonly fields?: readonly Named[];
  readonly values?: readonly Named[];
  readonly defaultValue?: ConstValueNode;
  readonly types?: readonly Named[];
  readonly interfaces?: readonly Named[];
}

const shown = (name: string): string => JSON.stringify(name.length > 40 ? `${name.slice(0, 40)}…` : name);

/** Throws SymbolExtractionError (NAME_TOO_LONG, DESCRIPTION_TOO_LONG, VALUE_TOO_LARGE) for the first element over its limit. */
export function checkElementLimits(document: DocumentNode, limits: ElementLimits): void {
  for (const definition of document.definitions) checkNode(definition as DefinitionNode & Named, limits, '');
}

function checkNode(node: Named, limits: ElementLimits, owner: string): void {
  const name = node.name?.value ?? '';
  const where = owner ? `${shown(owner)}.${shown(name)}` : shown(name);
  if (name.length > limits.maxNameLength) {
    throw new SymbolExtractionError(
      SymbolExtractionErrorCode.NameTooLong,
      `a name ${owner ? `in ${shown(owner)} ` : ''}is ${name.length} characters long; the limit is ${limits.maxNameLength} characters (MAX_NAME_LENGTH)`,
    );
  }
  const description = node.description?.value.length ?? 0;
  if (description > limits.maxDescriptionLength) {
    throw new SymbolExtractionError(
      SymbolExtractionErrorCode.DescriptionTooLong,
      `the description of ${where} is ${description} characters long; the limit is ${limits.maxDescriptionLength} characters (MAX_DESCRIPTION_LENGTH)`,
    );
  }
  if (node.defaultValue && !withinLength(node.defaultValue, limits.maxValueLength)) {
    throw new SymbolExtractionError(
      SymbolExtractionErrorCode.ValueTooLarge,
      `the default value of ${where} is longer than the limit of ${limits.maxValueLength} characters (MAX_DEFAULT_VALUE_LENGTH)`,
    );
  }
  for (const directive of node.directives ?? []) {
    if (directive.name.value.length > limits.maxNameLength) checkNode(directive, limits, name);
    for (const argument of directive.arguments ?? []) {
      if (argument.name.value.length > limits.maxNameLength) checkNode(argument, limits, name);
      if (!withinLength(argument.value, limits.maxValueLength)) {
        throw new SymbolExtractionError(
          SymbolExtractionErrorCode.ValueTooLarge,
          `an argument of @${shown(directive.name.value)} on ${where} is longer than the limit of ${limits.maxValueLength} characters (MAX_DEFAULT_VALUE_LENGTH)`,
        );
      }
    }
  }
  const inner = name || owner;
  for (const child of [...(node.fields ?? []), ...(node.arguments ?? []), ...(node.values ?? [])]) checkNode(child, limits, inner);
  for (const reference of [...(node.types ?? []), ...(node.interfaces ?? [])]) checkNode(reference, limits, inner);
}

/** Whether a value prints within `max` characters, measured (iteratively) only until it is over. */
function withinLength(value: ConstValueNode, max: number): boolean {
  let length = 0;
  const stack: ConstValueNode[] = [value];
  while (stack.length > 0) {
    const node = stack.pop() as ConstValueNode;
    switch (node.kind) {
      case Kind.LIST:
        length += 2 + node.values.length;
        for (const item of node.values) stack.push(item);
        break;
      case Kind.OBJECT:
        length += 2;
        for (const field of node.fields) {
          length += field.name.value.length + 3;
          stack.push(field.value);
        }
        break;
      case Kind.STRING:
        length += node.value.length + 2;
        break;
      case Kind.NULL:
        length += 4;
        break;
      case Kind.BOOLEAN:
        length += 5;
        break;
      default:
        length += node.value.length;
    }
    if (length > max) return false;
  }
  return true;
}
