/**
 * Default values as a slice prints them: printed once per argument or input
 * field (memoized on the schema's own objects, so an index's defaults are
 * printed once while it is loaded, not for every line built), and left out
 * when their printed form is longer than MAX_SLICE_DEFAULT characters; the
 * line then says so in a comment. A default that long never fits a useful
 * budget, and printing a million-item list for every candidate line cost
 * seconds and a gigabyte per slice (issue 23 finding 2). New indexes cannot
 * hold one (MAX_DEFAULT_VALUE_LENGTH at build time); older ones still can.
 */
import { print, visit, type ConstValueNode, type GraphQLArgument, type GraphQLInputField } from 'graphql';
import { defaultLiteral, stripHidden } from '@discovery/schema-symbols';

/** Longest default a slice prints, in characters. */
export const MAX_SLICE_DEFAULT = 1_000;

/** The printed default, `undefined` for none, or `null` when it is too long to print. */
type Printed = string | null | undefined;
const printed = new WeakMap<GraphQLArgument | GraphQLInputField, { value: Printed }>();
/** Defaults printed so far (tests count work with it, never time). */
export const sliceDefaultStats = { printed: 0 };

/** ` = <default>` for a line, '' without a default or when it is too long (see `defaultTooLong`). */
export function defaultSuffix(input: GraphQLArgument | GraphQLInputField): string {
  const value = printedDefault(input);
  return typeof value === 'string' ? ` = ${value}` : '';
}

/** Whether the input has a default the slice leaves out for its length. */
export function defaultTooLong(input: GraphQLArgument | GraphQLInputField): boolean {
  return printedDefault(input) === null;
}

function printedDefault(input: GraphQLArgument | GraphQLInputField): Printed {
  let known = printed.get(input);
  if (!known) {
    known = { value: printOnce(input) };
    printed.set(input, known);
  }
  return known.value;
}

function printOnce(input: GraphQLArgument | GraphQLInputField): Printed {
  // A literal from the SDL knows its length before anything is printed.
  const declared = input.astNode?.defaultValue?.loc;
  if (declared && declared.end - declared.start > MAX_SLICE_DEFAULT * 4) return null;
  const fallback = defaultLiteral(input);
  if (!fallback) return undefined;
  sliceDefaultStats.printed += 1;
  // On one line: a block string would print over several lines, and its text could then read as SDL
  // of its own (a forged `type Mutation { ... }` inside a query-only slice, issue 23 finding 11).
  const inline: ConstValueNode = visit(fallback, { StringValue: (node) => (node.block ? { ...node, block: false } : undefined) });
  const text = stripHidden(print(inline));
  return text.length > MAX_SLICE_DEFAULT ? null : text;
}
