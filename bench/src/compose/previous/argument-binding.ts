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
  type GraphQLSchema,
} from 'graphql';
import type { DraftScope, DraftSelection } from './operation-draft.js';
import { comparisonOf, literalFits, literalSource, type PromptLiteral } from './prompt-literals.js';
import { nameStems, stem } from './prompt-words.js';

/** Page size given to connections the prompt gives none for. */
export const DEFAULT_PAGE_SIZE = 10;

const DATE_ARGS = /^(since|until|after|before|from|to|start|end|created|updated)/i;

export class ArgumentBinder {
  /** Variable name -> declared type, for required arguments without a value. */
  readonly variables = new Map<string, string>();
  private readonly unused: PromptLiteral[];

  constructor(
    private readonly schema: GraphQLSchema,
    literals: readonly PromptLiteral[],
    private readonly promptStems: ReadonlySet<string>,
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
      const literal = this.take(arg, field.name, 0);
      selection.args.set(arg.name, literal ? literalSource(literal, getNamedType(arg.type).name) : this.variable(arg));
    }
    for (const arg of optional) {
      const filter = this.filterValue(arg);
      if (filter) {
        selection.args.set(arg.name, filter);
        continue;
      }
      const literal = this.take(arg, field.name, 2);
      if (literal) {
        const source = literalSource(literal, getNamedType(arg.type).name);
        selection.args.set(arg.name, isListType(isNonNullType(arg.type) ? arg.type.ofType : arg.type) ? `[${source}]` : source);
        continue;
      }
      const value = this.enumValue(arg);
      if (value) selection.args.set(arg.name, value);
    }
    const named = getNamedType(field.type);
    const pageArgs = field.args.map((arg) => arg.name);
    if (named.name.endsWith('Connection') && pageArgs.includes('first') && !selection.args.has('first') && !selection.args.has('last')) {
      selection.args.set('first', String(DEFAULT_PAGE_SIZE));
    }
  }

  /** The best literal for `arg` scoring at least `minScore` above a bare type fit; removed from the pool. */
  private take(arg: GraphQLArgument, fieldName: string, minScore: number): PromptLiteral | undefined {
    const named = getNamedType(arg.type);
    if (!isLeafType(named) || isEnumType(named)) return undefined;
    let best: { literal: PromptLiteral; score: number } | undefined;
    for (const literal of this.unused) {
      if (!literalFits(literal, named.name) || comparisonOf(literal) !== 'eq') continue;
      const score = this.affinity(literal, arg.name, fieldName, named.name);
      if (score >= minScore && (!best || score > best.score)) best = { literal, score };
    }
    if (!best) return undefined;
    this.unused.splice(this.unused.indexOf(best.literal), 1);
    return best.literal;
  }

  private affinity(literal: PromptLiteral, argName: string, fieldName: string, typeName: string): number {
    const arg = argName.toLowerCase();
    const before = new Set(literal.before.map(stem));
    let score = 0;
    const argStems = nameStems(argName);
    if (argStems.some((part) => before.has(part))) score += 2;
    if (nameStems(fieldName).some((part) => before.has(part))) score += 0.5;
    if (literal.kind === 'owner' && /^(owner|login|org|organization|user)$/.test(arg)) score += 3;
    if (literal.kind === 'repo' && /^(name|repo|repository|repositoryname)$/.test(arg)) score += 3;
    if (literal.kind === 'handle' && /^(login|owner|user|username|handle)$/.test(arg)) score += 3;
    if (literal.kind === 'id' && /id$/.test(arg)) score += 1;
    if ((literal.kind === 'date' || literal.kind === 'datetime') && DATE_ARGS.test(argName)) score += 2;
    if (typeName === 'Int' && literal.kind === 'int' && /^(first|last|limit|top|count)$/.test(arg) && before.has(arg)) score += 1;
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

  private variable(arg: GraphQLArgument): string {
    let name = arg.name;
    for (let suffix = 2; this.variables.has(name); suffix += 1) name = `${arg.name}${suffix}`;
    this.variables.set(name, String(arg.type));
    return `$${name}`;
  }
}
