/**
 * The tools the bridge serves for the team's own API, beside the discovery tools: one per curated
 * operation (OperationCatalog) and Cosmo's built-in tools (docs/wire.md §5): get_operation_info
 * with an operations folder, get_schema with MCP_EXPOSE_SCHEMA, execute_graphql with
 * MCP_ENABLE_ARBITRARY_OPERATIONS (queries only unless mutations are allowed). Arguments are checked
 * against each tool's input schema (the SDK's Ajv validator); every answer is a tool result.
 */
import { AjvJsonSchemaValidator } from '@modelcontextprotocol/sdk/validation/ajv';
import type { JsonSchemaType, JsonSchemaValidator } from '@modelcontextprotocol/sdk/validation/types.js';
import type { CallToolResult, Tool } from '@modelcontextprotocol/sdk/types.js';
import { Kind, parse, type OperationDefinitionNode } from 'graphql';
import type { JsonObject } from '../records.mapper.js';
import { UNTRUSTED_SCHEMA_TEXT } from '../tool-texts.js';
import type { GraphqlApiClient } from './graphql-api.client.js';
import type { OperationCatalog } from './operation-catalog.js';
import { operationInfo, operationInfoText, OPERATION_INFO_OUTPUT_SCHEMA } from './operation-info.js';
import { errorResult, OPERATION_TEXTS, operationResult, type OperationResult } from './operation-results.js';
import { GRAPHQL_RESPONSE_SCHEMA, operationToolListing, type OperationTool } from './operation-tool.js';

/** Told to the model beside SERVER_INSTRUCTIONS when operation tools are served. */
export const OPERATION_TOOLS_INSTRUCTIONS =
  'Tools named execute_operation_* (or the operation names themselves) run curated operations against the API and return its GraphQL response; prefer them to writing operations, and read "errors" before "data". get_operation_info tells how to run one over HTTP.';

/** Cosmo's built-in tool names: never an operation tool's, whether or not they are served. */
export const BUILTIN_TOOL_NAMES = ['get_schema', 'execute_graphql', 'get_operation_info'] as const;

export interface OperationToolsOptions {
  catalog: OperationCatalog;
  /** Undefined when there is no GraphQL endpoint (operation tools then cannot run). */
  client: GraphqlApiClient | undefined;
  /** get_operation_info (served with an operations folder). */
  operationInfo: boolean;
  exposeSchema: boolean;
  arbitraryOperations: boolean;
  arbitraryMutations: boolean;
  /** OAuth scopes a tool needs beyond tools_call, by tool name (shown by get_operation_info). */
  toolScopes?: Readonly<Record<string, readonly string[]>>;
}

/** What a call sees of its MCP request. */
export interface OperationCallContext {
  signal: AbortSignal;
  /** The MCP request's headers (HTTP only), lower-case names. */
  headers?: Readonly<Record<string, string | string[] | undefined>>;
}

const EXECUTE_GRAPHQL_INPUT = {
  type: 'object',
  description: 'The query and variables to execute.',
  properties: {
    query: { type: 'string', description: 'The GraphQL query or mutation string to execute.' },
    variables: { type: 'object', additionalProperties: true, description: 'The variables to pass to the GraphQL query as a JSON object.' },
  },
  additionalProperties: false,
  required: ['query'],
} as const;

export class OperationTools {
  private readonly validator = new AjvJsonSchemaValidator();
  private readonly validators = new WeakMap<object, JsonSchemaValidator<unknown>>();

  constructor(private readonly options: OperationToolsOptions) {}

  get catalog(): OperationCatalog {
    return this.options.catalog;
  }

  /** The tools/list entries, in Cosmo's order: get_schema, execute_graphql, the operations, get_operation_info. */
  list(): Tool[] {
    const tools: Tool[] = [];
    if (this.options.exposeSchema) tools.push(this.getSchemaListing());
    if (this.options.arbitraryOperations) tools.push(this.executeGraphqlListing());
    tools.push(...this.options.catalog.tools().map(operationToolListing));
    if (this.options.operationInfo) tools.push(this.operationInfoListing());
    return tools;
  }

  has(name: string): boolean {
    if (name === 'get_schema') return this.options.exposeSchema;
    if (name === 'execute_graphql') return this.options.arbitraryOperations;
    if (name === 'get_operation_info') return this.options.operationInfo;
    return this.options.catalog.get(name) !== undefined;
  }

  onChange(listener: () => void): () => void {
    return this.options.catalog.onChange(listener);
  }

  async call(name: string, args: Record<string, unknown> | undefined, context: OperationCallContext): Promise<OperationResult> {
    const input = args ?? {};
    if (name === 'get_schema' && this.options.exposeSchema) return this.getSchema();
    if (name === 'execute_graphql' && this.options.arbitraryOperations) return this.executeGraphql(input, context);
    if (name === 'get_operation_info' && this.options.operationInfo) return this.getOperationInfo(input);
    const tool = this.options.catalog.get(name);
    if (!tool) return invalid(`Unknown tool: ${name}`);
    const problem = this.check(tool.inputSchema, input);
    if (problem !== undefined) return invalid(OPERATION_TEXTS.inputInvalid(problem));
    return this.run({ query: tool.document, operationName: tool.named ? tool.operationName : undefined, variables: input }, context);
  }

  private async run(
    request: { query: string; operationName?: string | undefined; variables?: JsonObject },
    context: OperationCallContext,
  ): Promise<OperationResult> {
    const client = this.options.client;
    if (!client) return { result: errorResult('Response error: no GraphQL endpoint is configured (GRAPHQL_ENDPOINT).'), outcome: 'upstream_failed' };
    const outcome = await client.execute(request, context.signal, context.headers);
    const { endpoint, timeoutMs, maxResponseBytes } = client.options;
    return operationResult(outcome, { endpoint, timeoutMs, maxResponseBytes });
  }

  private getSchema(): OperationResult {
    const sdl = this.options.catalog.sdl();
    if (sdl === undefined) return { result: errorResult('The GraphQL schema is not loaded yet. Retry in a few seconds.'), outcome: 'upstream_failed' };
    return { result: { content: [{ type: 'text', text: sdl }] }, outcome: 'ok' };
  }

  private async executeGraphql(input: Record<string, unknown>, context: OperationCallContext): Promise<OperationResult> {
    const problem = this.check(EXECUTE_GRAPHQL_INPUT, input);
    if (problem !== undefined) return invalid(OPERATION_TEXTS.inputInvalid(problem));
    const query = input['query'] as string;
    if (!query.trim()) return invalid(OPERATION_TEXTS.inputInvalid('query is required'));
    if (!this.options.arbitraryMutations && isMutation(query)) {
      return invalid('This server runs queries only through execute_graphql: mutations are not allowed (MCP_ALLOW_ARBITRARY_MUTATIONS).');
    }
    return this.run({ query, variables: (input['variables'] as JsonObject | undefined) ?? {} }, context);
  }

  private getOperationInfo(input: Record<string, unknown>): OperationResult {
    const name = input['operationName'];
    if (typeof name !== 'string' || name === '') return invalid(OPERATION_TEXTS.inputInvalid('operationName is required'));
    const tool = this.options.catalog.byOperationName(name);
    if (!tool) return invalid(`Operation '${name}' not found or excluded by configuration.`);
    const endpoint = this.options.client?.options.endpoint ?? '(GRAPHQL_ENDPOINT is not set)';
    const info = operationInfo(tool, endpoint, this.options.toolScopes?.[tool.name] ?? []);
    const result: CallToolResult = { content: [{ type: 'text', text: operationInfoText(info, tool.hasVariables) }], structuredContent: { ...info } };
    return { result, outcome: 'ok' };
  }

  /** Undefined when `input` matches `schema`, else Ajv's description of what does not. */
  private check(schema: object, input: unknown): string | undefined {
    let validate = this.validators.get(schema);
    if (!validate) {
      validate = this.validator.getValidator(schema as JsonSchemaType);
      this.validators.set(schema, validate);
    }
    const outcome = validate(input);
    return outcome.valid ? undefined : (outcome.errorMessage ?? 'the arguments do not match the input schema');
  }

  private getSchemaListing(): Tool {
    return {
      name: 'get_schema',
      description: `Provides the full GraphQL schema of the API. ${UNTRUSTED_SCHEMA_TEXT}`,
      inputSchema: { type: 'object', properties: {} },
      annotations: { title: 'Get GraphQL Schema', readOnlyHint: true },
    };
  }

  private executeGraphqlListing(): Tool {
    const mutations = this.options.arbitraryMutations;
    return {
      name: 'execute_graphql',
      description: mutations ? 'Executes a GraphQL query or mutation.' : 'Executes a GraphQL query (this server refuses mutations).',
      inputSchema: EXECUTE_GRAPHQL_INPUT as unknown as Tool['inputSchema'],
      outputSchema: GRAPHQL_RESPONSE_SCHEMA,
      annotations: { title: 'Execute GraphQL Query', destructiveHint: mutations, idempotentHint: false, openWorldHint: true, readOnlyHint: !mutations },
    };
  }

  private operationInfoListing(): Tool {
    const names = this.options.catalog.tools().map((tool: OperationTool) => tool.operationName);
    return {
      name: 'get_operation_info',
      description: `Provides instructions on how to execute the GraphQL operation via HTTP and how to integrate it into your application. ${UNTRUSTED_SCHEMA_TEXT}`,
      inputSchema: {
        type: 'object',
        properties: {
          operationName: {
            type: 'string',
            description: 'The exact name of the GraphQL operation to retrieve information for.',
            ...(names.length > 0 ? { enum: names } : {}),
          },
        },
        required: ['operationName'],
      },
      outputSchema: OPERATION_INFO_OUTPUT_SCHEMA,
      annotations: { title: 'Get GraphQL Operation Info', readOnlyHint: true },
    };
  }
}

function invalid(text: string): OperationResult {
  return { result: errorResult(text), outcome: 'invalid_request' };
}

/** Whether a document (one that parses) holds a mutation; the API reports anything that does not parse. */
function isMutation(query: string): boolean {
  try {
    return parse(query, { noLocation: true }).definitions.some(
      (definition) => definition.kind === Kind.OPERATION_DEFINITION && (definition as OperationDefinitionNode).operation === 'mutation',
    );
  } catch {
    return false;
  }
}
