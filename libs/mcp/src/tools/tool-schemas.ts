/**
 * Schema pieces shared by the tool definitions: non-blank strings, coordinates and records.
 */
import { SYMBOL_KINDS } from '@discovery/schema-symbols';
import { z } from 'zod';

/** `<kind>:<name>` with one of the symbol kinds of WIRE.md §3. */
export const COORDINATE_PATTERN = new RegExp(`^(${SYMBOL_KINDS.join('|')}):\\S+$`);

/** A string that must contain a non-space character. */
export function nonBlank(name: string): z.ZodString {
  return z
    .string(`${name} must be a string`)
    .regex(/\S/, `${name} must contain a non-space character`);
}

/** A schema record (WIRE.md §3): a JSON object with PascalCase keys. */
export const recordSchema = z
  .record(z.string(), z.unknown())
  .describe('The full record of the symbol: a JSON object with PascalCase keys.');
