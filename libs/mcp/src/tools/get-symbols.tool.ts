/**
 * `get_symbols` (docs/wire.md §2): whole records for known coordinates (with or without their kind), in request order.
 */
import { z } from 'zod';
import { toSymbol } from '../records.mapper.js';
import { readOnlyAnnotations, type ToolDefinition } from '../tool-definition.js';
import { MAX_COORDINATE_CHARS, MAX_COORDINATES, nonBlank, recordSchema } from './tool-schemas.js';
import { UNTRUSTED_SCHEMA_TEXT } from '../tool-texts.js';

const input = z.strictObject({
  coordinates: z
    .array(nonBlank('each coordinate', MAX_COORDINATE_CHARS), 'coordinates must be an array of strings')
    .min(1, 'coordinates must hold at least one coordinate')
    .max(MAX_COORDINATES, `coordinates must hold at most ${MAX_COORDINATES} coordinates`)
    .describe(
      'Coordinates to read, as <kind>:<name> (object:Query, field:Employee.details, input:SearchInput, input_field:SearchInput.name, enum:Mood, or a path coordinate from a search hit) or as a plain GraphQL name: Employee for the type, Employee.details for the field or input field, Query.employee(id:) for the field that takes the argument.',
    ),
});

const output = z.strictObject({
  symbols: z.array(
    z.strictObject({
      coordinate: z.string().describe('The symbol, as <kind>:<name>.'),
      record: recordSchema,
    }),
  ),
});

export const getSymbolsTool: ToolDefinition<typeof input, typeof output> = {
  name: 'get_symbols',
  title: 'Read schema symbols',
  description: [
    'Read the full records of schema elements by coordinate: type references, arguments with types and defaults, whole descriptions, deprecation, every enum value, every field of an object or input by name and type, and the paths that reach it from a root operation.',
    'Use it after search_schema (whose hits may shorten long descriptions), or when you already know the names, to check names and types before writing or generating an operation.',
    'A name without its kind works when it names one element: Employee.details reads field:Employee.details; each symbol comes back with its <kind>:<name> coordinate.',
    'Symbols come back in the order asked; coordinates that do not exist in the schema are left out, so a shorter (or empty) list means some names are wrong: search for them.',
    UNTRUSTED_SCHEMA_TEXT,
  ].join(' '),
  input,
  output,
  annotations: readOnlyAnnotations('Read schema symbols', true),
  slow: false,
  async run(args, ctx) {
    const response = await ctx.client.getSymbols({ indexId: ctx.indexId, coordinates: args.coordinates }, { signal: ctx.signal, timeoutMs: ctx.timeoutMs });
    return { symbols: response.symbols.map(toSymbol) };
  },
};
