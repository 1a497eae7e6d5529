/**
 * Lenient repair of a parsed SDL document, so that federation subgraph SDL and
 * schemas with small defects still build: undefined directive uses are removed,
 * orphan `extend type`s become definitions, duplicate types are merged and
 * duplicate members dropped, unknown referenced types are declared as scalars,
 * bad `implements`/union members are dropped, and a missing query root is
 * found by a conventional name. Returns a new document; the input is not changed.
 */
import {
  Kind,
  introspectionTypes,
  specifiedDirectives,
  specifiedScalarTypes,
  type ConstDirectiveNode,
  type DefinitionNode,
  type DocumentNode,
  type FieldDefinitionNode,
  type InputValueDefinitionNode,
  type NamedTypeNode,
  type OperationTypeDefinitionNode,
  type ScalarTypeDefinitionNode,
  type SchemaDefinitionNode,
  type SchemaExtensionNode,
  type TypeDefinitionNode,
  type TypeExtensionNode,
  type TypeNode,
} from 'graphql';
import { SdlRepairLog } from './sdl-repair-log.js';
import { chooseRootOperations } from './root-operation-repair.js';

export interface SdlRepairResult {
  document: DocumentNode;
  /** Human-readable lines saying what was repaired (empty when nothing was). */
  repairs: string[];
}

type TypeNodeKind = TypeDefinitionNode['kind'];

const DEFINITION_OF: Record<TypeExtensionNode['kind'], TypeNodeKind> = {
  [Kind.SCALAR_TYPE_EXTENSION]: Kind.SCALAR_TYPE_DEFINITION,
  [Kind.OBJECT_TYPE_EXTENSION]: Kind.OBJECT_TYPE_DEFINITION,
  [Kind.INTERFACE_TYPE_EXTENSION]: Kind.INTERFACE_TYPE_DEFINITION,
  [Kind.UNION_TYPE_EXTENSION]: Kind.UNION_TYPE_DEFINITION,
  [Kind.ENUM_TYPE_EXTENSION]: Kind.ENUM_TYPE_DEFINITION,
  [Kind.INPUT_OBJECT_TYPE_EXTENSION]: Kind.INPUT_OBJECT_TYPE_DEFINITION,
};
const EXTENSION_OF = Object.fromEntries(Object.entries(DEFINITION_OF).map(([extension, definition]) => [definition, extension])) as Record<
  TypeNodeKind,
  TypeExtensionNode['kind']
>;

const BUILT_IN_TYPES = new Set([...specifiedScalarTypes, ...introspectionTypes].map((type) => type.name));

const NAMED_LIST_REPAIRS = {
  implements: 'Dropped implemented types that are not interfaces',
  member: 'Dropped union members that are not object types',
} as const;

function isTypeDefinition(node: DefinitionNode): node is TypeDefinitionNode {
  return node.kind in EXTENSION_OF;
}
function isTypeExtension(node: DefinitionNode): node is TypeExtensionNode {
  return node.kind in DEFINITION_OF;
}

/** Repairs `document` (see the file comment). */
export function repairSdlDocument(document: DocumentNode): SdlRepairResult {
  return new SdlRepairer(document).run();
}

class SdlRepairer {
  private readonly log = new SdlRepairLog();
  /** Kind of definition each type name gets (first definition wins; orphan extensions count). */
  private readonly typeKinds = new Map<string, TypeNodeKind>();
  /** Type names with a real definition (not only extensions). */
  private readonly defined = new Set<string>();
  private readonly directiveNames = new Set(specifiedDirectives.map((directive) => directive.name));
  /** Member names seen per type (fields, values, interfaces, union members), across definition and extensions. */
  private readonly members = new Map<string, Set<string>>();
  private readonly undeclared = new Set<string>();

  constructor(private readonly document: DocumentNode) {}

  run(): SdlRepairResult {
    this.collectNames();
    const definitions: DefinitionNode[] = [];
    const definedHere = new Set<string>();
    let schemaDefinition: SchemaDefinitionNode | undefined;
    for (const node of this.document.definitions) {
      if (isTypeDefinition(node) || isTypeExtension(node)) {
        const repaired = this.placeType(node, definedHere);
        if (repaired !== undefined) definitions.push(this.repairType(repaired));
      } else if (node.kind === Kind.SCHEMA_DEFINITION || node.kind === Kind.SCHEMA_EXTENSION) {
        const repaired = this.repairSchema(node, schemaDefinition !== undefined);
        if (repaired?.kind === Kind.SCHEMA_DEFINITION) schemaDefinition = repaired;
        if (repaired !== undefined) definitions.push(repaired);
      } else if (node.kind === Kind.DIRECTIVE_DEFINITION) {
        if (definedHere.has(`@${node.name.value}`)) {
          this.log.add('Dropped repeated directive definitions', `@${node.name.value}`);
          continue;
        }
        definedHere.add(`@${node.name.value}`);
        definitions.push({ ...node, arguments: this.repairInputValues(`@${node.name.value}`, node.arguments) });
      } else {
        this.log.add('Dropped definitions that do not belong in a schema', node.kind);
      }
    }
    for (const name of this.undeclared) {
      definitions.push(scalarDefinition(name));
      this.log.add('Declared referenced but undefined types as scalars', name);
    }
    const roots = chooseRootOperations(definitions, this.typeKinds);
    if (roots.node !== undefined) definitions.push(roots.node);
    const repairs = this.log.warnings();
    if (roots.warning !== undefined) repairs.push(roots.warning);
    return { document: { ...this.document, definitions }, repairs };
  }

  /** First pass: which types and directives the document defines, and with which kind. */
  private collectNames(): void {
    for (const node of this.document.definitions) {
      if (isTypeDefinition(node) && !this.typeKinds.has(node.name.value)) {
        this.typeKinds.set(node.name.value, node.kind);
        this.defined.add(node.name.value);
      } else if (node.kind === Kind.DIRECTIVE_DEFINITION) {
        this.directiveNames.add(node.name.value);
      }
    }
    for (const node of this.document.definitions) {
      const name = isTypeExtension(node) ? node.name.value : undefined;
      if (isTypeExtension(node) && name !== undefined && !this.typeKinds.has(name) && !BUILT_IN_TYPES.has(name)) {
        this.typeKinds.set(name, DEFINITION_OF[node.kind]);
      }
    }
  }

  /**
   * Decides what a type definition or extension becomes: kept, turned into a
   * definition (first orphan extension), turned into an extension (repeated
   * definition of the same kind), or dropped (kind conflict, built-in type).
   */
  private placeType(node: TypeDefinitionNode | TypeExtensionNode, definedHere: Set<string>): TypeDefinitionNode | TypeExtensionNode | undefined {
    const name = node.name.value;
    if (BUILT_IN_TYPES.has(name)) {
      this.log.add('Ignored definitions or extensions of built-in types', name);
      return undefined;
    }
    const kind = this.typeKinds.get(name);
    const definitionKind = isTypeDefinition(node) ? node.kind : DEFINITION_OF[node.kind];
    if (kind !== definitionKind) {
      this.log.add('Dropped definitions or extensions that conflict with the kind of their type', name);
      return undefined;
    }
    if (isTypeExtension(node)) {
      if (this.defined.has(name) || definedHere.has(name)) return node;
      definedHere.add(name);
      this.log.add('Turned extensions of undefined types into definitions', name);
      return { ...node, kind: definitionKind } as TypeDefinitionNode;
    }
    if (!definedHere.has(name)) {
      definedHere.add(name);
      return node;
    }
    this.log.add('Merged repeated type definitions into the first', name);
    return { ...node, kind: EXTENSION_OF[node.kind] } as TypeExtensionNode;
  }

  private repairType(node: TypeDefinitionNode | TypeExtensionNode): TypeDefinitionNode | TypeExtensionNode {
    const name = node.name.value;
    const directives = this.repairDirectives(node.directives);
    switch (node.kind) {
      case Kind.OBJECT_TYPE_DEFINITION:
      case Kind.OBJECT_TYPE_EXTENSION:
      case Kind.INTERFACE_TYPE_DEFINITION:
      case Kind.INTERFACE_TYPE_EXTENSION:
        return {
          ...node,
          directives,
          interfaces: this.repairNamedList(name, node.interfaces, Kind.INTERFACE_TYPE_DEFINITION, 'implements'),
          fields: this.unique(name, node.fields).map((field) => this.repairField(name, field)),
        };
      case Kind.INPUT_OBJECT_TYPE_DEFINITION:
      case Kind.INPUT_OBJECT_TYPE_EXTENSION:
        return { ...node, directives, fields: this.repairInputValues(name, node.fields) };
      case Kind.ENUM_TYPE_DEFINITION:
      case Kind.ENUM_TYPE_EXTENSION:
        return {
          ...node,
          directives,
          values: this.unique(name, node.values).map((value) => ({
            ...value,
            directives: this.repairDirectives(value.directives),
          })),
        };
      case Kind.UNION_TYPE_DEFINITION:
      case Kind.UNION_TYPE_EXTENSION:
        return {
          ...node,
          directives,
          types: this.repairNamedList(name, node.types, Kind.OBJECT_TYPE_DEFINITION, 'member'),
        };
      default:
        return { ...node, directives };
    }
  }

  private repairField(parent: string, field: FieldDefinitionNode): FieldDefinitionNode {
    this.checkTypeReference(field.type);
    return {
      ...field,
      directives: this.repairDirectives(field.directives),
      arguments: this.repairInputValues(`${parent}.${field.name.value}`, field.arguments),
    };
  }

  private repairInputValues(owner: string, values: readonly InputValueDefinitionNode[] | undefined): InputValueDefinitionNode[] | undefined {
    if (values === undefined) return undefined;
    return this.unique(owner, values).map((value) => {
      this.checkTypeReference(value.type);
      return { ...value, directives: this.repairDirectives(value.directives) };
    });
  }

  /** Keeps the first of each name within `owner` (across its definition and extensions). */
  private unique<T extends { name: { value: string } }>(owner: string, items: readonly T[] | undefined): T[] {
    if (items === undefined) return [];
    let seen = this.members.get(owner);
    if (seen === undefined) {
      seen = new Set();
      this.members.set(owner, seen);
    }
    const kept: T[] = [];
    for (const item of items) {
      if (seen.has(item.name.value)) {
        this.log.add('Dropped repeated fields, arguments or values', `${owner}.${item.name.value}`);
      } else {
        seen.add(item.name.value);
        kept.push(item);
      }
    }
    return kept;
  }

  /** `implements` lists and union members: keeps names that are defined with the expected kind. */
  private repairNamedList(owner: string, names: readonly NamedTypeNode[] | undefined, expected: TypeNodeKind, role: 'implements' | 'member'): NamedTypeNode[] {
    const kept: NamedTypeNode[] = [];
    for (const named of this.unique(`${owner}:${role}`, names ?? [])) {
      if (this.typeKinds.get(named.name.value) === expected) kept.push(named);
      else this.log.add(NAMED_LIST_REPAIRS[role], `${owner}: ${named.name.value}`);
    }
    return kept;
  }

  private repairDirectives(directives: readonly ConstDirectiveNode[] | undefined): ConstDirectiveNode[] | undefined {
    if (directives === undefined || directives.length === 0) return directives === undefined ? undefined : [];
    return directives.filter((directive) => {
      if (this.directiveNames.has(directive.name.value)) return true;
      this.log.add('Ignored uses of undefined directives', `@${directive.name.value}`);
      return false;
    });
  }

  private checkTypeReference(type: TypeNode): void {
    let named: TypeNode = type;
    while (named.kind !== Kind.NAMED_TYPE) named = named.type;
    const name = named.name.value;
    if (!this.typeKinds.has(name) && !BUILT_IN_TYPES.has(name)) this.undeclared.add(name);
  }

  private repairSchema(node: SchemaDefinitionNode | SchemaExtensionNode, haveDefinition: boolean): SchemaDefinitionNode | SchemaExtensionNode | undefined {
    const operationTypes = (node.operationTypes ?? []).filter((operation: OperationTypeDefinitionNode) => {
      if (this.typeKinds.get(operation.type.name.value) === Kind.OBJECT_TYPE_DEFINITION) return true;
      const subject = `${operation.operation}: ${operation.type.name.value}`;
      this.log.add('Dropped root operation types that are not object types', subject);
      return false;
    });
    const directives = this.repairDirectives(node.directives) ?? [];
    if (node.kind === Kind.SCHEMA_DEFINITION && !haveDefinition) return { ...node, directives, operationTypes };
    if (node.kind === Kind.SCHEMA_DEFINITION) {
      this.log.add('Treated repeated schema definitions as extensions', 'schema');
    }
    if (operationTypes.length === 0 && directives.length === 0) return undefined;
    return { kind: Kind.SCHEMA_EXTENSION, directives, operationTypes };
  }
}

function scalarDefinition(name: string): ScalarTypeDefinitionNode {
  return { kind: Kind.SCALAR_TYPE_DEFINITION, name: { kind: Kind.NAME, value: name }, directives: [] };
}
