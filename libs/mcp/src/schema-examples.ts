/**
 * Examples in the tool descriptions taken from the schema being served, so an agent never reads
 * `field:Employee.details` about a schema without employees. The texts are written with the Cosmo
 * demo's examples (DEMO_EXAMPLES); withExamples swaps each for its counterpart in the served
 * schema. Names come from the parsed SDL (GraphQL names: letters, digits, `_`), never its text.
 */
import { Kind, parse, type DefinitionNode, type FieldDefinitionNode, type InputValueDefinitionNode, type TypeNode } from 'graphql';

export interface ToolExamples {
  /** A search topic, e.g. "employee mood". */
  topic: string;
  /** An action to search for, e.g. "create order". */
  action: string;
  /** A generate_query prompt, e.g. "the mood of employee 3". */
  prompt: string;
  object: string;
  field: string;
  input: string;
  inputField: string;
  /** Undefined when the schema has no enum (its example then names the object). */
  enumType: string | undefined;
}

/** The literal examples the texts are written with, by role (longest first where one contains another). */
const DEMO_EXAMPLES: ReadonlyArray<[string, (e: ToolExamples) => string]> = [
  ['"the current mood of employee 3"', (e) => `"${e.prompt}"`],
  ['"create a product called Lamp priced 20 EUR"', (e) => `"${e.action}"`],
  ['"employee mood"', (e) => `"${e.topic}"`],
  ['"cancel order 1050"', (e) => `"${e.action}"`],
  ['"cancel order"', (e) => `"${e.action}"`],
  ['"create order"', (e) => `"${e.action}"`],
  ['input_field:SearchInput.name', (e) => `input_field:${e.inputField}`],
  ['Employee.details reads field:Employee.details', (e) => `${e.field} reads field:${e.field}`],
  ['plain names like Employee.details', (e) => `plain names like ${e.field}`],
  [
    'Employee for the type, Employee.details for the field or input field, Query.employee(id:) for the field that takes the argument',
    (e) => `${e.object} for the type, ${e.field} for the field or input field, Type.field(arg:) for the field that takes the argument`,
  ],
  ['field:Employee.details', (e) => `field:${e.field}`],
  ['input:SearchInput', (e) => `input:${e.input}`],
  ['input:OrderInput', (e) => `input:${e.input}`],
  ['object:Employee, a type name (Employee)', (e) => `object:${e.object}, a type name (${e.object})`],
  ['enum:Mood', (e) => (e.enumType ? `enum:${e.enumType}` : `object:${e.object}`)],
];

/** `text` with the demo examples replaced by the served schema's (unchanged without examples). */
export function withExamples(text: string, examples: ToolExamples | undefined): string {
  if (!examples) return text;
  return DEMO_EXAMPLES.reduce((out, [demo, mine]) => out.split(demo).join(mine(examples)), text);
}

/** Examples from an SDL; undefined when it does not parse or has no object type with fields. */
export function examplesFromSdl(sdl: string): ToolExamples | undefined {
  let definitions: readonly DefinitionNode[];
  try {
    definitions = parse(sdl, { noLocation: true }).definitions;
  } catch {
    return undefined;
  }
  const objects = new Map<string, readonly FieldDefinitionNode[]>();
  const inputs = new Map<string, readonly InputValueDefinitionNode[]>();
  let enumType: string | undefined;
  for (const node of definitions) {
    if ((node.kind === Kind.OBJECT_TYPE_DEFINITION || node.kind === Kind.OBJECT_TYPE_EXTENSION) && node.fields?.length) {
      objects.set(node.name.value, [...(objects.get(node.name.value) ?? []), ...node.fields]);
    } else if (node.kind === Kind.INPUT_OBJECT_TYPE_DEFINITION && node.fields?.length) {
      inputs.set(node.name.value, node.fields);
    } else if (node.kind === Kind.ENUM_TYPE_DEFINITION && enumType === undefined && !node.name.value.startsWith('__')) {
      enumType = node.name.value;
    }
  }
  const object = pickObject(objects);
  if (!object) return undefined;
  const [typeName, field] = object;
  const [inputName, inputFields] = [...inputs][0] ?? [undefined, undefined];
  const action = objects.get('Mutation')?.[0]?.name.value;
  const typeWords = words(typeName);
  const fieldWords = words(field);
  return {
    topic: `${typeWords} ${fieldWords}`,
    action: action ? words(action) : `list ${typeWords}`,
    prompt: `the ${fieldWords} of ${typeWords} 3`,
    object: typeName,
    field: `${typeName}.${field}`,
    input: inputName ?? 'SomeInput',
    inputField: inputName && inputFields?.[0] ? `${inputName}.${inputFields[0].name.value}` : 'SomeInput.name',
    enumType,
  };
}

const ROOTS = new Set(['Query', 'Mutation', 'Subscription']);

/** The object the first Query field returns (else the first non-root object) and its first field. */
function pickObject(objects: Map<string, readonly FieldDefinitionNode[]>): [string, string] | undefined {
  const fromQuery = objects
    .get('Query')
    ?.map((f) => namedType(f.type))
    .find((name) => objects.has(name) && !ROOTS.has(name));
  const name = fromQuery ?? [...objects.keys()].find((n) => !ROOTS.has(n)) ?? [...objects.keys()][0];
  const field = name === undefined ? undefined : (objects.get(name)?.find((f) => f.name.value !== 'id') ?? objects.get(name)?.[0]);
  return name && field ? [name, field.name.value] : undefined;
}

function namedType(type: TypeNode): string {
  return type.kind === Kind.NAMED_TYPE ? type.name.value : namedType(type.type);
}

/** `createEmployee` → `create employee`, `HTTPRoute_v2` → `http route v2`. */
function words(name: string): string {
  return name
    .replace(/([a-z0-9])([A-Z])/g, '$1 $2')
    .replace(/([A-Z]+)([A-Z][a-z])/g, '$1 $2')
    .replace(/_+/g, ' ')
    .trim()
    .toLowerCase();
}
