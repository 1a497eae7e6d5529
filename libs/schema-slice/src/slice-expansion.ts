/**
 * SliceExpansion: what a slice adds once its hits are in, while the budget
 * lasts. First more fields of the types it reaches, by relevance per token, in
 * rounds (a round that reaches new types earns another); then the arguments
 * not yet shown on printed fields. Candidates are scored once per slice, so
 * refilling after the exact count costs little.
 */
import {
  getNamedType,
  isAbstractType,
  isEnumType,
  isInterfaceType,
  isLeafType,
  isObjectType,
  isRequiredArgument,
  type GraphQLField,
  type GraphQLSchema,
} from 'graphql';
import type { FieldSlicer } from './field-slicer.js';
import type { BudgetedSlice } from './slice-budget.js';
import { isHiddenField, isPagingPlumbing, MAX_POSSIBLE, unwrapField } from './slice-paths.js';
import type { SliceRelevance } from './slice-relevance.js';

type Field = GraphQLField<unknown, unknown>;

interface Candidate {
  owner: string;
  field: Field;
  score: number;
  /** Score per square root of the tokens of the field's line. */
  value: number;
}

/** An expansion candidate at least this relevant counts as left out (truncated) when it does not fit. */
const RELEVANT_FIELD = 0.3;
/** Expansion rounds: each offers the fields of the types the previous one reached. */
const EXPAND_ROUNDS = 3;
/** Types with at most this many fields (money, addresses, counts) are worth filling in even when not named. */
const SMALL_TYPE = 8;
/** Prior of a date field when the query names a time window or an order. */
const DATE_PRIOR = 0.3;
/** Prior of a small type's fields when the query is about that type. */
const SMALL_TYPE_PRIOR = 0.3;
/** Prior of a field whose enum has a value the query names. */
const ENUM_MATCH_PRIOR = 0.5;
const LEAF_PRIOR = 0.08;
/** Fields that name or identify an object. */
const IDENTITY_PRIOR: Record<string, number> = { id: 0.3, name: 0.35, title: 0.35, login: 0.3, handle: 0.25, number: 0.25 };
/** Weights of types the query does not name: roots (entries), small types (values), others. */
const ROOT_WEIGHT = 0.5;
const SMALL_WEIGHT = 0.3;
const OTHER_WEIGHT = 0.15;

export class SliceExpansion {
  private readonly rootNames: Set<string>;
  /** Candidates per type, scored once. */
  private readonly byType = new Map<string, Candidate[]>();

  constructor(
    private readonly schema: GraphQLSchema,
    private readonly relevance: SliceRelevance,
    private readonly slicer: FieldSlicer,
    private readonly budget: BudgetedSlice,
  ) {
    this.rootNames = new Set([schema.getQueryType()?.name, schema.getMutationType()?.name].flatMap((name) => (name ? [name] : [])));
  }

  /** More fields of reached types, then more arguments of printed fields, then the values of enums they return. */
  run(): void {
    this.expandFields();
    this.showArguments();
    this.showEnums();
  }

  /** With budget left, the values of enums that printed fields return, in the order the fields were added. */
  private showEnums(): void {
    const selection = this.budget.selection;
    for (const [owner, picks] of selection.outputs) {
      const type = this.schema.getType(owner);
      if (!isObjectType(type) && !isInterfaceType(type)) continue;
      for (const name of picks.keys()) {
        if (this.budget.full()) return;
        const named = getNamedType(type.getFields()[name]?.type);
        if (isEnumType(named) && !selection.enums.has(named.name)) this.budget.attempt(() => selection.addEnum(named.name), false);
      }
    }
  }

  /** More fields of the types in the slice, by relevance per token, while the budget lasts. */
  private expandFields(): void {
    const selection = this.budget.selection;
    const tried = new Set<Field>();
    for (let round = 0; round < EXPAND_ROUNDS && !this.budget.full(); round += 1) {
      const reachedBefore = selection.reached.size;
      const candidates: Candidate[] = [];
      for (const name of selection.reached) {
        for (const candidate of this.candidatesOf(name)) {
          if (!tried.has(candidate.field) && !selection.has(name, candidate.field.name)) candidates.push(candidate);
        }
      }
      candidates.sort((a, b) => b.value - a.value);
      for (const { owner, field, score } of candidates) {
        if (this.budget.full()) return;
        tried.add(field);
        this.budget.attempt(() => this.slicer.addField(owner, field, score), score >= RELEVANT_FIELD);
      }
      if (selection.reached.size === reachedBefore) return;
    }
  }

  private candidatesOf(typeName: string): Candidate[] {
    let candidates = this.byType.get(typeName);
    if (candidates) return candidates;
    candidates = [];
    this.byType.set(typeName, candidates);
    const type = this.schema.getType(typeName);
    if (!isObjectType(type) && !isInterfaceType(type)) return candidates;
    const fields = Object.values(type.getFields());
    const small = fields.length <= SMALL_TYPE;
    const weight = Math.max(this.relevance.typeScore(typeName), this.rootNames.has(typeName) ? ROOT_WEIGHT : small ? SMALL_WEIGHT : OTHER_WEIGHT);
    for (const field of fields) {
      if (isHiddenField(field) || isPagingPlumbing(type, field.name)) continue;
      if (field.args.some((arg) => isRequiredArgument(arg) && !isLeafType(getNamedType(arg.type)))) continue;
      const score =
        weight * (this.relevance.fieldHits.get(`${typeName}.${field.name}`) ?? 0) +
        weight * this.relevance.fieldTermMatch(field.name) * 0.8 +
        weight * this.prior(field, small && weight >= 0.5);
      candidates.push({ owner: typeName, field, score, value: score / Math.sqrt(this.slicer.lineCost(field, score)) });
    }
    return candidates;
  }

  /** What a field is worth before the query's words: identity, dates, named states, the relevance of where it leads. */
  private prior(field: Field, ofRelevantSmallType: boolean): number {
    const target = unwrapField(field).target;
    const leaf = isLeafType(getNamedType(field.type));
    let prior = leaf ? (IDENTITY_PRIOR[field.name] ?? LEAF_PRIOR) : 0.4 * this.targetScore(target) + 0.02;
    // A state the query names (`closed`, `ADMIN`) makes its field worth printing.
    if (this.relevance.enumMatch(target)) prior += ENUM_MATCH_PRIOR;
    // A time window or an order ("last month", "most recent") needs the type's dates.
    if (leaf && this.relevance.wantsDates() && this.relevance.isDate(target)) prior = Math.max(prior, DATE_PRIOR);
    // A small type the query is about is worth printing whole (`ReopenedEvent`).
    if (ofRelevantSmallType) prior = Math.max(prior, SMALL_TYPE_PRIOR);
    return prior;
  }

  /** A type's relevance, or for an abstract type (`GitObject`) the best of its possible types. */
  private targetScore(name: string): number {
    const type = this.schema.getType(name);
    let score = this.relevance.typeScore(name);
    if (type && isAbstractType(type)) {
      const possible = this.schema.getPossibleTypes(type);
      if (possible.length <= MAX_POSSIBLE) for (const member of possible) score = Math.max(score, this.relevance.typeScore(member.name));
    }
    return score;
  }

  /**
   * With budget left, the arguments not yet shown on printed fields (filters, sorting,
   * options), most relevant fields first: with their input types and enums, else alone.
   */
  private showArguments(): void {
    const selection = this.budget.selection;
    const candidates: { owner: string; field: Field; args: string[]; score: number }[] = [];
    for (const [owner, picks] of selection.outputs) {
      const type = this.schema.getType(owner);
      if (!isObjectType(type) && !isInterfaceType(type)) continue;
      for (const [name, pick] of picks) {
        const field = type.getFields()[name];
        const args = field?.args.filter((arg) => !pick.args.has(arg.name) && !arg.deprecationReason).map((arg) => arg.name) ?? [];
        if (!field || args.length === 0) continue;
        const score =
          (this.relevance.fieldHits.get(`${owner}.${name}`) ?? 0) + this.relevance.typeScore(unwrapField(field).target) + 0.5 * this.relevance.typeScore(owner);
        candidates.push({ owner, field, args, score });
      }
    }
    candidates.sort((a, b) => b.score - a.score);
    for (const { owner, field, args } of candidates) {
      if (this.budget.full()) return;
      if (!this.budget.attempt(() => this.slicer.addArguments(owner, field, args, true), false)) {
        this.budget.attempt(() => this.slicer.addArguments(owner, field, args, false), false);
      }
    }
  }
}
