/**
 * The four tools of the bridge and their public MCP descriptions (JSON Schemas derived once
 * from the zod schemas that also validate every call).
 */
import type { Tool } from '@modelcontextprotocol/sdk/types.js';
import { z } from 'zod';
import type { ToolDefinition } from './tool-definition.js';
import { generateQueryTool } from './tools/generate-query.tool.js';
import { getSchemaSliceTool } from './tools/get-schema-slice.tool.js';
import { getSymbolsTool } from './tools/get-symbols.tool.js';
import { searchSchemaTool } from './tools/search-schema.tool.js';

export const TOOL_DEFINITIONS: readonly ToolDefinition[] = [searchSchemaTool, getSymbolsTool, getSchemaSliceTool, generateQueryTool];

export const TOOLS_BY_NAME: ReadonlyMap<string, ToolDefinition> = new Map(TOOL_DEFINITIONS.map((tool) => [tool.name, tool]));

function jsonSchema(schema: z.ZodType, io: 'input' | 'output'): Tool['inputSchema'] {
  const { $schema: _dialect, ...rest } = z.toJSONSchema(schema, { io, unrepresentable: 'throw' });
  return rest as Tool['inputSchema'];
}

/** The `tools/list` answer. */
export const TOOL_LIST: readonly Tool[] = TOOL_DEFINITIONS.map((tool) => ({
  name: tool.name,
  title: tool.title,
  description: tool.description,
  inputSchema: jsonSchema(tool.input, 'input'),
  outputSchema: jsonSchema(tool.output, 'output') as Tool['outputSchema'],
  annotations: { ...tool.annotations },
}));

/** One readable sentence listing what is wrong with a tool's input. */
export function describeInputIssues(error: z.ZodError): string {
  return error.issues
    .map((issue) => {
      const path = issue.path.map(String).join('.');
      if (issue.code === 'unrecognized_keys') return `unknown input ${issue.keys.map((k) => `"${k}"`).join(', ')}`;
      if (issue.code === 'invalid_type' && issue.input === undefined) return `${path || 'arguments'} is required`;
      if (issue.code === 'invalid_type' && !path) return 'the arguments must be an object';
      return issue.message.startsWith(path.split('.')[0] ?? '') && path ? issue.message : `${path}: ${issue.message}`;
    })
    .join('; ');
}
