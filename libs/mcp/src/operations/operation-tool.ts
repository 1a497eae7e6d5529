/**
 * One curated operation served as an MCP tool (docs/wire.md §5): its tool name, description, input
 * schema and annotations, and the document sent to the GraphQL API when it is called.
 */
import type { Tool } from '@modelcontextprotocol/sdk/types.js';
import type { JsonObject } from '../records.mapper.js';

export type ServedOperationType = 'query' | 'mutation';

export interface OperationTool {
  /** The MCP tool name (`execute_operation_get_user_by_id`). */
  readonly name: string;
  /** The operation's name, or its file's name when the operation has none. */
  readonly operationName: string;
  /** Whether the document names the operation (an unnamed one is sent without operationName). */
  readonly named: boolean;
  readonly operationType: ServedOperationType;
  readonly description: string;
  /** The file, relative to the operations folder, with `/` separators. */
  readonly file: string;
  /** What is sent to the API: the file's document, re-printed without descriptions when it had any. */
  readonly document: string;
  readonly inputSchema: JsonObject;
  /** The operation declares variables. */
  readonly hasVariables: boolean;
}

/** Why a file is not a tool (docs/wire.md §5); `excluded` is a setting, not a fault. */
export type SkipReason = 'unreadable' | 'invalid' | 'subscription' | 'duplicate' | 'collision' | 'excluded';

export interface SkippedOperation {
  readonly file: string;
  readonly reason: SkipReason;
  /** One line for logs and the CLI: what is wrong (never the file's text beyond names). */
  readonly detail: string;
  readonly operationName?: string;
}

/** The response envelope operation tools and execute_graphql return as structuredContent. */
export const GRAPHQL_RESPONSE_SCHEMA = Object.freeze({
  type: 'object',
  properties: {
    data: { type: ['object', 'null'], description: 'The data the operation selected (null when it failed before any).' },
    errors: { type: 'array', items: { type: 'object' }, description: 'GraphQL errors, when there were any: read them before data.' },
    extensions: { type: 'object' },
  },
}) as Tool['outputSchema'];

/** The tools/list entry of an operation tool: queries read only; mutations neither read-only nor idempotent (Cosmo's annotations). */
export function operationToolListing(tool: OperationTool): Tool {
  return {
    name: tool.name,
    description: tool.description,
    inputSchema: tool.inputSchema as Tool['inputSchema'],
    outputSchema: GRAPHQL_RESPONSE_SCHEMA,
    annotations: {
      title: `Execute operation ${tool.operationName}`,
      readOnlyHint: tool.operationType === 'query',
      idempotentHint: tool.operationType !== 'mutation',
      openWorldHint: true,
    },
  };
}
