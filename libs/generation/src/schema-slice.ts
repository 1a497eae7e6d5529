/**
 * Schema slicing: the part of a large schema a model needs for one prompt.
 * From ranked search hits it keeps the hit fields and types, the shortest root
 * paths to them, the input types and enums their arguments need, and the leaf
 * fields of the types they return; it prints them as compact SDL (one line per
 * field, first-sentence descriptions as comments) within a token budget.
 */
import {
  getNamedType,
  isEnumType,
  isInputObjectType,
  isInterfaceType,
  isLeafType,
  isNonNullType,
  isObjectType,
  isScalarType,
  isSpecifiedScalarType,
  isUnionType,
  print,
  type GraphQLArgument,
  type GraphQLField,
  type GraphQLSchema,
} from 'graphql';
import { countTokens } from 'gpt-tokenizer';
import type { RootOperation } from '@discovery/schema-symbols';
import { rootPaths, type RootPaths } from './schema-paths.js';
import { defaultLiteral } from './variables-schema.js';

/** What the slicer needs of a hit: its coordinate (`field:Type.name`, `object:Type`, ...) and, for paths, the target type. */
export interface SliceTarget {
  coordinate: string;
  typeName?: string;
}

export interface SliceOptions {
  /** Root operations the slice may use (mutation only when the operator allows it). */
  roots: readonly RootOperation[];
  /** Upper bound on the slice's size in tokens (o200k). Default 8000. */
  maxTokens?: number;
}

export interface SchemaSlice {
  sdl: string;
  /** Exact token count of `sdl` (o200k_base). */
  tokens: number;
  /** `Type.field` of every field in the slice. */
  fields: Set<string>;
  /** Hits that fit in the budget. */
  usedHits: number;
}

const CHARS_PER_TOKEN = 3.4;
const MAX_ENUM_VALUES = 60;
const MAX_COMMENT = 120;
/** A hit's type is joined to the slice through at most this many fields before falling back to its root path. */
const MAX_HOPS = 3;

function comment(text: string | null | undefined): string {
  if (!text) return '';
  const line = text.replace(/\s+/g, ' ').trim();
  const sentence = /^(.+?[.!?])(\s|$)/.exec(line)?.[1] ?? line;
  return sentence.length > MAX_COMMENT ? ` # ${sentence.slice(0, MAX_COMMENT - 3)}...` : ` # ${sentence}`;
}

class SliceState {
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

class Slicer {
  state = new SliceState();

  constructor(
    private readonly schema: GraphQLSchema,
    private readonly paths: RootPaths,
  ) {}

  addTarget(target: SliceTarget): void {
    const separator = target.coordinate.indexOf(':');
    const kind = target.coordinate.slice(0, separator);
    const name = target.coordinate.slice(separator + 1);
    if (kind === 'field' || kind === 'input_field') {
      const [typeName, fieldName] = name.split('.');
      if (typeName === undefined || fieldName === undefined) return;
      const type = this.schema.getType(typeName);
      if (isInputObjectType(type)) return this.addInput(type.name);
      if (!isObjectType(type) && !isInterfaceType(type)) return;
      if (!this.paths.pathTo(typeName)) return;
      this.connect(typeName);
      this.addField(typeName, fieldName, true);
      this.state.full.add(typeName);
      return;
    }
    this.addType(kind === 'path' ? (target.typeName ?? '') : name, true);
  }

  private addType(typeName: string, hit: boolean): void {
    const type = this.schema.getType(typeName);
    if (!type) return;
    if (hit) this.state.described.add(typeName);
    if (isInputObjectType(type)) return this.addInput(typeName);
    if (isEnumType(type)) return void this.state.enums.add(typeName);
    if (isScalarType(type)) return void (isSpecifiedScalarType(type) ? undefined : this.state.scalars.add(typeName));
    if (!this.paths.pathTo(typeName)) return;
    this.connect(typeName);
    if (isUnionType(type)) return void this.state.unions.add(typeName);
    this.ensureOutput(typeName);
    this.state.leaves.add(typeName);
  }

  private ensureOutput(typeName: string): Set<string> {
    let fields = this.state.outputs.get(typeName);
    if (!fields) {
      fields = new Set();
      this.state.outputs.set(typeName, fields);
    }
    return fields;
  }

  /**
   * Makes `typeName` reachable in the slice: through at most MAX_HOPS fields
   * from a type already in it (so `Issue` hangs under `IssueConnection.nodes`
   * rather than under `Query.node`), else through its shortest root path.
   */
  private connect(typeName: string): void {
    if (this.state.outputs.has(typeName) || this.state.unions.has(typeName)) return;
    const previous = new Map<string, { from: string; field?: string } | null>();
    let frontier = [...this.state.outputs.keys()];
    for (const start of frontier) previous.set(start, null);
    for (let hop = 0; hop < MAX_HOPS && frontier.length > 0 && !previous.has(typeName); hop += 1) {
      const next: string[] = [];
      for (const from of frontier) {
        for (const { to, field } of this.neighbours(from)) {
          if (previous.has(to)) continue;
          previous.set(to, field === undefined ? { from } : { from, field });
          next.push(to);
        }
      }
      frontier = next;
    }
    if (!previous.has(typeName)) {
      this.addPath(typeName);
    } else {
      for (let step = previous.get(typeName); step; step = previous.get(step.from)) {
        if (step.field !== undefined) this.addField(step.from, step.field, false);
        else this.ensureOutput(step.from);
      }
    }
    this.addListAccess(typeName);
  }

  /**
   * Where the slice reaches `typeName` through a single-object field (`Repository.pullRequest`),
   * also offers the list of them on the same type (`Repository.pullRequests` with its `nodes`).
   */
  private addListAccess(typeName: string): void {
    for (const [ownerName, fields] of [...this.state.outputs]) {
      const owner = this.schema.getType(ownerName);
      if (!isObjectType(owner) && !isInterfaceType(owner)) continue;
      const ownerFields = owner.getFields();
      if (![...fields].some((name) => ownerFields[name] && getNamedType(ownerFields[name].type).name === typeName)) continue;
      for (const field of Object.values(ownerFields)) {
        const returned = getNamedType(field.type);
        const nodes = isObjectType(returned) ? returned.getFields()['nodes'] : undefined;
        if (field.deprecationReason || !nodes || getNamedType(nodes.type).name !== typeName) continue;
        this.addField(ownerName, field.name, false);
        this.ensureOutput(returned.name).add('nodes');
      }
    }
  }

  private neighbours(typeName: string): { to: string; field?: string }[] {
    const type = this.schema.getType(typeName);
    if (isUnionType(type)) return type.getTypes().map((member) => ({ to: member.name }));
    if (!isObjectType(type) && !isInterfaceType(type)) return [];
    const out: { to: string; field?: string }[] = [];
    for (const field of Object.values(type.getFields())) {
      if (field.deprecationReason) continue;
      const named = getNamedType(field.type);
      if (!isLeafType(named)) out.push({ to: named.name, field: field.name });
    }
    if (isInterfaceType(type)) for (const possible of this.schema.getPossibleTypes(type)) out.push({ to: possible.name });
    return out;
  }

  private addPath(typeName: string): void {
    const steps = this.paths.pathTo(typeName) ?? [];
    const firstHop = steps[1]?.type ?? (steps.length === 1 ? typeName : undefined);
    if (firstHop !== undefined && firstHop !== typeName) this.state.full.add(firstHop);
    for (const step of steps) {
      if (step.field !== undefined) this.addField(step.type, step.field, false);
      else if (isUnionType(this.schema.getType(step.type))) this.state.unions.add(step.type);
      else this.ensureOutput(step.type);
    }
  }

  private addField(typeName: string, fieldName: string, hit: boolean): void {
    const type = this.schema.getType(typeName);
    if (!isObjectType(type) && !isInterfaceType(type)) return;
    const field = type.getFields()[fieldName];
    if (!field) return;
    this.ensureOutput(typeName).add(fieldName);
    if (hit) this.state.described.add(`${typeName}.${fieldName}`);
    for (const argument of field.args) {
      if (hit || isNonNullType(argument.type)) this.addInputClosure(getNamedType(argument.type).name);
    }
    const returned = getNamedType(field.type);
    if (isLeafType(returned)) return this.addInputClosure(returned.name);
    if (!hit) return;
    if (isUnionType(returned)) return void this.state.unions.add(returned.name);
    this.ensureOutput(returned.name);
    this.state.leaves.add(returned.name);
    const nodes = isObjectType(returned) && returned.name.endsWith('Connection') ? returned.getFields()['nodes'] : undefined;
    if (nodes) {
      this.ensureOutput(returned.name).add('nodes');
      this.ensureOutput(getNamedType(nodes.type).name);
    }
  }

  /** An argument or input field type: input objects with all their fields, enums, custom scalars. */
  private addInputClosure(typeName: string): void {
    const type = this.schema.getType(typeName);
    if (isInputObjectType(type)) this.addInput(typeName);
    else if (isEnumType(type)) this.state.enums.add(typeName);
    else if (isScalarType(type) && !isSpecifiedScalarType(type)) this.state.scalars.add(typeName);
  }

  private addInput(typeName: string): void {
    if (this.state.inputs.has(typeName)) return;
    const type = this.schema.getType(typeName);
    if (!isInputObjectType(type)) return;
    this.state.inputs.add(typeName);
    for (const field of Object.values(type.getFields())) this.addInputClosure(getNamedType(field.type).name);
  }
}

function printArgs(args: readonly GraphQLArgument[]): string {
  if (args.length === 0) return '';
  const printed = args.map((arg) => {
    const fallback = defaultLiteral(arg);
    return `${arg.name}: ${String(arg.type)}${fallback ? ` = ${print(fallback)}` : ''}`;
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

/** Prints the state as compact SDL: roots first, then types in the order they were added. */
function printSlice(schema: GraphQLSchema, state: SliceState): string {
  const blocks: string[] = [];
  const rootNames = new Set(['query', 'mutation', 'subscription'].map((op) => schema.getRootType(op as RootOperation)?.name));
  const outputOrder = [...state.outputs.keys()].sort((a, b) => Number(rootNames.has(b)) - Number(rootNames.has(a)));
  for (const typeName of outputOrder) {
    const type = schema.getType(typeName);
    if (!isObjectType(type) && !isInterfaceType(type)) continue;
    const chosen = state.outputs.get(typeName) ?? new Set<string>();
    const lines: string[] = [];
    for (const field of Object.values(type.getFields())) {
      const described = state.described.has(`${typeName}.${field.name}`);
      const leaf = (state.full.has(typeName) || (state.leaves.has(typeName) && isLeafType(getNamedType(field.type)))) && !field.deprecationReason &&
        field.args.every((arg) => !isNonNullType(arg.type) || arg.default !== undefined);
      if (chosen.has(field.name) || leaf) lines.push(printField(field, described));
    }
    const keyword = isInterfaceType(type) ? 'interface' : 'type';
    const header = state.described.has(typeName) && type.description ? `#${comment(type.description).slice(2)}\n` : '';
    blocks.push(lines.length === 0 ? `${header}${keyword} ${typeName}` : `${header}${keyword} ${typeName} {\n${lines.join('\n')}\n}`);
  }
  for (const name of state.unions) {
    const type = schema.getType(name);
    if (isUnionType(type)) blocks.push(`union ${name} = ${type.getTypes().map((member) => member.name).join(' | ')}`);
  }
  for (const name of state.inputs) {
    const type = schema.getType(name);
    if (!isInputObjectType(type)) continue;
    blocks.push(cachedBlock(type, () => {
      const lines = Object.values(type.getFields()).map((field) => {
        const fallback = defaultLiteral(field);
        return `  ${field.name}: ${String(field.type)}${fallback ? ` = ${print(fallback)}` : ''}${comment(field.description)}`;
      });
      return `input ${name}${type.isOneOf ? ' @oneOf' : ''} {\n${lines.join('\n')}\n}`;
    }));
  }
  for (const name of state.enums) {
    const type = schema.getType(name);
    if (!isEnumType(type)) continue;
    blocks.push(cachedBlock(type, () => {
      const values = type.getValues().map((value) => value.name);
      const shown = values.slice(0, MAX_ENUM_VALUES).join(' ');
      const more = values.length > MAX_ENUM_VALUES ? ` # and ${values.length - MAX_ENUM_VALUES} more` : '';
      return `enum ${name} { ${shown} }${more}`;
    }));
  }
  if (state.scalars.size > 0) blocks.push([...state.scalars].map((name) => `scalar ${name}`).join('\n'));
  return blocks.join('\n');
}

/** Slices `schema` for `hits` (best first), keeping whole hits while the estimate stays within budget. */
export function sliceSchema(schema: GraphQLSchema, hits: readonly SliceTarget[], options: SliceOptions): SchemaSlice {
  const maxTokens = options.maxTokens ?? 8000;
  const slicer = new Slicer(schema, rootPaths(schema, options.roots));
  let usedHits = 0;
  let sdl = '';
  for (const hit of hits) {
    const before = slicer.state.clone();
    slicer.addTarget(hit);
    const candidate = printSlice(schema, slicer.state);
    if (usedHits > 0 && candidate.length / CHARS_PER_TOKEN > maxTokens) {
      slicer.state = before;
      continue;
    }
    sdl = candidate;
    usedHits += 1;
  }
  return { sdl, tokens: countTokens(sdl), fields: collectPrintedFields(sdl), usedHits };
}

/** `Type.field` of every field line printed in a slice. */
function collectPrintedFields(sdl: string): Set<string> {
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
