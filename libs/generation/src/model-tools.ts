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

// The zod schemas are the one source: they check what comes back, and the JSON Schemas sent to the
// endpoint are derived from them (z.toJSONSchema), descriptions included. Strict objects: the
// model is told `additionalProperties: false`, and an unknown key is reported back to it.
export const searchArgs = z.strictObject({
  query: z.string().trim().min(1).max(500).describe('A topic in a few words, e.g. "employee mood".'),
  kinds: z.array(z.enum(SYMBOL_KINDS)).max(SYMBOL_KINDS.length).optional().describe('Only these kinds.'),
  parent: z.string().max(300).optional().describe('Only members of this type, e.g. "object:Employee".'),
  limit: z.number().int().min(1).max(MAX_TOOL_SEARCH_LIMIT).optional(),
});

export const symbolsArgs = z.strictObject({
  coordinates: z.array(z.string().min(1).max(300)).min(1).max(MAX_TOOL_COORDINATES),
});

export const validateArgs = z.strictObject({ document: z.string().max(MAX_DOCUMENT) });

export const submitArgs = z.strictObject({
  operations: z
    .array(
      z.strictObject({
        document: z.string().max(MAX_DOCUMENT).describe('One GraphQL operation.'),
        description: z.string().max(2000).describe('One line: what the operation returns or does.'),
      }),
    )
    .max(10),
  unsatisfied: z.array(z.string().max(1000)).max(20).describe('Each part of the request the schema cannot answer, and why.'),
});

export const noDataArgs = z.strictObject({ reason: z.string().trim().min(1).max(500) });

export type SubmitArgs = z.infer<typeof submitArgs>;

/** Each tool's argument schema, by tool name. */
export const TOOL_ARGS: Readonly<Record<ToolName, z.ZodType>> = {
  [ToolName.SearchSchema]: searchArgs,
  [ToolName.GetSymbols]: symbolsArgs,
  [ToolName.ValidateOperation]: validateArgs,
  [ToolName.SubmitOperations]: submitArgs,
  [ToolName.ReportNoData]: noDataArgs,
};

/** The JSON Schema of what `schema` accepts (its input side), without the `$schema` dialect line. */
export function argumentsJsonSchema(schema: z.ZodType): Record<string, unknown> {
  const { $schema: _dialect, ...rest } = z.toJSONSchema(schema, { io: 'input', unrepresentable: 'throw' });
  return rest;
}

/** Keywords OpenAI's strict structured outputs refuse; zod still checks them and reports a breach to the model. */
const NOT_IN_STRICT_MODE = new Set(['minLength', 'maxLength']);

/** `schema` without the keywords strict `response_format` refuses, at every depth. */
export function strictModeSubset(schema: unknown): unknown {
  if (Array.isArray(schema)) return schema.map(strictModeSubset);
  if (schema === null || typeof schema !== 'object') return schema;
  return Object.fromEntries(
    Object.entries(schema)
      .filter(([key]) => !NOT_IN_STRICT_MODE.has(key))
      .map(([key, value]) => [key, key === 'properties' ? mapValues(value as Record<string, unknown>) : strictModeSubset(value)]),
  );
}

function mapValues(properties: Record<string, unknown>): Record<string, unknown> {
  return Object.fromEntries(Object.entries(properties).map(([name, value]) => [name, strictModeSubset(value)]));
}

function tool(name: ToolName, description: string): ChatCompletionFunctionTool {
  return { type: 'function', function: { name, description, parameters: argumentsJsonSchema(TOOL_ARGS[name]) } };
}

/** The arguments of submit_operations (strict: every property required). */
export const SUBMIT_PARAMETERS: Record<string, unknown> = argumentsJsonSchema(submitArgs);

/** The JSON answer asked for in text mode (`response_format` where the server has it, strict). */
export const ANSWER_SCHEMA = { name: 'operations_answer', schema: strictModeSubset(SUBMIT_PARAMETERS) as Record<string, unknown> } as const;

/** The tool definitions sent with every model call. */
export const MODEL_TOOLS: ChatCompletionFunctionTool[] = [
  tool(ToolName.SearchSchema, 'Search the full schema by topic; returns ranked schema elements with their records.'),
  tool(ToolName.GetSymbols, 'Read schema elements by coordinate, e.g. "object:Employee", "field:Query.employees".'),
  tool(ToolName.ValidateOperation, 'Check one GraphQL operation against the full schema; returns the errors, if any.'),
  tool(ToolName.SubmitOperations, 'Submit the final answer: the operations that answer the request, and what the schema cannot provide (with the reason).'),
  tool(ToolName.ReportNoData, 'Use only when the request asks for no data at all (a greeting, small talk).'),
];

/** A compact, model-readable description of zod issues. */
export function describeIssues(error: z.ZodError): string {
  return error.issues
    .slice(0, 5)
    .map((issue) => `${issue.path.length > 0 ? issue.path.join('.') : 'arguments'}: ${issue.message}`)
    .join('; ');
}
