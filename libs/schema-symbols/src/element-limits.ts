/**
 * Per-element limits of a schema, checked on the parsed document before
 * anything is built (issue 23 findings 1 and 2): the longest name, the
 * longest description and the largest default value (or applied directive
 * argument), so that no later stage (token counting, slicing, printing
 * defaults, records) pays for one element of megabytes. One pass over the
 * definitions; a value is measured only until it is over its limit. Each
 * failure names its limit (docs/reliability.md, "Issue 23"). Default values
 * are also measured on the SDL text before it is parsed
 * (`checkDefaultValueSpans`): parsing a list of a million items takes
 * hundreds of megabytes of tokens and nodes.
 */
import { Kind, type ConstDirectiveNode, type ConstValueNode, type DefinitionNode, type DocumentNode, type StringValueNode } from 'graphql';
import { skipString } from './symbol-estimate.js';
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

/**
 * Throws VALUE_TOO_LARGE when a value after `=` (a default) or inside an applied directive's
 * parentheses is, on the SDL text alone, already longer than `maxValueLength` printed characters
 * (white space and commas are not counted, so the measure never exceeds the printed length). One
 * pass over the text, outside comments and strings; values are measured only until they are over.
 */
export function checkDefaultValueSpans(sdl: string, maxValueLength: number): void {
  const n = sdl.length;
  let i = 0;
  while (i < n) {
    const c = sdl.charCodeAt(i);
    if (c === 0x23 /* # */) {
      while (i < n && sdl.charCodeAt(i) !== 0x0a && sdl.charCodeAt(i) !== 0x0d) i++;
    } else if (c === 0x22 /* " */) {
      i = skipString(sdl, i);
      continue;
    } else if (c === 0x3d /* = */) {
      const end = valueEnd(sdl, i + 1, maxValueLength);
      if (end < 0) {
        const line = sdl.slice(0, i).split('\n').length;
        throw new SymbolExtractionError(
          SymbolExtractionErrorCode.ValueTooLarge,
          `the default value at line ${line} is longer than the limit of ${maxValueLength} characters (MAX_DEFAULT_VALUE_LENGTH)`,
        );
      }
      i = end;
      continue;
    }
    i++;
  }
}

/** Where the value starting after `from` ends, or -1 once it is over `max` printed characters. */
function valueEnd(sdl: string, from: number, max: number): number {
  const n = sdl.length;
  let i = from;
  while (i < n && isIgnored(sdl.charCodeAt(i))) i++;
  let depth = 0;
  let length = 0;
  while (i < n) {
    const c = sdl.charCodeAt(i);
    if (c === 0x22) {
      const end = skipString(sdl, i);
      length += end - i;
      i = end;
    } else if (c === 0x5b /* [ */ || c === 0x7b /* { */) {
      depth++;
      length++;
      i++;
    } else if (c === 0x5d /* ] */ || c === 0x7d /* } */) {
      if (depth === 0) return i;
      depth--;
      length++;
      i++;
    } else if (isIgnored(c)) {
      if (depth === 0) return i;
      i++;
    } else if (depth === 0 && (c === 0x29 /* ) */ || c === 0x40) /* @ */) {
      return i;
    } else {
      length++;
      i++;
    }
    if (length > max) return -1;
    if (depth === 0 && length > 0 && (c === 0x22 || c === 0x5d || c === 0x7d)) return i;
  }
  return i;
}

function isIgnored(c: number): boolean {
  return c === 0x20 || c === 0x09 || c === 0x0a || c === 0x0d || c === 0x2c /* , */ || c === 0xfeff;
}
