/**
 * FieldSlicer: the units of work a field slice is built from. Entering a type
 * (its root entries and identifying fields), adding a hit field (with the
 * arguments worth printing, their input types one level deep and enums, and
 * its connection unwrapped), and expanding relevant types field by field by
 * relevance per token. Each unit is tried against the budget as a whole by
 * schema-slicer.ts.
 */
import {
  getNamedType,
  isEnumType,
  isInputObjectType,
  isInterfaceType,
  isLeafType,
  isObjectType,
  isRequiredArgument,
  isRequiredInputField,
  isUnionType,
  type GraphQLField,
  type GraphQLNamedType,
  type GraphQLSchema,
} from 'graphql';
import type { RootOperation } from '@discovery/schema-symbols';
import { rootPaths } from './schema-paths.js';
import { fieldLine } from './slice-lines.js';
import { isPagingPlumbing, pathFrom, rootEntries, unwrapField, type SliceStep } from './slice-paths.js';
import type { SliceHit, SliceRelevance } from './slice-relevance.js';
import { tokensOfLine, type SliceSelection } from './slice-selection.js';

const PAGINATION_ARGS = new Set(['first', 'after']);
/** Fields that name or identify an object, best first. */
const IDENTITY = ['id', 'name', 'title', 'login', 'handle', 'displayName', 'fullPath', 'number', 'email', 'slug', 'url'];
const IDENTITY_PER_TYPE = 2;
/** Input types with at most this many fields are printed whole; larger ones only by relevance. */
const SMALL_INPUT = 12;
const FROM_SLICE_HOPS = 2;
/** Root fields that lead straight to a type, kept per type: a list and single lookups. */
const DIRECT_ENTRIES = 3;
/** A type this relevant gets every root field that leads straight to it (`productByHandle` too). */
const ALL_ENTRIES_FROM = 0.8;
const MAX_DIRECT_ENTRIES = 8;
/** Object types of at most this many fields and no `id` are values (money, counts): their leaves come with them. */
const VALUE_TYPE_FIELDS = 4;
/** Fields with at most this many arguments print them all (`object(oid:, expression:)`). */
const FEW_ARGS = 2;

type Field = GraphQLField<unknown, unknown>;

export class FieldSlicer {
  private readonly rootNames: Set<string>;

  constructor(
    private readonly schema: GraphQLSchema,
    private readonly relevance: SliceRelevance,
    private readonly selection: SliceSelection,
    private readonly roots: readonly RootOperation[],
  ) {
    this.rootNames = new Set(roots.flatMap((op) => schema.getRootType(op)?.name ?? []));
  }

  private fieldOf(typeName: string, fieldName: string): Field | undefined {
    const type = this.schema.getType(typeName);
    return isObjectType(type) || isInterfaceType(type) ? type.getFields()[fieldName] : undefined;
  }

  /** Connects a type and shows its identifying fields (a hub, a type hit or a path target). */
  enter(typeName: string): void {
    const type = this.schema.getType(typeName);
    if (!isObjectType(type) && !isInterfaceType(type) && !isUnionType(type)) return;
    if (!this.connect(typeName)) return;
    if (isUnionType(type)) {
      this.selection.addUnion(typeName);
      return;
    }
    this.addIdentity(typeName);
  }

  /** Adds one search hit. */
  addHit(hit: SliceHit, describe: boolean): void {
    const { kind, name, typeName } = hit.symbol;
    if (kind === 'field') {
      const [owner = '', fieldName = ''] = name.split('.');
      const field = this.fieldOf(owner, fieldName);
      if (!field || !this.connect(owner)) return;
      this.addField(owner, field, this.relevance.fieldHits.get(name) ?? 0, describe);
      const target = unwrapField(field).target;
      if (!isLeafType(this.schema.getType(target))) this.addIdentity(target);
    } else if (kind === 'object' || kind === 'interface' || kind === 'union') {
      this.enter(name);
    } else if (kind === 'path' && typeName !== undefined) {
      this.enter(typeName);
    }
  }

  /** Identifying scalar fields of a type (`id`, `name`, ...), at most IDENTITY_PER_TYPE. */
  addIdentity(typeName: string): void {
    const type = this.schema.getType(typeName);
    if (!isObjectType(type) && !isInterfaceType(type)) return;
    const fields = type.getFields();
    let shown = 0;
    for (const name of IDENTITY) {
      const field = fields[name];
      if (!field || field.deprecationReason || field.args.some(isRequiredArgument) || !isLeafType(getNamedType(field.type))) continue;
      this.selection.addField(typeName, name, []);
      shown += 1;
      if (shown >= IDENTITY_PER_TYPE) return;
    }
  }

  /** The arguments printed on a field: required, pagination, and those relevant to the query. */
  chooseArgs(field: Field, score: number): string[] {
    if (field.args.length <= FEW_ARGS) return field.args.map((arg) => arg.name);
    return field.args
      .filter((arg) => isRequiredArgument(arg) || PAGINATION_ARGS.has(arg.name) || this.relevance.argumentRelevant(field, arg, score))
      .map((arg) => arg.name);
  }

  /** Adds a field with its arguments' types, and unwraps the connection it returns. */
  addField(owner: string, field: Field, score: number, describe = false): void {
    const args = this.chooseArgs(field, score);
    this.selection.addField(owner, field.name, args, describe);
    for (const name of args) {
      const arg = field.args.find((candidate) => candidate.name === name);
      if (arg) this.addInputType(getNamedType(arg.type).name, 0);
    }
    const named = getNamedType(field.type);
    if (isLeafType(named)) {
      this.addReturnedEnum(named);
      return;
    }
    const unwrapped = unwrapField(field);
    if (unwrapped.connection !== undefined) this.unwrapConnection(unwrapped.connection);
    this.addUnionOf(unwrapped.target);
    this.addValueFields(unwrapped.target, 1);
  }

  /** The values of an enum a printed field returns, when they matter to the query (later, with spare budget, in slice-expansion.ts). */
  private addReturnedEnum(type: GraphQLNamedType): void {
    if (isEnumType(type) && this.relevance.outputEnumRelevant(type.name)) this.selection.addEnum(type.name);
  }

  /** A union a field leads to, and its members the query names (`ReopenedEvent` of "reopened") as reached. */
  private addUnionOf(typeName: string): void {
    const type = this.schema.getType(typeName);
    if (!isUnionType(type)) return;
    this.selection.addUnion(typeName);
    if (!this.selection.reached.has(typeName)) return;
    for (const member of type.getTypes()) {
      if (this.relevance.termMatch(member.name) > 0) this.selection.reach(member.name);
    }
  }

  /**
   * The leaf fields of a value type (`MoneyV2 { amount currencyCode }`): a small object
   * without an identity, whose fields an operation must select to read anything.
   * Value types inside it (`MoneyBag.shopMoney`) are filled `depth` levels further.
   */
  private addValueFields(typeName: string, depth: number): void {
    const type = this.schema.getType(typeName);
    if (!isObjectType(type) || this.selection.outputs.has(typeName)) return;
    const fields = Object.values(type.getFields());
    if (fields.length > VALUE_TYPE_FIELDS || fields.some((field) => field.name === 'id')) return;
    for (const field of fields) {
      if (field.deprecationReason || field.args.some(isRequiredArgument)) continue;
      const named = getNamedType(field.type);
      if (isLeafType(named)) {
        this.selection.addField(typeName, field.name, []);
        this.addReturnedEnum(named);
      } else if (depth > 0 && isObjectType(named)) {
        this.selection.addField(typeName, field.name, []);
        this.addValueFields(named.name, depth - 1);
      }
    }
  }

  /** Shows more arguments of a printed field, with their enums and input types when `withTypes`. */
  addArguments(owner: string, field: Field, args: readonly string[], withTypes: boolean): void {
    this.selection.addField(owner, field.name, args);
    if (!withTypes) return;
    for (const name of args) {
      const arg = field.args.find((candidate) => candidate.name === name);
      if (arg) this.addInputType(getNamedType(arg.type).name, 0);
    }
  }

  /** `nodes` (or `edges { node }` when there are no `nodes` or the edges carry data), `pageInfo` and `totalCount` of a Relay connection. */
  private unwrapConnection(connection: string): void {
    const type = this.schema.getType(connection);
    if (!isObjectType(type)) return;
    const fields = type.getFields();
    for (const name of ['nodes', 'edges', 'pageInfo', 'totalCount']) {
      if (fields[name] && !isPagingPlumbing(type, name)) this.selection.addField(connection, name, []);
    }
    const edge = fields['edges'] ? getNamedType(fields['edges'].type) : undefined;
    if (isObjectType(edge) && edge.getFields()['node'] && this.selection.has(connection, 'edges')) this.selection.addField(edge.name, 'node', []);
    const pageInfo = fields['pageInfo'] ? getNamedType(fields['pageInfo'].type) : undefined;
    if (isObjectType(pageInfo)) {
      for (const name of ['hasNextPage', 'endCursor']) if (pageInfo.getFields()[name]) this.selection.addField(pageInfo.name, name, []);
    }
  }

  /** An argument's type: enums, and input objects one level deep (nested ones only when relevant). */
  private addInputType(typeName: string, depth: number): void {
    const type = this.schema.getType(typeName);
    if (isEnumType(type)) {
      this.selection.addEnum(typeName);
      return;
    }
    if (!isInputObjectType(type)) return;
    const fields = Object.values(type.getFields());
    const small = fields.length <= SMALL_INPUT;
    const chosen = fields.filter((field) => small || isRequiredInputField(field) || this.relevance.termMatch(field.name) > 0);
    const added = this.selection.addInput(
      typeName,
      chosen.map((field) => field.name),
    );
    for (const name of added) {
      const field = type.getFields()[name];
      if (!field) continue;
      const named = getNamedType(field.type);
      const relevant = this.relevance.termMatch(field.name) > 0 || this.relevance.inputHits.has(named.name);
      if (depth === 0 && relevant) this.addInputType(named.name, 1);
      else if (isEnumType(named) && relevant) this.selection.addEnum(named.name);
    }
  }

  /**
   * Makes a type reachable: from the types already in the slice (a short field path),
   * its root fields (a list and a single lookup), and a relevant hub one field above
   * it; the shortest root path when nothing else leads there. False when unreachable.
   */
  connect(typeName: string): boolean {
    if (this.selection.reached.has(typeName)) return true;
    const printed = [...this.selection.outputs.keys()].filter((name) => !this.rootNames.has(name) && this.selection.reached.has(name));
    const fromSlice = printed.length > 0 ? pathFrom(this.schema, printed, typeName, FROM_SLICE_HOPS) : undefined;
    if (fromSlice) this.applyPath(fromSlice);
    const entries = rootEntries(this.schema, this.roots, typeName);
    const direct = this.bestPaths(entries.direct, this.relevance.typeScore(typeName) >= ALL_ENTRIES_FROM ? MAX_DIRECT_ENTRIES : DIRECT_ENTRIES);
    for (const path of direct) this.applyPath(path);
    const [hub] = this.bestPaths(entries.viaHub, 1);
    if (hub && (direct.length === 0 || this.hubRelevant(hub))) this.applyPath(hub);
    if (!this.selection.reached.has(typeName)) {
      const steps = rootPaths(this.schema, this.roots).pathTo(typeName);
      if (!steps) return false;
      this.applyPath(
        steps.map((step, at) =>
          'field' in step && step.field !== undefined ? { owner: step.type, field: step.field } : { owner: step.type, member: steps[at + 1]?.type ?? typeName },
        ),
      );
    }
    return this.selection.reached.has(typeName);
  }

  private hubRelevant(path: SliceStep[]): boolean {
    const first = path[0];
    if (!first || !('field' in first)) return false;
    const field = this.fieldOf(first.owner, first.field);
    return field !== undefined && (this.relevance.typeScore(getNamedType(field.type).name) >= 0.3 || this.selection.reached.has(getNamedType(field.type).name));
  }

  /**
   * The best entry paths by the relevance of their fields (fewer required arguments first on
   * ties): at most one list (`orders`) and the rest single lookups (`order(id:)`, `orderByName`).
   */
  private bestPaths(paths: readonly SliceStep[][], count: number): SliceStep[][] {
    const scored = paths.map((path) => ({ path, score: this.pathScore(path) }));
    scored.sort((a, b) => b.score - a.score);
    const chosen: SliceStep[][] = [];
    let listSeen = false;
    for (const { path } of scored) {
      const last = path[path.length - 1];
      const field = last && 'field' in last ? this.fieldOf(last.owner, last.field) : undefined;
      const isList = field !== undefined && (unwrapField(field).connection !== undefined || String(field.type).includes('['));
      if (isList && listSeen) continue;
      listSeen ||= isList;
      chosen.push(path);
      if (chosen.length >= count) break;
    }
    return chosen;
  }

  private pathScore(path: SliceStep[]): number {
    let score = 0;
    for (const step of path) {
      if (!('field' in step)) continue;
      const field = this.fieldOf(step.owner, step.field);
      if (!field) continue;
      score += (this.relevance.fieldHits.get(`${step.owner}.${step.field}`) ?? 0) + 0.5 * this.relevance.termMatch(field.name);
      score += 0.5 * this.relevance.typeScore(getNamedType(field.type).name);
      score -= 0.15 * field.args.filter(isRequiredArgument).length;
    }
    return score - 0.3 * (path.length - 1);
  }

  private applyPath(path: readonly SliceStep[]): void {
    for (const step of path) {
      if ('member' in step) {
        if (isUnionType(this.schema.getType(step.owner))) this.selection.addUnion(step.owner);
        else this.selection.addTypeBlock(step.owner);
        this.selection.reach(step.member);
        continue;
      }
      const field = this.fieldOf(step.owner, step.field);
      if (field) this.addField(step.owner, field, this.relevance.fieldHits.get(`${step.owner}.${step.field}`) ?? 0);
    }
  }

  /** Estimated tokens of one more field line (for relevance per token). */
  lineCost(field: Field, score: number): number {
    return tokensOfLine(fieldLine(field, { args: new Set(this.chooseArgs(field, score)), describe: false }));
  }
}
