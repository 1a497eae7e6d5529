/**
 * buildSchemaFromSdl: SDL text -> GraphQLSchema, strictly when the SDL is a
 * valid schema, leniently otherwise (federation subgraph SDL, small defects),
 * saying in `warnings` what was repaired. The indexer and the generator both
 * build through this function, so operations are validated against exactly
 * the schema that was indexed.
 */
import { checkDefaultValueSpans, checkElementLimits, type ElementLimits } from './element-limits.js';
import {
  GraphQLError,
  GraphQLSchema,
  OperationTypeNode,
  buildASTSchema,
  isObjectType,
  isTypeDefinitionNode,
  isTypeExtensionNode,
  parse,
  validateSchema,
  type DocumentNode,
  type GraphQLObjectType,
} from 'graphql';
import { parseWithDefinitionTexts } from './definition-text.parser.js';
import { NO_QUERY_ROOT, conventionalRoot } from './root-operation-repair.js';
import { repairSdlDocument } from './sdl-repair.js';
import { SymbolExtractionError, SymbolExtractionErrorCode } from './symbol-extraction.errors.js';

/** Default upper bound on the SDL size (UTF-8 bytes); the largest public schemas are a few MB. */
export const DEFAULT_MAX_SDL_BYTES = 32 * 1024 * 1024;

const MAX_LISTED_ERRORS = 8;

export interface BuildSchemaFromSdlOptions {
  /** Largest accepted SDL in UTF-8 bytes (default {@link DEFAULT_MAX_SDL_BYTES}). */
  maxBytes?: number;
  /**
   * Remember the source text of each field and input value definition (definition-text.parser.ts),
   * so that extraction can memoize symbols by it (SymbolMemo). Default false.
   */
  definitionTexts?: boolean;
  /** Per-element limits (names, descriptions, default values), checked before the schema is built; default none. */
  elements?: ElementLimits;
}

export interface BuiltSchema {
  schema: GraphQLSchema;
  /** True when the SDL was not a valid schema as written and was repaired or accepted with defects. */
  lenient: boolean;
  /** What was repaired or accepted (empty for a strict build). Names types, never quotes the SDL. */
  warnings: string[];
  /**
   * True when the schema was built from a repaired AST (the lenient path for SDL that graphql-js
   * rejects), whose definitions are no longer what their source text says; false for a strict
   * build, also one accepted despite schema errors.
   */
  repaired: boolean;
}

/**
 * Builds a schema from SDL. Throws {@link SymbolExtractionError} with code
 * `EMPTY` (blank or comments only), `TOO_LARGE` (over `maxBytes`), `SYNTAX`
 * (unparseable; the message names line and column) or `INVALID` (no usable
 * schema even after repair).
 */
export function buildSchemaFromSdl(sdl: string, options: BuildSchemaFromSdlOptions = {}): BuiltSchema {
  return withinStack(() => buildChecked(sdl, options));
}

/**
 * Runs `fn`, turning a stack overflow (graphql-js recurses over nested type
 * references and selections) into a readable SymbolExtractionError.
 */
export function withinStack<T>(fn: () => T): T {
  try {
    return fn();
  } catch (error) {
    if (error instanceof RangeError && /call stack/i.test(error.message)) {
      throw new SymbolExtractionError(
        SymbolExtractionErrorCode.Invalid,
        'The schema nests too deeply to index (a type reference or definition nested thousands of levels deep).',
        { cause: error },
      );
    }
    throw error;
  }
}

function buildChecked(sdl: string, options: BuildSchemaFromSdlOptions): BuiltSchema {
  // A default too large to parse cheaply is refused on the text (after the size check in parseSdl would be too late).
  if (options.elements && typeof sdl === 'string') checkDefaultValueSpans(sdl, options.elements.maxValueLength);
  const document = parseSdl(sdl, options.maxBytes ?? DEFAULT_MAX_SDL_BYTES, options.definitionTexts ?? false);
  if (options.elements) checkElementLimits(document, options.elements);
  const strict = buildStrict(document);
  if (strict.schema === undefined) return buildRepaired(document);
  if (strict.errors.length === 0) return { schema: strict.schema, lenient: false, warnings: [], repaired: false };
  // Valid SDL that breaks a schema rule: keep the built schema, find a missing query root by name.
  const { schema, warning } = withConventionalQueryRoot(strict.schema);
  const remaining = warning === undefined ? strict.errors : strict.errors.filter((error) => !isMissingQueryError(error));
  return accept(schema, warning === undefined ? [] : [warning], remaining, false);
}

/** The lenient path for SDL that graphql-js rejects: repair the AST, build without SDL validation. */
function buildRepaired(document: DocumentNode): BuiltSchema {
  const { document: repaired, repairs } = repairSdlDocument(document);
  let schema: GraphQLSchema;
  try {
    schema = buildASTSchema(repaired, { assumeValidSDL: true });
  } catch (error) {
    throw new SymbolExtractionError(SymbolExtractionErrorCode.Invalid, `The schema cannot be built even leniently: ${describeError(error)}`, { cause: error });
  }
  return accept(schema, repairs, validateSchema(schema), true);
}

/** A lenient result: schema errors that remain are accepted (and listed) so the schema stays usable. */
function accept(built: GraphQLSchema, repairs: string[], remaining: readonly GraphQLError[], repaired: boolean): BuiltSchema {
  const warnings = [...repairs];
  let schema = built;
  if (remaining.length > 0) {
    // Usable as it is; marked valid so that graphql-js validates operations against it.
    schema = new GraphQLSchema({ ...built.toConfig(), assumeValid: true });
    warnings.push(...remaining.slice(0, MAX_LISTED_ERRORS).map((error) => `Accepted despite: ${describeError(error)}`));
    if (remaining.length > MAX_LISTED_ERRORS) {
      warnings.push(`Accepted despite ${remaining.length - MAX_LISTED_ERRORS} more schema validation errors`);
    }
  }
  return { schema, lenient: true, warnings, repaired };
}

/** Sets the query root of a schema without one to a conventionally named type (`QueryRoot`, ...). */
function withConventionalQueryRoot(schema: GraphQLSchema): { schema: GraphQLSchema; warning?: string } {
  if (schema.getQueryType()) return { schema };
  const isObject = (name: string) => isObjectType(schema.getType(name));
  const query = conventionalRoot(OperationTypeNode.QUERY, isObject);
  if (query === undefined) return { schema, warning: NO_QUERY_ROOT };
  const config = schema.toConfig();
  const root = (operation: OperationTypeNode, current: GraphQLObjectType | null | undefined) => {
    if (config.astNode || current) return current;
    const name = conventionalRoot(operation, isObject);
    return name === undefined ? undefined : (schema.getType(name) as GraphQLObjectType);
  };
  return {
    schema: new GraphQLSchema({
      ...config,
      query: schema.getType(query) as GraphQLObjectType,
      mutation: root(OperationTypeNode.MUTATION, config.mutation),
      subscription: root(OperationTypeNode.SUBSCRIPTION, config.subscription),
    }),
    warning: config.astNode ? `The schema definition declares no query root: used ${query}` : `No type named Query: used ${query} as the query root`,
  };
}

function isMissingQueryError(error: GraphQLError): boolean {
  return error.message.startsWith('Query root type must be provided');
}

function parseSdl(sdl: string, maxBytes: number, definitionTexts: boolean): DocumentNode {
  if (typeof sdl !== 'string') {
    throw new SymbolExtractionError(SymbolExtractionErrorCode.Invalid, `The SDL must be a string, got ${typeof sdl}`);
  }
  if (!Number.isSafeInteger(maxBytes) || maxBytes <= 0) {
    throw new SymbolExtractionError(SymbolExtractionErrorCode.Invalid, `maxBytes must be a positive integer, got ${String(maxBytes)}`);
  }
  // A UTF-16 code unit is at least one UTF-8 byte, so the cheap check comes first.
  const bytes = sdl.length > maxBytes ? sdl.length : Buffer.byteLength(sdl, 'utf8');
  if (bytes > maxBytes) {
    throw new SymbolExtractionError(SymbolExtractionErrorCode.TooLarge, `The SDL is larger than the limit of ${maxBytes} bytes (at least ${bytes} bytes)`);
  }
  if (isBlank(sdl)) {
    throw new SymbolExtractionError(SymbolExtractionErrorCode.Empty, 'The SDL is empty: it defines no types');
  }
  let document: DocumentNode;
  try {
    // No AST locations: the schema keeps its AST, and locations would keep every token alive
    // (about twice the memory on large schemas). Syntax errors still carry line and column.
    document = definitionTexts ? parseWithDefinitionTexts(sdl) : parse(sdl, { noLocation: true });
  } catch (error) {
    if (error instanceof RangeError) throw error; // a stack overflow: withinStack explains it
    const hint = /^[\s\uFEFF]*[[{]/.test(sdl) ? ' (this looks like JSON, not GraphQL SDL)' : '';
    throw new SymbolExtractionError(SymbolExtractionErrorCode.Syntax, `${describeError(error)}${hint}`, {
      cause: error,
    });
  }
  if (!document.definitions.some((node) => isTypeDefinitionNode(node) || isTypeExtensionNode(node))) {
    throw new SymbolExtractionError(
      SymbolExtractionErrorCode.Empty,
      'The SDL defines no types (only operations, fragments, directives or a schema definition)',
    );
  }
  return document;
}

/** Blank, or nothing but whitespace, commas, a BOM and comments. */
function isBlank(sdl: string): boolean {
  return /^(?:[\s,\uFEFF]|#[^\n\r]*)*$/.test(sdl);
}

function buildStrict(document: DocumentNode): { schema?: GraphQLSchema; errors: readonly GraphQLError[] } {
  try {
    const schema = buildASTSchema(document);
    return { schema, errors: validateSchema(schema) };
  } catch (error) {
    // SDL validation failed (unknown directives or types, duplicates, ...): the lenient path repairs it.
    return { errors: [error instanceof GraphQLError ? error : new GraphQLError(describeError(error))] };
  }
}

/** A GraphQL error as one line with its first location: `Syntax Error: ... at line 3, column 1`. */
export function describeError(error: unknown): string {
  if (!(error instanceof Error)) return String(error);
  const message = error.message.split('\n')[0]?.replace(/\.$/, '') ?? '';
  const location = error instanceof GraphQLError ? error.locations?.[0] : undefined;
  return location === undefined ? message : `${message} at line ${location.line}, column ${location.column}`;
}
