/**
 * `get_operation_info` (Cosmo's built-in tool, docs/wire.md §5): how to run the operation behind a
 * tool directly over HTTP: its type, description, input schema and document, the endpoint, the
 * request format and a curl line; as Cosmo's text and as structuredContent.
 */
import type { Tool } from '@modelcontextprotocol/sdk/types.js';
import type { JsonObject } from '../records.mapper.js';
import type { OperationTool } from './operation-tool.js';

export interface OperationInfo {
  name: string;
  toolName: string;
  operationType: 'query' | 'mutation';
  description: string;
  hasSideEffects: boolean;
  endpoint: string;
  document: string;
  variablesSchema: JsonObject;
  curl: string;
  requiredScopes?: string[];
}

export const OPERATION_INFO_OUTPUT_SCHEMA = Object.freeze({
  type: 'object',
  properties: {
    name: { type: 'string' },
    toolName: { type: 'string' },
    operationType: { type: 'string', enum: ['query', 'mutation'] },
    description: { type: 'string' },
    hasSideEffects: { type: 'boolean' },
    endpoint: { type: 'string', description: 'Where to POST the request.' },
    document: { type: 'string', description: 'The query string to send, exactly as given.' },
    variablesSchema: { type: 'object', description: 'JSON Schema of the variables object.' },
    curl: { type: 'string', description: 'A shell command that runs the operation (placeholders for the variables).' },
    requiredScopes: { type: 'array', items: { type: 'string' }, description: 'OAuth scopes the tool needs besides those of every tool call.' },
  },
  required: ['name', 'toolName', 'operationType', 'description', 'hasSideEffects', 'endpoint', 'document', 'variablesSchema', 'curl'],
}) as Tool['outputSchema'];

export function operationInfo(tool: OperationTool, endpoint: string, requiredScopes: readonly string[]): OperationInfo {
  return {
    name: tool.operationName,
    toolName: tool.name,
    operationType: tool.operationType,
    description: tool.description,
    hasSideEffects: tool.operationType === 'mutation',
    endpoint,
    document: tool.document,
    variablesSchema: tool.inputSchema,
    curl: curlLine(tool, endpoint),
    ...(requiredScopes.length > 0 ? { requiredScopes: [...requiredScopes] } : {}),
  };
}

/** Cosmo's text for the operation, followed by a curl line. */
export function operationInfoText(info: OperationInfo, hasVariables: boolean): string {
  const lines = [`Operation: ${info.name}`, `Type: ${info.operationType}`];
  if (info.description) lines.push(`Description: ${info.description}`);
  const schema = hasVariables
    ? `\nInput Schema:\n\`\`\`json\n${JSON.stringify(info.variablesSchema)}\n\`\`\`\n`
    : '\nThis operation does not require any input variables.\n';
  const scopes = info.requiredScopes ? `\nRequired Scopes:\n  - ${info.requiredScopes.join(' AND ')}\n` : '';
  const request = hasVariables ? '{\n  "query": "<operation_query>",\n  "variables": <your_variables_object>\n}\n' : '{\n  "query": "<operation_query>"\n}\n';
  return [
    `${lines.join('\n')}\n`,
    schema,
    scopes,
    `\nGraphQL Query:\n\`\`\`\n${info.document.trimEnd()}\n\`\`\`\n`,
    `\nUsage Instructions:\n1. Endpoint: ${info.endpoint}\n2. HTTP Method: POST\n3. Headers Required:\n   - Content-Type: application/json; charset=utf-8\n`,
    `\nRequest Format:\n\`\`\`json\n${request}\`\`\``,
    '\nImportant Notes:\n1. Use the query string exactly as provided above\n2. Do not modify or reformat the query string',
    `\n\nExample:\n\`\`\`sh\n${info.curl}\n\`\`\``,
  ].join('');
}

/** `curl` with the document and a placeholder for each variable (by its JSON Schema type). */
function curlLine(tool: OperationTool, endpoint: string): string {
  const properties = (tool.inputSchema['properties'] ?? {}) as Record<string, JsonObject>;
  const variables = Object.fromEntries(Object.entries(properties).map(([name, schema]) => [name, placeholder(name, schema)]));
  const body = {
    query: tool.document.trim(),
    ...(tool.named ? { operationName: tool.operationName } : {}),
    ...(tool.hasVariables ? { variables } : {}),
  };
  return `curl -sS -X POST ${shellWord(endpoint)} -H 'Content-Type: application/json' --data-raw ${shellWord(JSON.stringify(body))}`;
}

function placeholder(name: string, schema: JsonObject): unknown {
  if (schema['default'] !== undefined) return schema['default'];
  const type = Array.isArray(schema['type']) ? (schema['type'] as unknown[])[0] : schema['type'];
  if (Array.isArray(schema['enum'])) return (schema['enum'] as unknown[])[0];
  switch (type) {
    case 'integer':
    case 'number':
      return 0;
    case 'boolean':
      return false;
    case 'array':
      return [];
    case 'object':
      return {};
    default:
      return `<${name}>`;
  }
}

function shellWord(text: string): string {
  return `'${text.replace(/'/g, "'\\''")}'`;
}
