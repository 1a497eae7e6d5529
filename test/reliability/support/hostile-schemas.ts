/**
 * Schemas built to hurt the indexer, one generator per hostile-input class.
 * Each returns SDL text (or bytes, for encodings a string cannot carry).
 */

export interface HostileSchema {
  name: string;
  /** What makes it hostile, for the figures table. */
  what: string;
  sdl: string;
  /** Coordinates whose records are the largest this schema can make (they must stay small). */
  largest?: string[];
  /**
   * Records over the hit bound by design: GetSymbols returns records whole (every field and
   * argument, whole descriptions), bounded by the SDL; their search hits stay under the bound.
   * Each with the search that finds it.
   */
  whole?: { coordinate: string; query: string; kind: string }[];
}

const range = (n: number) => Array.from({ length: n }, (_, i) => i);

/** A field type wrapped in `depth` list brackets: `[[[Int]]]`. */
export function deepListNesting(depth: number): HostileSchema {
  return { name: `list nesting ${depth}`, what: `one field of type ${depth}x[ Int ]`, sdl: `type Query { a: ${'['.repeat(depth)}Int${']'.repeat(depth)} }` };
}

/** A chain of `length` object types, each pointing at the next: root paths get very deep. */
export function deepTypeChain(length: number): HostileSchema {
  const types = range(length).map((i) => `type T${i} { value: Int next: T${i + 1} }`);
  types.push(`type T${length} { value: Int }`);
  return {
    name: `type chain ${length}`,
    what: `${length} object types, each nested in the previous`,
    sdl: `type Query { root: T0 }\n${types.join('\n')}`,
    largest: ['object:T0', 'field:Query.root', `object:T${length}`],
  };
}

/** One object type with `count` fields. */
export function wideType(count: number): HostileSchema {
  const fields = range(count).map((i) => `  field${i}(arg: String): String`);
  return {
    name: `${count} fields`,
    what: `one type with ${count} fields`,
    sdl: `type Query { wide: Wide }\ntype Wide {\n${fields.join('\n')}\n}`,
    largest: ['object:Wide', 'field:Query.wide'],
    whole: [{ coordinate: 'object:Wide', query: 'wide', kind: 'object' }],
  };
}

/** A field argument list of `count` arguments. */
export function manyArguments(count: number): HostileSchema {
  const args = range(count).map((i) => `a${i}: Int = ${i}`);
  return {
    name: `${count} arguments`,
    what: `one field with ${count} arguments`,
    sdl: `type Query { f(${args.join(', ')}): Int }`,
    largest: ['field:Query.f', 'object:Query'],
    whole: [{ coordinate: 'field:Query.f', query: 'f', kind: 'field' }],
  };
}

/** Descriptions of `bytes` bytes on a type, a field and an enum value. */
export function hugeDescriptions(bytes: number): HostileSchema {
  const words = 'orders customers inventory shipment refund '.repeat(Math.ceil(bytes / 43)).slice(0, bytes);
  const block = `"""${words}"""`;
  return {
    name: `descriptions ${Math.round(bytes / 1024)} KiB`,
    what: `three descriptions of ${Math.round(bytes / 1024)} KiB each`,
    sdl: `type Query {\n${block}\n orders: [Order] }\n${block}\ntype Order { id: ID status: Status }\nenum Status {\n${block}\n OPEN CLOSED }`,
    largest: ['field:Query.orders', 'object:Order', 'enum:Status', 'object:Query'],
    whole: [
      { coordinate: 'field:Query.orders', query: 'orders', kind: 'field' },
      { coordinate: 'object:Order', query: 'order', kind: 'object' },
      { coordinate: 'enum:Status', query: 'status', kind: 'enum' },
    ],
  };
}

/** Input types that contain themselves, directly, through lists, mutually, and non-null (invalid by the spec). */
export function recursiveInputs(): HostileSchema {
  return {
    name: 'recursive inputs',
    what: 'self, list, mutual and non-null-cyclic input types',
    sdl: [
      'input Filter { and: [Filter!] or: [Filter!] not: Filter field: String }',
      'input A { b: B } input B { a: A }',
      'input Loop { self: Loop! }',
      'type Query { search(filter: Filter, a: A, loop: Loop): [String] }',
    ].join('\n'),
  };
}

/** Output cycles through objects, unions and interfaces, including interfaces implementing each other. */
export function cycles(): HostileSchema {
  return {
    name: 'type cycles',
    what: 'object, union and interface cycles, self-implementing interfaces',
    sdl: [
      'type Query { a: A node: Node u: U }',
      'type A { b: B self: A list: [A] } type B { a: A u: U }',
      'union U = A | B',
      'interface Node implements Other { id: ID next: Node } interface Other implements Node { id: ID next: Node }',
      'type Impl implements Node & Other { id: ID next: Node }',
    ].join('\n'),
  };
}

/** Names that differ only by case: types, fields, enum values, arguments. */
export function caseFoldingCollisions(): HostileSchema {
  return {
    name: 'case-folding collisions',
    what: 'types, fields and enum values differing only by case',
    sdl: [
      'type Query { user: user User: User USER: USER }',
      'type user { id: ID ID: ID Id: ID }',
      'type User { name: String NAME: String }',
      'type USER { name: String }',
      'enum mood { happy HAPPY Happy }',
      'type Extra { m(mood: mood, MOOD: mood): mood }',
    ].join('\n'),
  };
}

/** Names outside GraphQL's ASCII name grammar, and look-alikes. */
export function nonAsciiNames(): HostileSchema {
  return {
    name: 'non-ASCII names',
    what: 'type and field names with ß, Cyrillic and zero-width characters',
    sdl: 'type Query { straße: String }\ntype Uѕer { nаme: String }\ntype Zero\u200bWidth { a: Int }',
  };
}

/** An input default value nested `depth` levels deep. */
export function deepDefaultValue(depth: number): HostileSchema {
  const value = `${'{ a: '.repeat(depth)}1${' }'.repeat(depth)}`;
  return {
    name: `default value nesting ${depth}`,
    what: `an argument default nested ${depth} objects deep`,
    sdl: `input In { a: In v: Int }\ntype Query { f(x: In = ${value}): Int }`,
  };
}

/** Every class, at sizes that stay under an 8 MiB SDL limit. */
export function hostileSchemas(): HostileSchema[] {
  return [
    deepListNesting(40),
    deepListNesting(20_000),
    deepTypeChain(3_000),
    wideType(10_000),
    manyArguments(5_000),
    // Under MAX_DESCRIPTION_LENGTH (64 Ki characters) the records stay whole; over it the build fails naming it (issue 23).
    hugeDescriptions(60 * 1024),
    hugeDescriptions(2 * 1024 * 1024),
    recursiveInputs(),
    cycles(),
    caseFoldingCollisions(),
    nonAsciiNames(),
    deepDefaultValue(5_000),
  ];
}
