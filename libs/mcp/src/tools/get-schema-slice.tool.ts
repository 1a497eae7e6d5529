/**
 * `get_schema_slice`: the part of the schema an operation for a topic needs,
 * as compact SDL within a token budget (discovery.v1 GetSchemaSlice).
 */
import { z } from 'zod';
import { readOnlyAnnotations, type ToolDefinition } from '../tool-definition.js';
import { MAX_QUERY_CHARS, nonBlank, rootName, SLICE_DEFAULT_TOKENS, SLICE_MAX_TOKENS, SLICE_MIN_TOKENS } from './tool-schemas.js';
import { UNTRUSTED_SCHEMA_TEXT } from '../tool-texts.js';

const input = z.strictObject({
  query: nonBlank('query', MAX_QUERY_CHARS).describe(
    'What the operation should read, in plain words or schema names, e.g. "open issues of a repository with their labels".',
  ),
  maxTokens: z
    .number()
    .int('maxTokens must be a whole number')
    .min(SLICE_MIN_TOKENS, `maxTokens must be at least ${SLICE_MIN_TOKENS}`)
    .max(SLICE_MAX_TOKENS, `maxTokens must be at most ${SLICE_MAX_TOKENS}`)
    .default(SLICE_DEFAULT_TOKENS)
    .describe(`Most tokens the slice may take (o200k; default ${SLICE_DEFAULT_TOKENS}).`),
  root: rootName('root')
    .optional()
    .describe(
      'The root operation the operation starts from: query (default) to read data, mutation to change it, or subscription; any case, whatever the schema calls its root types.',
    ),
});

const output = z.strictObject({
  sdl: z.string().describe('The slice as SDL: only the fields, arguments, input types and enums an operation for the query needs.'),
  tokens: z.number().int().describe('Size of the slice in o200k tokens, never over maxTokens.'),
  coordinates: z.array(z.string()).describe('Every element printed, as <kind>:<name> (object:Query, field:Employee.details, enum:Mood, ...).'),
  truncated: z.boolean().describe('True when relevant elements were left out to stay within maxTokens.'),
});

export const getSchemaSliceTool: ToolDefinition<typeof input, typeof output> = {
  name: 'get_schema_slice',
  title: 'Get a schema slice',
  description: [
    'Get the part of the schema you need to write an operation yourself: root fields and the paths down to the relevant types, their useful fields, the arguments that matter (required and pagination ones always), and the input types and enums those arguments take, as compact SDL within a token budget.',
    'Use it before writing a query by hand, with root: mutation before writing a mutation; follow up with get_symbols for anything the slice does not show. When truncated is true, ask a narrower question or raise maxTokens.',
    UNTRUSTED_SCHEMA_TEXT,
  ].join(' '),
  input,
  output,
  annotations: readOnlyAnnotations('Get a schema slice', true),
  slow: false,
  async run(args, ctx) {
    const slice = await ctx.api.getSchemaSlice(
      { indexId: ctx.indexId, query: args.query, maxTokens: args.maxTokens, roots: args.root === undefined ? [] : [args.root] },
      { signal: ctx.signal, timeoutMs: ctx.timeoutMs },
    );
    return { sdl: slice.sdl, tokens: slice.tokens, coordinates: [...slice.coordinates], truncated: slice.truncated };
  },
};
