/**
 * The printed lines of a field slice: one field with only the arguments
 * chosen for it, one input field, one enum (long ones cut), one union, and
 * short description comments. graphql-js parses every line as SDL.
 */
import { isEnumType, isInputObjectType, isUnionType, print, visit, type ConstValueNode, type GraphQLArgument, type GraphQLField, type GraphQLInputField, type GraphQLSchema } from 'graphql';
import { defaultLiteral, stripHidden } from '@discovery/schema-symbols';

const MAX_ENUM_VALUES = 40;
const MAX_UNION_MEMBERS = 25;
const MAX_COMMENT = 90;

/** First sentence of a description as a `#` comment, cut to `maxChars` characters ('' when none). */
export function shortComment(text: string | null | undefined, maxChars = MAX_COMMENT): string {
  if (!text) return '';
  // Schema text is untrusted: hidden characters never reach the model (issue 14 item 9).
  const line = stripHidden(text).replace(/\s+/g, ' ').trim();
  if (!line) return '';
  const sentence = /^(.+?[.!?])(\s|$)/.exec(line)?.[1] ?? line;
  return sentence.length > maxChars ? ` # ${sentence.slice(0, maxChars - 3)}...` : ` # ${sentence}`;
}

/** `  name(arg: T = default): Type`, with only the chosen arguments, in declaration order. */
export function fieldLine(field: GraphQLField<unknown, unknown>, pick: { args: ReadonlySet<string>; describe: boolean }): string {
  const args = field.args
    .filter((arg) => pick.args.has(arg.name))
    .map((arg) => {
      return `${arg.name}: ${String(arg.type)}${defaultText(arg)}`;
    });
  const printedArgs = args.length > 0 ? `(${args.join(', ')})` : '';
  const deprecated = field.deprecationReason ? ' @deprecated' : '';
  return `  ${field.name}${printedArgs}: ${String(field.type)}${deprecated}${pick.describe ? shortComment(field.description) : ''}`;
}

export function inputFieldLine(schema: GraphQLSchema, typeName: string, fieldName: string): string {
  const type = schema.getType(typeName);
  const field = isInputObjectType(type) ? type.getFields()[fieldName] : undefined;
  if (!field) return '';
  return `  ${field.name}: ${String(field.type)}${defaultText(field)}`;
}

/**
 * ` = <default>` on one line, or '' without a default. A block string would print over several
 * lines, and its text could then read as SDL of its own (a forged `type Mutation { ... }` inside a
 * query-only slice, issue 23 finding 11): strings print as ordinary quoted strings, newlines escaped.
 */
export function defaultText(input: GraphQLArgument | GraphQLInputField): string {
  const fallback = defaultLiteral(input);
  if (!fallback) return '';
  const inline: ConstValueNode = visit(fallback, { StringValue: (node) => (node.block ? { ...node, block: false } : undefined) });
  return ` = ${stripHidden(print(inline))}`;
}

export function enumLine(schema: GraphQLSchema, name: string): string {
  const type = schema.getType(name);
  if (!isEnumType(type)) return '';
  const values = type.getValues().map((value) => value.name);
  const more = values.length > MAX_ENUM_VALUES ? ` # and ${values.length - MAX_ENUM_VALUES} more` : '';
  return `enum ${name} { ${values.slice(0, MAX_ENUM_VALUES).join(' ')} }${more}`;
}

/** `union U = A | B`: every member up to MAX_UNION_MEMBERS, else the reached members first. */
export function unionLine(schema: GraphQLSchema, name: string, reached: ReadonlySet<string>): string {
  const type = schema.getType(name);
  if (!isUnionType(type)) return '';
  const members = type.getTypes().map((member) => member.name);
  if (members.length <= MAX_UNION_MEMBERS) return `union ${name} = ${members.join(' | ')}`;
  const shown = [...members.filter((member) => reached.has(member)), ...members.filter((member) => !reached.has(member))].slice(0, MAX_UNION_MEMBERS);
  return `union ${name} = ${shown.join(' | ')} # and ${members.length - shown.length} more`;
}
