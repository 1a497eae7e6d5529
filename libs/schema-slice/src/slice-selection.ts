/**
 * SliceSelection: the schema elements a slice prints (fields with the
 * arguments shown, input fields, enums, unions) and an estimate of its size
 * in o200k tokens, kept line by line as elements are added. Every change is
 * journaled so that a unit of work that does not fit can be rolled back.
 */
import { getNamedType, isInterfaceType, isObjectType, type GraphQLSchema } from 'graphql';
import { countTokens } from './token-count.js';
import { enumLine, fieldLine, inputFieldLine, unionLine } from './slice-lines.js';

export interface FieldPick {
  /** Arguments printed on the field, by name. */
  args: Set<string>;
  /** Print a short description comment. */
  describe: boolean;
}

const lineTokens = new Map<string, number>();
const MAX_LINE_CACHE = 100_000;
/** Characters the memo may hold in all (its keys), and the longest line it keeps. */
const MAX_LINE_CACHE_CHARS = 8_000_000;
const MAX_CACHED_LINE = 2_000;
let cachedChars = 0;

/** Tokens of one printed line and its newline (o200k, memoized; linear in the line, token-count.ts). */
export function tokensOfLine(line: string): number {
  let tokens = lineTokens.get(line);
  if (tokens === undefined) {
    // In the printed SDL a line's indentation merges with the newline before it into one token.
    tokens = countTokens(line.trimStart()) + 1;
    if (line.length > MAX_CACHED_LINE) return tokens;
    if (lineTokens.size >= MAX_LINE_CACHE || cachedChars + line.length > MAX_LINE_CACHE_CHARS) {
      lineTokens.clear();
      cachedChars = 0;
    }
    lineTokens.set(line, tokens);
    cachedChars += line.length;
  }
  return tokens;
}

export class SliceSelection {
  /** Object and interface types with their printed fields, in the order they were added. */
  readonly outputs = new Map<string, Map<string, FieldPick>>();
  /** Input types with their printed fields. */
  readonly inputs = new Map<string, Set<string>>();
  readonly enums = new Set<string>();
  readonly unions = new Set<string>();
  /** Types an operation can reach through printed fields (the roots first). */
  readonly reached = new Set<string>();
  /** Estimated o200k tokens of the printed slice. */
  estimate = 0;
  private readonly journal: (() => void)[] = [];

  constructor(
    readonly schema: GraphQLSchema,
    rootNames: readonly string[],
  ) {
    for (const name of rootNames) this.reached.add(name);
  }

  /** A point to roll back to. */
  checkpoint(): number {
    return this.journal.length;
  }

  rollback(checkpoint: number): void {
    while (this.journal.length > checkpoint) (this.journal.pop() as () => void)();
  }

  private spend(tokens: number): void {
    this.estimate += tokens;
    this.journal.push(() => {
      this.estimate -= tokens;
    });
  }

  private addToSet(set: Set<string>, value: string): boolean {
    if (set.has(value)) return false;
    set.add(value);
    this.journal.push(() => set.delete(value));
    return true;
  }

  has(typeName: string, fieldName: string): boolean {
    return this.outputs.get(typeName)?.has(fieldName) ?? false;
  }

  /** Adds `Type.field` with the given arguments (merged into those already shown). */
  addField(typeName: string, fieldName: string, args: readonly string[], describe = false): void {
    const type = this.schema.getType(typeName);
    if (!isObjectType(type) && !isInterfaceType(type)) return;
    const field = type.getFields()[fieldName];
    if (!field) return;
    let fields = this.outputs.get(typeName);
    if (!fields) {
      const created = new Map<string, FieldPick>();
      fields = created;
      this.outputs.set(typeName, created);
      this.journal.push(() => this.outputs.delete(typeName));
      this.spend(tokensOfLine(`type ${typeName} {`) + tokensOfLine('}'));
    }
    const existing = fields.get(fieldName);
    if (existing) {
      const wanted = args.filter((name) => !existing.args.has(name));
      if (wanted.length === 0 && (!describe || existing.describe)) return;
      const before = tokensOfLine(fieldLine(field, existing));
      const next: FieldPick = { args: new Set([...existing.args, ...wanted]), describe: existing.describe || describe };
      fields.set(fieldName, next);
      const owner = fields;
      this.journal.push(() => owner.set(fieldName, existing));
      this.spend(tokensOfLine(fieldLine(field, next)) - before);
    } else {
      const pick: FieldPick = { args: new Set(args), describe };
      fields.set(fieldName, pick);
      const owner = fields;
      this.journal.push(() => owner.delete(fieldName));
      this.spend(tokensOfLine(fieldLine(field, pick)));
    }
    if (this.reached.has(typeName)) this.addToSet(this.reached, getNamedType(field.type).name);
  }

  /** Marks a type reached without a field (a possible type of a reached interface or union). */
  reach(typeName: string): void {
    this.addToSet(this.reached, typeName);
  }

  /** Prints an object or interface type even with no field chosen (`type X`). */
  addTypeBlock(typeName: string): void {
    if (this.outputs.has(typeName)) return;
    this.outputs.set(typeName, new Map());
    this.journal.push(() => this.outputs.delete(typeName));
    this.spend(tokensOfLine(`type ${typeName} {`) + tokensOfLine('}'));
  }

  addEnum(name: string): void {
    if (this.addToSet(this.enums, name)) this.spend(tokensOfLine(enumLine(this.schema, name)));
  }

  addUnion(name: string): void {
    if (this.addToSet(this.unions, name)) this.spend(tokensOfLine(unionLine(this.schema, name, this.reached)));
  }

  /** Adds an input type with the named fields (all of them when `fields` is undefined). */
  addInput(name: string, fields?: readonly string[]): string[] {
    let chosen = this.inputs.get(name);
    if (!chosen) {
      const created = new Set<string>();
      chosen = created;
      this.inputs.set(name, created);
      this.journal.push(() => this.inputs.delete(name));
      this.spend(tokensOfLine(`input ${name} {`) + tokensOfLine('}'));
    }
    const added: string[] = [];
    for (const fieldName of fields ?? inputFieldNames(this.schema, name)) {
      if (!this.addToSet(chosen, fieldName)) continue;
      added.push(fieldName);
      this.spend(tokensOfLine(inputFieldLine(this.schema, name, fieldName)));
    }
    return added;
  }
}

function inputFieldNames(schema: GraphQLSchema, name: string): string[] {
  const type = schema.getType(name);
  return type && 'getFields' in type ? Object.keys(type.getFields()) : [];
}
