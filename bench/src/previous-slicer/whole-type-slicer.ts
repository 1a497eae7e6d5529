/**
 * The whole-type slicer (the previous slicer, before the field slicer of
 * @discovery/schema-slice): the part of a large schema a model needs for one prompt.
 * From ranked search hits it keeps the hit fields and types, the shortest root
 * paths to them, the input types and enums their arguments need, and the leaf
 * fields of the types they return (whole field lists for the types a model
 * navigates through), within a token budget; whole-type-slicer.printer.ts prints it. Nothing in
 * the product uses it any more (the composer and every request slice with the field slicer): it
 * is the baseline of the generate-slice bench and of the previous composer (bench/src/compose/previous).
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
  type GraphQLSchema,
} from 'graphql';
import type { RootOperation } from '@discovery/schema-symbols';
import { countTokens, rootPaths, type RootPaths } from '@discovery/schema-slice';
import { SliceState, collectPrintedFields, printSlice } from './whole-type-slicer.printer.js';

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
/** A hit's type is joined to the slice through at most this many fields before falling back to its root path. */
const MAX_HOPS = 3;
/** Output-type edges per schema and type (non-leaf fields, union members, implementations). */
const neighbourCache = new WeakMap<GraphQLSchema, Map<string, { to: string; field?: string }[]>>();

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
      if (isInputObjectType(type)) {
        this.addInput(type.name);
        return;
      }
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
    if (isInputObjectType(type)) {
      this.addInput(typeName);
      return;
    }
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
      search: for (const from of frontier) {
        for (const { to, field } of this.neighbours(from)) {
          if (previous.has(to)) continue;
          previous.set(to, field === undefined ? { from } : { from, field });
          if (to === typeName) break search;
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
   * Links the types already in the slice: a field of one that returns a connection of
   * another (`Organization.repositories` with `nodes`), or an abstract type another
   * implements (`Ref.target: GitObject` when `Commit` is in), is added with that access.
   */
  linkTypes(): void {
    const present = new Set(this.state.outputs.keys());
    for (const ownerName of present) {
      const owner = this.schema.getType(ownerName);
      if (!isObjectType(owner) && !isInterfaceType(owner)) continue;
      for (const field of Object.values(owner.getFields())) {
        if (field.deprecationReason || field.args.some((arg) => isNonNullType(arg.type) && arg.default === undefined && !isLeafType(getNamedType(arg.type))))
          continue;
        const returned = getNamedType(field.type);
        const nodes = isObjectType(returned) && returned.name.endsWith('Connection') ? returned.getFields()['nodes'] : undefined;
        if (nodes && present.has(getNamedType(nodes.type).name) && !present.has(returned.name)) {
          this.ensureOutput(ownerName).add(field.name);
          this.ensureOutput(returned.name).add('nodes');
        } else if (
          (isInterfaceType(returned) || isUnionType(returned)) &&
          !present.has(returned.name) &&
          this.schema.getPossibleTypes(returned).some((possible) => present.has(possible.name))
        ) {
          this.ensureOutput(ownerName).add(field.name);
          if (isUnionType(returned)) this.state.unions.add(returned.name);
          else this.ensureOutput(returned.name);
        }
      }
    }
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
    let bySchema = neighbourCache.get(this.schema);
    if (!bySchema) {
      bySchema = new Map();
      neighbourCache.set(this.schema, bySchema);
    }
    let out = bySchema.get(typeName);
    if (!out) {
      out = this.computeNeighbours(typeName);
      bySchema.set(typeName, out);
    }
    return out;
  }

  private computeNeighbours(typeName: string): { to: string; field?: string }[] {
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
    if (isLeafType(returned)) {
      this.addInputClosure(returned.name);
      return;
    }
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

  /**
   * An input type and every input type its fields lead to, with their enums and scalars. A work
   * list, not recursion: a chain of 15,000 input types overflowed the stack (issue 23 finding 4).
   */
  private addInput(typeName: string): void {
    const pending = [typeName];
    while (pending.length > 0) {
      const name = pending.pop() as string;
      if (this.state.inputs.has(name)) continue;
      const type = this.schema.getType(name);
      if (!isInputObjectType(type)) continue;
      this.state.inputs.add(name);
      for (const field of Object.values(type.getFields())) {
        const named = getNamedType(field.type);
        if (isInputObjectType(named)) pending.push(named.name);
        else this.addInputClosure(named.name);
      }
    }
  }
}

/** The previous slicer (whole types from hits), kept for comparison in the generate-slice bench; use sliceSchema. */
export function sliceSchemaByHits(schema: GraphQLSchema, hits: readonly SliceTarget[], options: SliceOptions): SchemaSlice {
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
  slicer.linkTypes();
  const linked = printSlice(schema, slicer.state);
  if (linked.length / CHARS_PER_TOKEN <= maxTokens) sdl = linked;
  return { sdl, tokens: countTokens(sdl), fields: collectPrintedFields(sdl), usedHits };
}
