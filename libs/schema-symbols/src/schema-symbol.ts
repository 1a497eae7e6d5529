/**
 * The unit of the index: one symbol per schema element (docs/wire.md §3).
 * This file is the contract between symbol extraction, ranking, storage and
 * the APIs; change it deliberately and bump SYMBOL_FORMAT_VERSION.
 */

export const SYMBOL_KINDS = ['object', 'interface', 'union', 'enum', 'scalar', 'input', 'field', 'input_field', 'path'] as const;
export type SymbolKind = (typeof SYMBOL_KINDS)[number];

/** The kinds of symbols that are types (a bare `Name` in a schema coordinate). */
export const TYPE_SYMBOL_KINDS = ['object', 'interface', 'union', 'enum', 'scalar', 'input'] as const satisfies readonly SymbolKind[];

export const ROOT_OPERATIONS = ['query', 'mutation', 'subscription'] as const;
export type RootOperation = (typeof ROOT_OPERATIONS)[number];

/** An argument of a field, as the ranker and the generator see it. */
export interface SymbolArgument {
  name: string;
  /** Printed type reference, e.g. `ID!`, `[String!]`. */
  type: string;
  description?: string;
  /** Printed GraphQL literal of the default value, e.g. `10`, `"en"`, `ASC`. */
  defaultValue?: string;
  /** Deprecation reason, when the argument is deprecated. */
  deprecated?: string;
}

/** The record returned to clients: a JSON object with PascalCase keys (docs/wire.md §3). */
export type SymbolRecord = { Coordinate: string } & Record<string, unknown>;

export interface SchemaSymbol {
  /** `<kind>:<name>`, e.g. `field:Employee.details`. Unique within an index. */
  coordinate: string;
  kind: SymbolKind;
  /** `Employee` for types, `Employee.details` for fields and input fields, the target type for paths. */
  name: string;
  /** Coordinate of the owning type for `field` / `input_field` (`object:Employee`, `input:SearchInput`). */
  parent?: string;
  /** Named type (wrappers removed) a field returns / an input field takes; the target type for a path. */
  typeName?: string;
  /** Kind of `typeName` when it is a named type of the schema (`object`, `enum`, ...). */
  typeKind?: SymbolKind;
  /** Printed type reference, e.g. `[Employee!]!`. */
  typeRef?: string;
  /** Field arguments (fields only). */
  args?: SymbolArgument[];
  description?: string;
  /** Deprecation reason, when deprecated. */
  deprecated?: string;
  /** A Relay connection field (returns a `...Connection` type with edges/pageInfo, or takes first/after). */
  paginated: boolean;
  /**
   * Fewest field hops from a root operation type: fields of Query/Mutation/Subscription are 0,
   * those root types themselves 0, types returned by root fields 1, and so on.
   * Undefined when not reachable from any root.
   */
  depth?: number;
  /** Root operation types from which this element can be reached. */
  roots: RootOperation[];
  /** Short text for the embedding model (identifiers split into words, first sentence of the description). */
  embeddingText: string;
  /** The full record (docs/wire.md §3), kept small. */
  record: SymbolRecord;
}
