/**
 * `search_schema` (docs/wire.md §2): ranked search over the symbols of the schema index.
 */
import { DEFAULT_SEARCH_LIMIT as SEARCH_DEFAULT_LIMIT, MAX_SEARCH_LIMIT as SEARCH_MAX_LIMIT } from '@discovery/proto/limits';
import { SYMBOL_KINDS } from '@discovery/schema-symbols';
import { z } from 'zod';
import { toSearchHit } from '../records.mapper.js';
import { readOnlyAnnotations, type ToolDefinition } from '../tool-definition.js';
import { PARENT_PATTERN, MAX_COORDINATE_CHARS, MAX_QUERY_CHARS, nonBlank, recordSchema } from './tool-schemas.js';
import { UNTRUSTED_SCHEMA_TEXT } from '../tool-texts.js';

/**
 * The limit rule, the same at both doors (this tool and yoko.v1 SearchSchema.limit, whose proto
 * comment states it; the values are the API's, @discovery/proto/limits): at most `limit` hits,
 * 10 by default; a larger limit than 100 is accepted and returns at most 100.
 */
export { SEARCH_DEFAULT_LIMIT, SEARCH_MAX_LIMIT };
export const SEARCH_LIMIT_RULE = `Most hits to return (default ${SEARCH_DEFAULT_LIMIT}); limits above ${SEARCH_MAX_LIMIT} return at most ${SEARCH_MAX_LIMIT}.`;

const input = z.strictObject({
  query: nonBlank('query', MAX_QUERY_CHARS).describe(
    'What you need, in plain words ("employee mood"), as a request to change data ("cancel order 1050"), or by name: an exact field, type, argument or enum value name, or a coordinate (Type.field, kind:Type.field, Type.field(arg:)) is returned first.',
  ),
  kinds: z
    .array(z.enum(SYMBOL_KINDS, { error: (issue) => `unknown kind ${JSON.stringify(String(issue.input).slice(0, 40))}; kinds are ${SYMBOL_KINDS.join(', ')}` }))
    .optional()
    .describe(
      'Only return symbols of these kinds: object, interface, union, enum, scalar, input (input object), field, input_field, path (a route from a root field down to a type). Omit to search all kinds.',
    ),
  limit: z.number().int('limit must be a whole number').min(1, 'limit must be at least 1').default(SEARCH_DEFAULT_LIMIT).describe(SEARCH_LIMIT_RULE),
  parent: z
    .string()
    .regex(PARENT_PATTERN, 'parent must be a type: a coordinate such as object:Order, a type name, or query or mutation')
    .max(MAX_COORDINATE_CHARS, `parent must be at most ${MAX_COORDINATE_CHARS} characters`)
    .optional()
    .describe(
      'Only return members of this type: a coordinate such as object:Employee, a type name (Employee), or input:OrderInput, or a root operation by its operation (query, mutation, subscription, any case) whatever the schema calls its root type.',
    ),
  paginated: z.boolean().optional().describe('true keeps only Relay connection fields (edges/pageInfo, first/after); false removes them. Omit for both.'),
});

const output = z.strictObject({
  hits: z.array(
    z.strictObject({
      coordinate: z.string().describe('The symbol, as <kind>:<name>.'),
      score: z.number().describe('Relevance; higher is better.'),
      record: recordSchema,
    }),
  ),
});

export const searchSchemaTool: ToolDefinition<typeof input, typeof output> = {
  name: 'search_schema',
  title: 'Search the GraphQL schema',
  description: [
    'Find the types, fields, arguments, enums and root paths of the GraphQL schema that match a topic, best first.',
    'Use it first, whenever you do not know the exact names to use: the schema is too large to read whole. Questions that read data rank query fields; requests to change data rank the mutations that do it.',
    'Each hit has a coordinate (<kind>:<name>, e.g. field:Employee.details), a score and its record (type, arguments, description, parent, fields, paths from the root); long descriptions are cut in hits and the record then says "DescriptionShortened": true: get_symbols returns them whole.',
    'Narrow noisy results with kinds, parent or paginated; pass coordinates you found to get_symbols to read more.',
    'An empty hits list means nothing in the schema matches: try other words or fewer filters before concluding the data is not there.',
    UNTRUSTED_SCHEMA_TEXT,
  ].join(' '),
  input,
  output,
  annotations: readOnlyAnnotations('Search the GraphQL schema', true),
  slow: false,
  async run(args, ctx) {
    const response = await ctx.client.searchSchema(
      {
        indexId: ctx.indexId,
        query: args.query,
        limit: args.limit,
        kinds: args.kinds ?? [],
        parent: args.parent ?? '',
        ...(args.paginated === undefined ? {} : { paginated: args.paginated }),
      },
      { signal: ctx.signal, timeoutMs: ctx.timeoutMs },
    );
    return { hits: response.hits.map(toSearchHit) };
  },
};
