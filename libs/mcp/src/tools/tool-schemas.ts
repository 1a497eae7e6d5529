/**
 * Schema pieces shared by the tool definitions: non-blank strings, coordinates and records.
 */
import { SYMBOL_KINDS } from '@discovery/schema-symbols';
import { z } from 'zod';

/** `<kind>:<name>` with one of the symbol kinds of docs/wire.md §3. */
export const COORDINATE_PATTERN = new RegExp(`^(${SYMBOL_KINDS.join('|')}):\\S+$`);

/** Longest texts the discovery service accepts (docs/wire.md §1 request validation). */
export const MAX_QUERY_CHARS = 2000;
export const MAX_PROMPT_CHARS = 8000;
export const MAX_COORDINATES = 500;
export const MAX_COORDINATE_CHARS = 600;

/** A string that must contain a non-space character, at most `max` characters long. */
export function nonBlank(name: string, max: number): z.ZodString {
  return z
    .string(`${name} must be a string`)
    .regex(/\S/, `${name} must contain a non-space character`)
    .max(max, `${name} must be at most ${max} characters`);
}

/** A schema record (docs/wire.md §3): a JSON object with PascalCase keys. */
export const recordSchema = z
  .record(z.string(), z.unknown())
  .describe('The full record of the symbol: a JSON object with PascalCase keys.');

/** Token budgets of get_schema_slice (the discovery service's GetSchemaSlice limits). */
export const SLICE_DEFAULT_TOKENS = 8000;
export const SLICE_MIN_TOKENS = 200;
export const SLICE_MAX_TOKENS = 32_000;
