/**
 * A schema given as an introspection result (the JSON a GraphQL endpoint answers to the
 * introspection query, `{"data":{"__schema":...}}` or `{"__schema":...}`) printed as SDL by
 * graphql-js, the way `--introspect` reads a live endpoint: so a saved introspection file given
 * where SDL is expected (`--schema`, `discovery index`) is read as what it is.
 */
import { buildClientSchema, printSchema, type IntrospectionQuery } from 'graphql';
import { SymbolExtractionError, SymbolExtractionErrorCode } from './symbol-extraction.errors.js';

/** The SDL of an introspection result; undefined when `text` is not one (SDL, or other JSON). */
export function sdlFromIntrospection(text: string): string | undefined {
  if (!/^[\s\uFEFF]*\{/.test(text)) return undefined;
  let value: unknown;
  try {
    value = JSON.parse(text.replace(/^\uFEFF/, ''));
  } catch {
    return undefined;
  }
  const data = (value as { data?: unknown })?.data ?? value;
  if (typeof data !== 'object' || data === null || !('__schema' in data)) return undefined;
  try {
    return printSchema(buildClientSchema(data as IntrospectionQuery));
  } catch (error) {
    throw new SymbolExtractionError(
      SymbolExtractionErrorCode.Invalid,
      `The file is an introspection result, but not a valid schema: ${(error as Error).message.split('\n')[0]}`,
      { cause: error },
    );
  }
}
