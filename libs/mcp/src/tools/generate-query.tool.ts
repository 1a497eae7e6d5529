/**
 * `generate_query` (docs/wire.md §2): turns a request in plain language into checked, parameterized
 * GraphQL operations, plus guidance for running or saving them.
 */
import { cleanResolution, type GenerateJobResult, type JsonSchema } from '@discovery/generation/contract';
import { COMPOSED_FALLBACK_HEADER_VALUE, COMPOSED_HEADER, COMPOSED_HEADER_VALUE } from '@discovery/proto';
import { z } from 'zod';
import { toResolution, type ResolvedQueryOutput } from '../records.mapper.js';
import { readOnlyAnnotations, type ToolDefinition } from '../tool-definition.js';
import { MAX_PROMPT_CHARS, nonBlank } from './tool-schemas.js';
import { UNTRUSTED_SCHEMA_TEXT } from '../tool-texts.js';

const input = z.strictObject({
  prompt: nonBlank('prompt', MAX_PROMPT_CHARS).describe(
    'What the operation should do, in plain language, with any concrete values, e.g. "the current mood of employee 3" or "create a product called Lamp priced 20 EUR".',
  ),
});

const output = z.strictObject({
  queries: z.array(
    z.strictObject({
      description: z.string().describe('What the operation does.'),
      document: z.string().describe('The GraphQL document, validated against the schema.'),
      operationName: z.string(),
      operationType: z.enum(['query', 'mutation', 'subscription']),
      variablesSchema: z.record(z.string(), z.unknown()).describe('JSON Schema of the variables object to send with the document.'),
    }),
  ),
  unsatisfied: z.array(z.string()).optional().describe('Parts of the request the schema cannot answer, and why.'),
  truncated: z.literal(true).optional().describe('Generation stopped early; the answer may be incomplete.'),
  guidance: z
    .strictObject({
      endpoint: z.string().optional().describe('The GraphQL endpoint to send the operation to.'),
      nextSteps: z.array(z.string()),
    })
    .optional(),
});

type GenerateQueryOutput = z.output<typeof output>;

export const generateQueryTool: ToolDefinition<typeof input, typeof output> = {
  name: 'generate_query',
  title: 'Generate a GraphQL operation',
  description: [
    'Write GraphQL operations for a request in plain language. Each operation is validated against the full schema, takes every concrete value from the request as a variable, and comes with a JSON Schema of its variables.',
    "Use it when you know what data to read or change; search_schema and get_symbols first help you phrase the request with the schema's own names.",
    'The prompt must ask for data or an action; a prompt that asks for nothing is rejected. It takes several seconds.',
    'Always read unsatisfied: it lists what the schema cannot answer. An empty queries list means no operation fits; truncated means generation stopped early, so retry with a narrower request.',
    UNTRUSTED_SCHEMA_TEXT,
  ].join(' '),
  input,
  output,
  annotations: readOnlyAnnotations('Generate a GraphQL operation', false),
  slow: true,
  async run(args, ctx) {
    let composed: string | null = null;
    const response = await ctx.client.generateQuery(
      { indexId: ctx.indexId, prompt: args.prompt },
      {
        signal: ctx.signal,
        timeoutMs: ctx.timeoutMs,
        onHeader: (header) => {
          composed = header.get(COMPOSED_HEADER);
        },
      },
    );
    // No model on the service: the client's own model writes it, when the client offers one (docs/models.md).
    if (composed === COMPOSED_HEADER_VALUE && ctx.clientModel) {
      const written = usable(await ctx.clientModel.generate(args.prompt));
      if (written) return withGuidance(written, ctx.graphqlEndpoint, CLIENT_MODEL_STEP);
    }
    const made = composed === COMPOSED_HEADER_VALUE ? COMPOSED_STEP : composed === COMPOSED_FALLBACK_HEADER_VALUE ? FALLBACK_STEP : undefined;
    return withGuidance(toResolution(response.resolution), ctx.graphqlEndpoint, made);
  },
};

/** The client model's answer when it has something of its own (not the composer's fallback, not a failure). */
function usable(result: GenerateJobResult): GenerateQueryOutput | undefined {
  if (result.status !== 'resolved' || result.resolution.fallback) return undefined;
  const { queries, unsatisfied, truncated } = result.resolution;
  if (queries.length === 0 && unsatisfied.length === 0) return undefined;
  return { queries, ...(unsatisfied.length > 0 ? { unsatisfied } : {}), ...(truncated ? { truncated: true as const } : {}) };
}

function withGuidance(answer: GenerateQueryOutput, endpoint: string | undefined, made: string | undefined): GenerateQueryOutput {
  const resolution = cleaned(answer);
  if (resolution.queries.length > 0) resolution.guidance = guidance(resolution.queries, endpoint, made);
  return resolution;
}

/** The first step when the client's own model wrote the operation (MCP sampling). */
export const CLIENT_MODEL_STEP =
  'This operation was written by your own model (through MCP sampling: the service has no language model) and validated against the schema: check that it selects what the user asked for.';

/** The first step when the service's model gave nothing usable and the composer's draft came back instead. */
export const FALLBACK_STEP =
  "The service's language model gave no usable answer, so this operation was composed without it: check that it selects what the user asked for, and adjust it with search_schema and get_symbols if not.";

/** The first step when the service has no language model and composed the operation from the schema. */
export const COMPOSED_STEP =
  'This operation was composed without a language model (none is configured on the service): check that it selects what the user asked for, and adjust it with search_schema and get_symbols if not.';

/** Where to send the operations and how to keep them; only when there is an operation. */
function guidance(queries: ResolvedQueryOutput[], endpoint: string | undefined, made: string | undefined): NonNullable<GenerateQueryOutput['guidance']> {
  const target = endpoint ? `the GraphQL endpoint ${endpoint}` : 'the GraphQL endpoint of this schema';
  const first = queries[0]?.operationName ?? 'the operation';
  const nextSteps = [
    ...(made ? [made] : []),
    `Run an operation with an HTTP POST to ${target}, Content-Type application/json, body {"query": <document>, "operationName": <operationName>, "variables": {...}}.`,
    'Build "variables" from the user\'s request so that it matches variablesSchema: every required variable set, nothing else added.',
    'Read "errors" in the response before "data"; a partial result can carry both.',
    `To reuse an operation as a tool, save its document as a .graphql file (e.g. ${first}.graphql) in your router's operations folder; Cosmo's MCP server then exposes it with this variables schema.`,
  ];
  return endpoint ? { endpoint, nextSteps } : { nextSteps };
}

/** Model text is untrusted, whichever model wrote it (the service's or the client's): cleaned (issue 23 finding 6). */
function cleaned(answer: GenerateQueryOutput): GenerateQueryOutput {
  const clean = cleanResolution({
    queries: answer.queries.map((q) => ({ ...q, variablesSchema: q.variablesSchema as JsonSchema })),
    unsatisfied: answer.unsatisfied ?? [],
    truncated: false,
  });
  return {
    ...answer,
    queries: clean.queries.map((q) => ({ ...q, variablesSchema: q.variablesSchema as Record<string, unknown> })),
    ...(answer.unsatisfied !== undefined ? { unsatisfied: clean.unsatisfied } : {}),
  };
}
