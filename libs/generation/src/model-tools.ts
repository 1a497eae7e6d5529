/**
 * The tools the model gets, with their JSON Schemas (sent to the endpoint) and
 * zod schemas (checking what comes back). `submit_operations` and its argument
 * shape `{"operations":[{"document","description"}],"unsatisfied":[string]}`
 * are a stable contract: scripted test servers and prompt changes rely on it.
 */
import type { ChatCompletionFunctionTool } from 'openai/resources/chat/completions';
import { SYMBOL_KINDS } from '@discovery/schema-symbols';
import { z } from 'zod';

export const ToolName = {
  SearchSchema: 'search_schema',
  GetSymbols: 'get_symbols',
  ValidateOperation: 'validate_operation',
  SubmitOperations: 'submit_operations',
  ReportNoData: 'report_no_data',
} as const;
export type ToolName = (typeof ToolName)[keyof typeof ToolName];

export const MAX_TOOL_SEARCH_LIMIT = 25;
export const MAX_TOOL_COORDINATES = 20;
const MAX_DOCUMENT = 20_000;

export const searchArgs = z.object({
  query: z.string().trim().min(1).max(500),
  kinds: z.array(z.enum(SYMBOL_KINDS)).max(SYMBOL_KINDS.length).optional(),
  parent: z.string().max(300).optional(),
  limit: z.number().int().min(1).max(MAX_TOOL_SEARCH_LIMIT).optional(),
});

export const symbolsArgs = z.object({
  coordinates: z.array(z.string().min(1).max(300)).min(1).max(MAX_TOOL_COORDINATES),
});

export const validateArgs = z.object({ document: z.string().max(MAX_DOCUMENT) });

export const submitArgs = z.object({
  operations: z
    .array(z.object({ document: z.string().max(MAX_DOCUMENT), description: z.string().max(2000) }))
    .max(10),
  unsatisfied: z.array(z.string().max(1000)).max(20),
});

export const noDataArgs = z.object({ reason: z.string().trim().min(1).max(500) });

export type SubmitArgs = z.infer<typeof submitArgs>;

function tool(name: ToolName, description: string, parameters: Record<string, unknown>): ChatCompletionFunctionTool {
  return { type: 'function', function: { name, description, parameters } };
}

/** The arguments of submit_operations; also the JSON answer of text mode (strict: every property required). */
export const SUBMIT_PARAMETERS: Record<string, unknown> = {
  type: 'object',
  properties: {
    operations: {
      type: 'array',
      items: {
        type: 'object',
        properties: {
          document: { type: 'string', description: 'One GraphQL operation.' },
          description: { type: 'string', description: 'One line: what the operation returns or does.' },
        },
        required: ['document', 'description'],
        additionalProperties: false,
      },
    },
    unsatisfied: { type: 'array', items: { type: 'string' }, description: 'Each part of the request the schema cannot answer, and why.' },
  },
  required: ['operations', 'unsatisfied'],
  additionalProperties: false,
};

/** The JSON answer asked for in text mode (`response_format` where the server has it). */
export const ANSWER_SCHEMA = { name: 'operations_answer', schema: SUBMIT_PARAMETERS } as const;

/** The tool definitions sent with every model call. */
export const MODEL_TOOLS: ChatCompletionFunctionTool[] = [
  tool(ToolName.SearchSchema, 'Search the full schema by topic; returns ranked schema elements with their records.', {
    type: 'object',
    properties: {
      query: { type: 'string', description: 'A topic in a few words, e.g. "employee mood".' },
      kinds: { type: 'array', items: { type: 'string', enum: [...SYMBOL_KINDS] }, description: 'Only these kinds.' },
      parent: { type: 'string', description: 'Only members of this type, e.g. "object:Employee".' },
      limit: { type: 'integer', minimum: 1, maximum: MAX_TOOL_SEARCH_LIMIT },
    },
    required: ['query'],
    additionalProperties: false,
  }),
  tool(ToolName.GetSymbols, 'Read schema elements by coordinate, e.g. "object:Employee", "field:Query.employees".', {
    type: 'object',
    properties: { coordinates: { type: 'array', items: { type: 'string' }, minItems: 1, maxItems: MAX_TOOL_COORDINATES } },
    required: ['coordinates'],
    additionalProperties: false,
  }),
  tool(ToolName.ValidateOperation, 'Check one GraphQL operation against the full schema; returns the errors, if any.', {
    type: 'object',
    properties: { document: { type: 'string' } },
    required: ['document'],
    additionalProperties: false,
  }),
  tool(
    ToolName.SubmitOperations,
    'Submit the final answer: the operations that answer the request, and what the schema cannot provide (with the reason).',
    SUBMIT_PARAMETERS,
  ),
  tool(ToolName.ReportNoData, 'Use only when the request asks for no data at all (a greeting, small talk).', {
    type: 'object',
    properties: { reason: { type: 'string' } },
    required: ['reason'],
    additionalProperties: false,
  }),
];

/** A compact, model-readable description of zod issues. */
export function describeIssues(error: z.ZodError): string {
  return error.issues
    .slice(0, 5)
    .map((issue) => `${issue.path.length > 0 ? issue.path.join('.') : 'arguments'}: ${issue.message}`)
    .join('; ');
}
