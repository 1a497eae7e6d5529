/**
 * Parameterization: every literal argument value left in a validated document
 * becomes a variable named after its argument (deduplicated), typed as the
 * schema declares the argument, with the schema's default where it has one.
 * The prompt picks the shape; values come at run time (the literal survives
 * only as an example in the variable's description).
 */
import {
  Kind,
  TypeInfo,
  parseType,
  print,
  visit,
  visitWithTypeInfo,
  type ArgumentNode,
  type ConstValueNode,
  type DocumentNode,
  type GraphQLArgument,
  type GraphQLInputField,
  type GraphQLInputType,
  type GraphQLSchema,
  type ObjectFieldNode,
  type OperationDefinitionNode,
  type ValueNode,
  type VariableDefinitionNode,
  type VariableNode,
  getNamedType,
  isInputObjectType,
  isListType,
  isSpecifiedScalarType,
  isNonNullType,
} from 'graphql';
import { defaultLiteral, stripHidden } from '@discovery/schema-symbols';

/** Where a variable is used: the argument or input field it feeds. */
export interface VariableUsage {
  variable: string;
  /** `Type.field(arg:)` or `Input.field` */
  coordinate: string;
  description?: string;
}

export interface ParameterizeResult {
  document: DocumentNode;
  /** Variables created from literals, in order of creation. */
  lifted: string[];
  /** Every argument / input field fed by a variable (created or already there). */
  usages: VariableUsage[];
}

/** Upper-cases the first letter. */
function upperFirst(text: string): string {
  return text.charAt(0).toUpperCase() + text.slice(1);
}

function containsVariable(node: ValueNode): boolean {
  if (node.kind === Kind.VARIABLE) return true;
  if (node.kind === Kind.LIST) return node.values.some(containsVariable);
  if (node.kind === Kind.OBJECT) return node.fields.some((field) => containsVariable(field.value));
  return false;
}

function firstSentence(text: string | undefined | null): string | undefined {
  if (!text) return undefined;
  // Schema text is untrusted and reaches agents: no hidden characters (issue 23, finding 5).
  const line = stripHidden(text).replace(/\s+/g, ' ').trim();
  if (line === '') return undefined;
  const match = /^(.+?[.!?])(\s|$)/.exec(line);
  const sentence = (match?.[1] ?? line).trim();
  return sentence.length > 200 ? `${sentence.slice(0, 197)}...` : sentence;
}

/**
 * The first sentence of the description of a custom scalar, enum or input type; never of a built-in
 * scalar, whose graphql-js text ("The `Int` scalar type represents ...") says nothing about the value.
 */
function typeSentence(type: GraphQLInputType): string | undefined {
  const named = getNamedType(type);
  return isSpecifiedScalarType(named) ? undefined : firstSentence(named.description);
}

class Lifter {
  readonly definitions: VariableDefinitionNode[] = [];
  readonly lifted: string[] = [];
  readonly usages: VariableUsage[] = [];
  private readonly taken: Set<string>;
  /** `type|literal|argName` -> variable name, so one value of one argument is one variable. */
  private readonly reuse = new Map<string, string>();

  constructor(existing: readonly VariableDefinitionNode[]) {
    this.taken = new Set(existing.map((definition) => definition.variable.name.value));
  }

  /** Rewrites the value of an argument or input field of `type` so it holds no literal. */
  lift(value: ValueNode, input: GraphQLArgument | GraphQLInputField, coordinate: string, fieldName: string): ValueNode {
    if (value.kind === Kind.VARIABLE) {
      this.usages.push({ variable: value.name.value, coordinate, description: firstSentence(input.description) });
      return value;
    }
    if (!containsVariable(value)) return this.variableFor(value as ConstValueNode, input, coordinate, fieldName);
    const named = getNamedType(input.type);
    if (value.kind === Kind.OBJECT && isInputObjectType(named)) {
      const fields = named.getFields();
      const rewritten: ObjectFieldNode[] = value.fields.map((field) => {
        const definition = fields[field.name.value];
        if (definition === undefined) return field;
        const inner = this.lift(field.value, definition, `${named.name}.${definition.name}`, field.name.value);
        return inner === field.value ? field : { ...field, value: inner };
      });
      return { ...value, fields: rewritten };
    }
    if (value.kind === Kind.LIST) {
      const itemType = unwrapList(input.type);
      if (itemType === undefined) return value;
      const item = { ...input, type: itemType } as GraphQLArgument;
      return { ...value, values: value.values.map((entry) => this.lift(entry, item, coordinate, fieldName)) };
    }
    return value;
  }

  private variableFor(literal: ConstValueNode, input: GraphQLArgument | GraphQLInputField, coordinate: string, fieldName: string): VariableNode {
    const typeText = String(input.type);
    const key = `${typeText}|${print(literal)}|${input.name}`;
    let name = this.reuse.get(key);
    if (name === undefined) {
      name = this.freshName(input.name, fieldName);
      this.reuse.set(key, name);
      this.lifted.push(name);
      const fallback = defaultLiteral(input);
      const described = firstSentence(input.description) ?? typeSentence(input.type) ?? `Value of ${coordinate}.`;
      const example = stripHidden(print(literal));
      const description = example.length <= 80 ? `${described} Example: ${example}.` : described;
      this.definitions.push({
        kind: Kind.VARIABLE_DEFINITION,
        description: { kind: Kind.STRING, value: description, block: false },
        variable: { kind: Kind.VARIABLE, name: { kind: Kind.NAME, value: name } },
        type: parseType(typeText, { noLocation: true }),
        ...(fallback !== undefined ? { defaultValue: fallback } : {}),
        directives: [],
      });
    }
    this.usages.push({ variable: name, coordinate, description: firstSentence(input.description) });
    return { kind: Kind.VARIABLE, name: { kind: Kind.NAME, value: name } };
  }

  private freshName(argName: string, fieldName: string): string {
    const candidates = [argName, `${fieldName}${upperFirst(argName)}`];
    for (const candidate of candidates) {
      if (!this.taken.has(candidate)) {
        this.taken.add(candidate);
        return candidate;
      }
    }
    for (let suffix = 2; ; suffix += 1) {
      const candidate = `${argName}${suffix}`;
      if (!this.taken.has(candidate)) {
        this.taken.add(candidate);
        return candidate;
      }
    }
  }
}

function unwrapList(type: GraphQLInputType): GraphQLInputType | undefined {
  const inner = isNonNullType(type) ? type.ofType : type;
  return isListType(inner) ? (inner.ofType as GraphQLInputType) : undefined;
}

/**
 * Lifts the literal arguments of the single operation of `document` (already
 * valid against `schema`) into variables. Directive arguments stay as written.
 */
export function parameterize(schema: GraphQLSchema, document: DocumentNode): ParameterizeResult {
  const operation = document.definitions.find((definition): definition is OperationDefinitionNode => definition.kind === Kind.OPERATION_DEFINITION);
  if (operation === undefined) throw new Error('parameterize: the document has no operation.');
  const lifter = new Lifter(operation.variableDefinitions ?? []);
  const typeInfo = new TypeInfo(schema);
  let inDirective = 0;
  const rewritten = visit(
    document,
    visitWithTypeInfo(typeInfo, {
      Directive: {
        enter: () => {
          inDirective += 1;
        },
        leave: () => {
          inDirective -= 1;
        },
      },
      Argument(node: ArgumentNode): ArgumentNode | undefined {
        if (inDirective > 0) return undefined;
        const argument = typeInfo.getArgument();
        const field = typeInfo.getFieldDef();
        const parent = typeInfo.getParentType();
        if (!argument || !field || !parent) return undefined;
        const coordinate = `${parent.name}.${field.name}(${argument.name}:)`;
        const value = lifter.lift(node.value, argument, coordinate, field.name);
        return value === node.value ? undefined : { ...node, value };
      },
    }),
  );
  const withDefinitions = visit(rewritten, {
    OperationDefinition(node: OperationDefinitionNode): OperationDefinitionNode {
      return { ...node, variableDefinitions: [...(node.variableDefinitions ?? []), ...lifter.definitions] };
    },
  });
  return { document: withDefinitions, lifted: lifter.lifted, usages: lifter.usages };
}
