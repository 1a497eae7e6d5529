/**
 * The state of a schema slice and its printing as compact SDL: one line per
 * field (arguments and defaults included), first-sentence descriptions as
 * comments for hits, whole input types, enums (long ones cut), unions and
 * custom scalars. Printed lines are cached per schema element.
 */
import {
  getNamedType,
  isEnumType,
  isInputObjectType,
  isInterfaceType,
  isLeafType,
  isNonNullType,
  isObjectType,
  isUnionType,
  print,
  type GraphQLArgument,
  type GraphQLField,
  type GraphQLSchema,
} from 'graphql';
import { stripHidden, type RootOperation } from '@discovery/schema-symbols';
import { shortComment } from '@discovery/schema-slice';
import { defaultLiteral } from '@discovery/schema-symbols';

const MAX_ENUM_VALUES = 60;
const MAX_COMMENT = 120;

/** A description as a comment of the whole-type printer (longer than the field slicer's). */
function comment(text: string | null | undefined): string {
  return shortComment(text, MAX_COMMENT);
}

export class SliceState {
  outputs = new Map<string, Set<string>>();
  leaves = new Set<string>();
  /** Types printed with every (non-deprecated) field: hubs a model navigates through. */
  full = new Set<string>();
  inputs = new Set<string>();
  enums = new Set<string>();
  unions = new Set<string>();
  scalars = new Set<string>();
  described = new Set<string>();

  clone(): SliceState {
    const copy = new SliceState();
    for (const [type, fields] of this.outputs) copy.outputs.set(type, new Set(fields));
    copy.leaves = new Set(this.leaves);
    copy.full = new Set(this.full);
    copy.inputs = new Set(this.inputs);
    copy.enums = new Set(this.enums);
    copy.unions = new Set(this.unions);
    copy.scalars = new Set(this.scalars);
    copy.described = new Set(this.described);
    return copy;
  }
}

function printArgs(args: readonly GraphQLArgument[]): string {
  if (args.length === 0) return '';
  const printed = args.map((arg) => {
    const fallback = defaultLiteral(arg);
    return `${arg.name}: ${String(arg.type)}${fallback ? ` = ${stripHidden(print(fallback))}` : ''}`;
  });
  return `(${printed.join(', ')})`;
}

/** Printed field lines without their comment, per field (slices are printed once per hit). */
const fieldLines = new WeakMap<GraphQLField<unknown, unknown>, string>();
const blockCache = new WeakMap<object, string>();

function printField(field: GraphQLField<unknown, unknown>, describe: boolean): string {
  let line = fieldLines.get(field);
  if (line === undefined) {
    line = `  ${field.name}${printArgs(field.args)}: ${String(field.type)}${field.deprecationReason ? ' @deprecated' : ''}`;
    fieldLines.set(field, line);
  }
  return describe ? `${line}${comment(field.description)}` : line;
}

function cachedBlock(type: object, render: () => string): string {
  let block = blockCache.get(type);
  if (block === undefined) {
    block = render();
    blockCache.set(type, block);
  }
  return block;
}

/** Printed output-type blocks by (type, what of it is shown), per schema: a slice is printed once per hit. */
const blockMemos = new WeakMap<GraphQLSchema, Map<string, string>>();
const MAX_MEMO = 20_000;

function blockMemo(schema: GraphQLSchema): Map<string, string> {
  let memo = blockMemos.get(schema);
  if (!memo) {
    memo = new Map();
    blockMemos.set(schema, memo);
  }
  return memo;
}

/** Prints the state as compact SDL: roots first, then types in the order they were added. */
export function printSlice(schema: GraphQLSchema, state: SliceState): string {
  const blocks: string[] = [];
  const rootNames = new Set(['query', 'mutation', 'subscription'].map((op) => schema.getRootType(op as RootOperation)?.name));
  const outputOrder = [...state.outputs.keys()].sort((a, b) => Number(rootNames.has(b)) - Number(rootNames.has(a)));
  const memo = blockMemo(schema);
  for (const typeName of outputOrder) {
    const type = schema.getType(typeName);
    if (!isObjectType(type) && !isInterfaceType(type)) continue;
    const chosen = state.outputs.get(typeName) ?? new Set<string>();
    const describedHere = [...state.described].filter((coordinate) => coordinate === typeName || coordinate.startsWith(`${typeName}.`));
    const key = `${typeName}|${state.full.has(typeName) ? 'F' : ''}${state.leaves.has(typeName) ? 'L' : ''}|${[...chosen].join(',')}|${describedHere.join(',')}`;
    const known = memo.get(key);
    if (known !== undefined) {
      blocks.push(known);
      continue;
    }
    const lines: string[] = [];
    for (const field of Object.values(type.getFields())) {
      const described = state.described.has(`${typeName}.${field.name}`);
      const leaf =
        (state.full.has(typeName) || (state.leaves.has(typeName) && isLeafType(getNamedType(field.type)))) &&
        !field.deprecationReason &&
        field.args.every((arg) => !isNonNullType(arg.type) || arg.default !== undefined);
      if (chosen.has(field.name) || leaf) lines.push(printField(field, described));
    }
    const keyword = isInterfaceType(type) ? 'interface' : 'type';
    const header = state.described.has(typeName) && type.description ? `#${comment(type.description).slice(2)}\n` : '';
    const block = lines.length === 0 ? `${header}${keyword} ${typeName}` : `${header}${keyword} ${typeName} {\n${lines.join('\n')}\n}`;
    if (memo.size >= MAX_MEMO) memo.clear();
    memo.set(key, block);
    blocks.push(block);
  }
  for (const name of state.unions) {
    const type = schema.getType(name);
    if (isUnionType(type))
      blocks.push(
        `union ${name} = ${type
          .getTypes()
          .map((member) => member.name)
          .join(' | ')}`,
      );
  }
  for (const name of state.inputs) {
    const type = schema.getType(name);
    if (!isInputObjectType(type)) continue;
    blocks.push(
      cachedBlock(type, () => {
        const lines = Object.values(type.getFields()).map((field) => {
          const fallback = defaultLiteral(field);
          return `  ${field.name}: ${String(field.type)}${fallback ? ` = ${stripHidden(print(fallback))}` : ''}${comment(field.description)}`;
        });
        return `input ${name}${type.isOneOf ? ' @oneOf' : ''} {\n${lines.join('\n')}\n}`;
      }),
    );
  }
  for (const name of state.enums) {
    const type = schema.getType(name);
    if (!isEnumType(type)) continue;
    blocks.push(
      cachedBlock(type, () => {
        const values = type.getValues().map((value) => value.name);
        const shown = values.slice(0, MAX_ENUM_VALUES).join(' ');
        const more = values.length > MAX_ENUM_VALUES ? ` # and ${values.length - MAX_ENUM_VALUES} more` : '';
        return `enum ${name} { ${shown} }${more}`;
      }),
    );
  }
  if (state.scalars.size > 0) blocks.push([...state.scalars].map((name) => `scalar ${name}`).join('\n'));
  return blocks.join('\n');
}

/** `Type.field` of every field line printed in a slice. */
export function collectPrintedFields(sdl: string): Set<string> {
  const fields = new Set<string>();
  let current: string | undefined;
  for (const line of sdl.split('\n')) {
    const open = /^(?:type|interface|input) (\w+)/.exec(line);
    if (open) current = open[1];
    else if (line.startsWith('}')) current = undefined;
    else if (current !== undefined) {
      const field = /^ {2}(\w+)/.exec(line);
      if (field) fields.add(`${current}.${field[1]}`);
    }
  }
  return fields;
}
