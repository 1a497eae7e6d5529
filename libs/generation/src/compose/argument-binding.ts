/**
 * Binds the prompt's literals to the arguments of a composed operation, root
 * first: a required argument takes the best-fitting literal (type first, then
 * the words before the literal naming the argument or its field), else a
 * required variable; an optional argument takes a literal only when the prompt
 * names it ("first 10", "since 2026-05-01") or names one of its enum values;
 * a connection without a page size gets `first: 10`.
 */
import {
  getNamedType,
  isEnumType,
  isInputObjectType,
  isInterfaceType,
  isLeafType,
  isListType,
  isNonNullType,
  isObjectType,
  type GraphQLArgument,
  type GraphQLField,
  type GraphQLNamedType,
  type GraphQLSchema,
} from 'graphql';
import type { DraftScope, DraftSelection } from './operation-draft.js';
import { comparisonOf, literalFits, literalSource, type PromptLiteral } from './prompt-literals.js';
import { nameStems, stem } from './prompt-words.js';
import { picksNamedObject } from './capital-values.js';

/** Page size given to connections the prompt gives none for. */
export const DEFAULT_PAGE_SIZE = 10;

/** The order a list request asks for. */
export interface ListOrder {
  direction: 'asc' | 'desc';
  /** The date it is about: creation unless the request says "updated". */
  on: 'created' | 'updated';
}

/** "the most recent", "latest", "newest" -> newest first; "oldest", "earliest" -> oldest first. */
export function listOrderOf(prompt: string): ListOrder | undefined {
  const lower = prompt.toLowerCase();
  const on = /\b(updated|modified|changed|active)\b/.test(lower) ? 'updated' : 'created';
  if (/\b(most recent(ly)?|latest|newest|recently|last created|new(est)? first)\b/.test(lower)) return { direction: 'desc', on };
  if (/\b(oldest|earliest|first created)\b/.test(lower)) return { direction: 'asc', on };
  return undefined;
}

const ORDER_ARGS = /^(orderBy|order_by|order|sort|sortBy|sort_by|sortKey|sort_key)$/i;

/** Arguments that say how many items a list gives. */
const PAGE_SIZE_ARGS = /^(first|last|limit|top|take|count|size|pageSize|page_size|perPage|per_page|max|maxResults)$/i;

/**
 * Whether a number counts the items of a list field: "top 3", "the 10 most recent", "5 issues",
 * "first 20" (the words around it order or name the items).
 */
function countsItems(literal: PromptLiteral, fieldName: string): boolean {
  const previous = literal.before.at(-1) ?? '';
  if (/^(top|first|last|latest|newest|recent|oldest|earliest)$/.test(previous)) return true;
  const after = (literal.after ?? []).map(stem);
  const names = nameStems(fieldName);
  return after.slice(0, 3).some((word) => /^(most|latest|newest|recent|oldest|earliest|last|top|biggest|largest)$/.test(word) || names.includes(word));
}

/** An argument or an input field: what a value is bound to. */
type InputLike = Pick<GraphQLArgument, 'name' | 'type'>;

const DATE_ARGS = /^(since|until|after|before|from|to|start|end|created|updated)/i;

/** Stems of the words before a literal, computed once per literal. */
const stemsBefore = new WeakMap<PromptLiteral, Set<string>>();
function beforeStems(literal: PromptLiteral): Set<string> {
  let stems = stemsBefore.get(literal);
  if (!stems) {
    stems = new Set(literal.before.map(stem));
    stemsBefore.set(literal, stems);
  }
  return stems;
}

export class ArgumentBinder {
  /** Variable name -> declared type, for required arguments without a value. */
  readonly variables = new Map<string, string>();
  private readonly unused: PromptLiteral[];
  private ordered = false;

  constructor(
    private readonly schema: GraphQLSchema,
    literals: readonly PromptLiteral[],
    private readonly promptStems: ReadonlySet<string>,
    /** The order a list request asks for ("the most recent", "the oldest"), and on which date ("recently updated"). */
    private readonly order?: ListOrder,
  ) {
    this.unused = [...literals];
  }

  /** Literals no argument took. */
  get leftover(): readonly PromptLiteral[] {
    return this.unused;
  }

  bind(scope: DraftScope): void {
    const type = this.schema.getType(scope.typeName);
    for (const selection of scope.selections) {
      if (selection.kind === 'fragment') {
        this.bind({ typeName: selection.typeName, selections: selection.selections });
        continue;
      }
      if (!isObjectType(type) && !isInterfaceType(type)) continue;
      const field = type.getFields()[selection.name];
      if (!field) continue;
      this.bindField(selection, field);
      const named = getNamedType(field.type);
      if (!isLeafType(named)) this.bind({ typeName: named.name, selections: selection.selections });
    }
  }

  private bindField(selection: DraftSelection & { kind: 'field' }, field: GraphQLField<unknown, unknown>): void {
    const required = field.args.filter((arg) => isNonNullType(arg.type) && arg.default === undefined);
    const optional = field.args.filter((arg) => !required.includes(arg));
    for (const arg of required) {
      const object = this.inputObjectValue(arg, field.name);
      if (object) {
        selection.args.set(arg.name, object);
        continue;
      }
      const code = this.enumCode(arg);
      if (code) {
        selection.args.set(arg.name, code);
        continue;
      }
      const literal = this.take(arg, field.name, 0, field);
      selection.args.set(arg.name, literal ? this.source(literal, arg) : this.variable(arg));
    }
    const ordered = this.orderValue(field);
    for (const [name, value] of ordered) selection.args.set(name, value);
    for (const arg of optional) {
      if (ordered.has(arg.name)) continue;
      const filter = this.filterValue(arg);
      if (filter) {
        selection.args.set(arg.name, filter);
        continue;
      }
      const literal = this.take(arg, field.name, 2, field);
      if (literal) {
        selection.args.set(arg.name, this.source(literal, arg));
        continue;
      }
      const value = this.enumCode(arg) ?? this.enumValue(arg);
      if (value) selection.args.set(arg.name, value);
    }
    const named = getNamedType(field.type);
    const pageArgs = field.args.map((arg) => arg.name);
    if (named.name.endsWith('Connection') && pageArgs.includes('first') && !selection.args.has('first') && !selection.args.has('last')) {
      selection.args.set('first', String(DEFAULT_PAGE_SIZE));
    }
  }

  /** The literal as a value of `input` (in a list when the input takes a list). */
  private source(literal: PromptLiteral, input: InputLike): string {
    const source = literalSource(literal, getNamedType(input.type).name);
    return isListType(isNonNullType(input.type) ? input.type.ofType : input.type) ? `[${source}]` : source;
  }

  /**
   * A required input object (`input: RefundInput!`) the prompt gives values for: an object literal
   * with the fields the values are named for (the words before the value name the field: "order
   * 1042" -> orderId), each other required field a required variable of its own type. Undefined
   * when no value fits a field (the whole object is then one variable).
   */
  private inputObjectValue(arg: GraphQLArgument, fieldName: string): string | undefined {
    const type = getNamedType(arg.type);
    if (!isInputObjectType(type) || isListType(isNonNullType(arg.type) ? arg.type.ofType : arg.type) || this.unused.length === 0) return undefined;
    const before = [...this.unused];
    const parts: string[] = [];
    const pending: InputLike[] = [];
    let bound = 0;
    for (const inner of Object.values(type.getFields())) {
      const required = isNonNullType(inner.type) && inner.default === undefined;
      const literal = this.take(inner, fieldName, required ? 1 : 2);
      if (literal) {
        parts.push(`${inner.name}: ${this.source(literal, inner)}`);
        bound += 1;
      } else if (required) pending.push(inner);
    }
    if (bound === 0) {
      this.unused.splice(0, this.unused.length, ...before);
      return undefined;
    }
    for (const inner of pending) parts.push(`${inner.name}: ${this.variable(inner)}`);
    return `{${parts.join(', ')}}`;
  }

  /**
   * The best literal for `arg` scoring at least `minScore` above a bare type fit; removed from the pool.
   * A code ("HEAD", "SUMMER25") is taken only where the words before it name the argument ("code
   * SUMMER25") or the word after it names the one object `field` returns ("the HEAD commit").
   */
  private take(arg: InputLike, fieldName: string, minScore: number, field?: GraphQLField<unknown, unknown>): PromptLiteral | undefined {
    const named = getNamedType(arg.type);
    if (!isLeafType(named) || isEnumType(named)) return undefined;
    let best: { literal: PromptLiteral; score: number } | undefined;
    for (const literal of this.unused) {
      if (!literalFits(literal, named.name) || comparisonOf(literal) !== 'eq') continue;
      let score = this.affinity(literal, arg.name, fieldName, named.name);
      // An email address goes only to an argument named for one (never a column id or a login).
      if (literal.kind === 'email' && !nameStems(arg.name).includes('email')) continue;
      if (literal.kind === 'code') {
        const picks = field !== undefined && picksNamedObject(this.schema, literal, field);
        if (picks) score += 2;
        else if (!nameStems(arg.name).some((part) => beforeStems(literal).has(part))) continue;
      }
      if (score >= minScore && (!best || score > best.score)) best = { literal, score };
    }
    if (!best) return undefined;
    this.unused.splice(this.unused.indexOf(best.literal), 1);
    return best.literal;
  }

  private affinity(literal: PromptLiteral, argName: string, fieldName: string, typeName: string): number {
    const arg = argName.toLowerCase();
    const before = beforeStems(literal);
    let score = 0;
    const argStems = nameStems(argName);
    if (argStems.some((part) => before.has(part))) score += 2;
    const fieldNamed = nameStems(fieldName).some((part) => before.has(part));
    if (fieldNamed) score += 0.5;
    // "board 12345" on `boards(ids:)`: the field's own word names the value of its id argument.
    if (fieldNamed && /^(id|ids|key|keys)$/i.test(argName)) score += 1.5;
    if (literal.kind === 'owner' && /^(owner|login|org|organization|user)$/.test(arg)) score += 3;
    if (literal.kind === 'repo' && /^(name|repo|repository|repositoryname)$/.test(arg)) score += 3;
    if (literal.kind === 'handle' && /^(login|owner|user|username|handle)$/.test(arg)) score += 3;
    if (literal.kind === 'id' && /id$/.test(arg)) score += 1;
    // An email address goes to the argument named for one (`email`, `emails`, `customerEmail`).
    if (literal.kind === 'email' && argStems.includes('email')) score += 3;
    if ((literal.kind === 'date' || literal.kind === 'datetime') && DATE_ARGS.test(argName)) score += 2;
    if (typeName === 'Int' && literal.kind === 'int' && /^(first|last|limit|top|count)$/.test(arg) && before.has(arg)) score += 1;
    if (literal.kind === 'int' && PAGE_SIZE_ARGS.test(argName) && countsItems(literal, fieldName)) score += 2.5;
    return score;
  }

  /**
   * A filter object (`{total_cattle: {gt: 6245, lt: 8584}}`) from the numbers the prompt compares:
   * the filter field is the one named in the words before the number, the operator from "greater
   * than", "less than", "not" (else equality).
   */
  private filterValue(arg: GraphQLArgument): string | undefined {
    const filterType = getNamedType(arg.type);
    if (!isInputObjectType(filterType) || !/^(filter|where|condition)$/i.test(arg.name)) return undefined;
    const parts = new Map<string, string[]>();
    for (const literal of [...this.unused]) {
      if (literal.kind !== 'int' && literal.kind !== 'float' && literal.kind !== 'date' && literal.kind !== 'string') continue;
      const context = literal.context.map(stem);
      let best: { name: string; score: number } | undefined;
      for (const field of Object.values(filterType.getFields())) {
        const positions = nameStems(field.name).map((part) => context.lastIndexOf(part));
        const found = positions.filter((at) => at >= 0);
        if (found.length === 0) continue;
        const score = 10 * found.length + Math.max(...found);
        if (!best || score > best.score) best = { name: field.name, score };
      }
      const target = best ? filterType.getFields()[best.name] : undefined;
      const inner = target ? getNamedType(target.type) : undefined;
      if (!target || !inner) continue;
      const op = comparisonOf(literal);
      if (isInputObjectType(inner)) {
        const opField = inner.getFields()[op] ?? (literal.kind === 'string' ? inner.getFields()['like'] : undefined);
        const opType = opField ? getNamedType(opField.type) : undefined;
        if (!opField || !opType || !literalFits(literal, opType.name)) continue;
        const value = opField.name === 'like' ? JSON.stringify(`%${literal.text}%`) : literalSource(literal, opType.name);
        const existing = parts.get(target.name) ?? [];
        if (existing.some((entry) => entry.startsWith(`${opField.name}:`))) continue;
        parts.set(target.name, [...existing, `${opField.name}: ${value}`]);
      } else if (isLeafType(inner) && op === 'eq' && literalFits(literal, inner.name) && !parts.has(target.name)) {
        parts.set(target.name, [literalSource(literal, inner.name)]);
      } else continue;
      this.unused.splice(this.unused.indexOf(literal), 1);
    }
    if (parts.size === 0) return undefined;
    const fields = [...parts].map(([name, values]) => {
      const inner = getNamedType(filterType.getFields()[name]?.type ?? arg.type);
      return isInputObjectType(inner) ? `${name}: {${values.join(', ')}}` : `${name}: ${values[0]}`;
    });
    return `{${fields.join(', ')}}`;
  }

  /**
   * The order a list request asks for, on the field's order argument: `{field: CREATED_AT,
   * direction: DESC}` for an order input, or an enum sort key (`sortKey: CREATED_AT`) with
   * `reverse: true` for the newest first.
   */
  private orderValue(field: GraphQLField<unknown, unknown>): Map<string, string> {
    const out = new Map<string, string>();
    // The first list on the way (root first) is the one the request orders; nested lists keep their own order.
    if (!this.order || this.ordered) return out;
    const arg = field.args.find((candidate) => ORDER_ARGS.test(candidate.name));
    if (!arg) return out;
    this.ordered = true;
    const dateValue = (type: GraphQLNamedType): string | undefined => {
      if (!isEnumType(type)) return undefined;
      const names = type
        .getValues()
        .filter((value) => !value.deprecationReason)
        .map((value) => value.name);
      const wanted = this.order?.on === 'updated' ? /^UPDATED/i : /^CREATED/i;
      return names.find((name) => wanted.test(name)) ?? names.find((name) => /^(CREATED|DATE|TIME|ID)/i.test(name));
    };
    const named = getNamedType(arg.type);
    const list = isListType(isNonNullType(arg.type) ? arg.type.ofType : arg.type);
    const descending = this.order.direction === 'desc';
    if (isInputObjectType(named)) {
      const fields = named.getFields();
      const by = fields['field'] ?? fields['sort'] ?? fields['key'];
      const direction = fields['direction'] ?? fields['order'];
      const value = by ? dateValue(getNamedType(by.type)) : undefined;
      const directionType = direction ? getNamedType(direction.type) : undefined;
      const way = isEnumType(directionType) ? directionType.getValues().find((v) => (descending ? /^DESC/i : /^ASC/i).test(v.name))?.name : undefined;
      if (!by || !value || !direction || !way) return out;
      const object = `{${by.name}: ${value}, ${direction.name}: ${way}}`;
      out.set(arg.name, list ? `[${object}]` : object);
      return out;
    }
    const value = dateValue(named);
    if (!value) return out;
    out.set(arg.name, list ? `[${value}]` : value);
    const reverse = field.args.find((candidate) => candidate.name === 'reverse' && getNamedType(candidate.type).name === 'Boolean');
    if (reverse && descending) out.set(reverse.name, 'true');
    return out;
  }

  /** A code of the prompt written as one of the enum's values ("CREDIT" for `type: TransactionType`); removed from the pool. */
  private enumCode(arg: GraphQLArgument): string | undefined {
    const named = getNamedType(arg.type);
    if (!isEnumType(named)) return undefined;
    const literal = this.unused.find(
      (candidate) => candidate.kind === 'code' && named.getValue(candidate.text)?.deprecationReason === undefined && named.getValue(candidate.text),
    );
    if (!literal) return undefined;
    this.unused.splice(this.unused.indexOf(literal), 1);
    const inner = isNonNullType(arg.type) ? arg.type.ofType : arg.type;
    return isListType(inner) ? `[${literal.text}]` : literal.text;
  }

  /** An enum value the prompt names, for an optional enum (or enum list) argument. */
  private enumValue(arg: GraphQLArgument): string | undefined {
    const named = getNamedType(arg.type);
    if (!isEnumType(named)) return undefined;
    const value = named.getValues().find((candidate) => {
      const stems = nameStems(candidate.name.toLowerCase());
      return !candidate.deprecationReason && stems.length === 1 && this.promptStems.has(stems[0] as string);
    });
    if (!value) return undefined;
    const inner = isNonNullType(arg.type) ? arg.type.ofType : arg.type;
    return isListType(inner) ? `[${value.name}]` : value.name;
  }

  private variable(arg: InputLike): string {
    let name = arg.name;
    for (let suffix = 2; this.variables.has(name); suffix += 1) name = `${arg.name}${suffix}`;
    this.variables.set(name, String(arg.type));
    return `$${name}`;
  }
}
