/**
 * The printed lines of a field slice: one field with only the arguments
 * chosen for it, one input field, one enum (long ones cut), one union, and
 * short description comments. graphql-js parses every line as SDL.
 */
import { isEnumType, isInputObjectType, isUnionType, type GraphQLField, type GraphQLSchema } from 'graphql';
import { stripHidden } from '@discovery/schema-symbols';
import { defaultSuffix, defaultTooLong } from './slice-defaults.js';

const MAX_ENUM_VALUES = 40;
const MAX_UNION_MEMBERS = 25;
const MAX_COMMENT = 90;
/** A description is read this far for its first sentence (a description may be megabytes long). */
const COMMENT_SOURCE_CHARS = 1_000;

/** First sentence of a description as a `#` comment, cut to `maxChars` characters ('' when none). */
export function shortComment(text: string | null | undefined, maxChars = MAX_COMMENT): string {
  if (!text) return '';
  // Schema text is untrusted: hidden characters never reach the model (issue 14 item 9).
  const line = stripHidden(text.trimStart().slice(0, COMMENT_SOURCE_CHARS)).replace(/\s+/g, ' ').trim();
  if (!line) return '';
  const sentence = /^(.+?[.!?])(\s|$)/.exec(line)?.[1] ?? line;
  return sentence.length > maxChars ? ` # ${sentence.slice(0, maxChars - 3)}...` : ` # ${sentence}`;
}

/** `  name(arg: T = default): Type`, with only the chosen arguments, in declaration order. */
export function fieldLine(field: GraphQLField<unknown, unknown>, pick: { args: ReadonlySet<string>; describe: boolean }): string {
  const args = field.args.filter((arg) => pick.args.has(arg.name)).map((arg) => `${arg.name}: ${String(arg.type)}${defaultSuffix(arg)}`);
  const printedArgs = args.length > 0 ? `(${args.join(', ')})` : '';
  const deprecated = field.deprecationReason ? ' @deprecated' : '';
  const long = field.args.filter((arg) => pick.args.has(arg.name) && defaultTooLong(arg)).map((arg) => arg.name);
  const note = long.length > 0 ? ` # default of ${long.join(', ')} too long to show` : pick.describe ? shortComment(field.description) : '';
  return `  ${field.name}${printedArgs}: ${String(field.type)}${deprecated}${note}`;
}

export function inputFieldLine(schema: GraphQLSchema, typeName: string, fieldName: string): string {
  const type = schema.getType(typeName);
  const field = isInputObjectType(type) ? type.getFields()[fieldName] : undefined;
  if (!field) return '';
  return `  ${field.name}: ${String(field.type)}${defaultSuffix(field)}${defaultTooLong(field) ? ' # default too long to show' : ''}`;
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
