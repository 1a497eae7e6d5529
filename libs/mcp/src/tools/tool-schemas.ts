/**
 * Schema pieces shared by the tool definitions: non-blank strings, coordinates and records.
 */
import { SYMBOL_KINDS } from '@discovery/schema-symbols';
import { z } from 'zod';

/** A type as a parent: `<kind>:<name>` with one of the symbol kinds of docs/wire.md §3, or a bare name. */
export const PARENT_PATTERN = new RegExp(`^((${SYMBOL_KINDS.join('|')}):)?[^\\s:]+$`);

/**
 * The root operation words (docs/wire.md §1 "Roots": any case, or the schema's root type name),
 * as the slice and search tools take them; the service resolves and checks them.
 */
export const rootName = (name: string) =>
  z
    .string(`${name} must be a string`)
    .regex(/^\S+$/, `${name} must be one word: query, mutation or subscription`)
    .max(MAX_COORDINATE_CHARS, `${name} must be at most ${MAX_COORDINATE_CHARS} characters`);

/** Longest texts the discovery service accepts (docs/wire.md §1 request validation). */
import { MAX_COORDINATE_CHARS } from '@discovery/proto/limits';
export { MAX_COORDINATE_CHARS, MAX_COORDINATES, MAX_PROMPT_CHARS, MAX_QUERY_CHARS } from '@discovery/proto/limits';

/** A string that must contain a non-space character, at most `max` characters long. */
export function nonBlank(name: string, max: number): z.ZodString {
  return z.string(`${name} must be a string`).regex(/\S/, `${name} must contain a non-space character`).max(max, `${name} must be at most ${max} characters`);
}

/** A schema record (docs/wire.md §3): a JSON object with PascalCase keys. */
export const recordSchema = z.record(z.string(), z.unknown()).describe('The full record of the symbol: a JSON object with PascalCase keys.');

/** Token budgets of get_schema_slice (the discovery service's GetSchemaSlice limits). */
export {
  DEFAULT_SLICE_TOKENS as SLICE_DEFAULT_TOKENS,
  MAX_SLICE_TOKENS as SLICE_MAX_TOKENS,
  MIN_SLICE_TOKENS as SLICE_MIN_TOKENS,
} from '@discovery/proto/limits';
