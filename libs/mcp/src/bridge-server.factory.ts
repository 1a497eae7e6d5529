/**
 * Builds the MCP server of the bridge (one per session or per stateless request): lists the
 * four tools and runs them against the adopted index. Every failure becomes a tool result with
 * `isError: true` and the exact docs/wire.md §2 text; only an unknown tool name is a protocol error.
 */
import { Server } from '@modelcontextprotocol/sdk/server/index.js';
import { CallToolRequestSchema, ErrorCode, ListToolsRequestSchema, McpError, type CallToolResult, type Tool } from '@modelcontextprotocol/sdk/types.js';
import { toToolFailure } from './connect-error.mapper.js';
import type { IndexSync } from './index-sync/index-sync.js';
import { triedText } from './index-sync/sync-status.js';
import { silentLogger, type BridgeLogger } from './logger.js';
import { ToolFailure, ToolFailureCode } from './mcp.errors.js';
import { withProgress } from './progress-ticker.js';
import { withExamples, type ToolExamples } from './schema-examples.js';
import { describeInputIssues, TOOL_LIST, TOOLS_BY_NAME } from './tool-catalog.js';
import type { DiscoveryApiClient, DiscoveryClient, ToolContext, ToolDefinition } from './tool-definition.js';
import { failureText, SERVER_INSTRUCTIONS } from './tool-texts.js';
import type { ClientModelGeneration } from './sampling/client-model.generation.js';
import { samplingSender, type SamplingSender } from './sampling/sampling-chat.model.js';
import { OPERATION_TOOLS_INSTRUCTIONS, type OperationCallContext, type OperationTools } from './operations/operation-tools.js';
import type { OperationOutcome } from './operations/operation-results.js';

/** Outcome of one tool call, for metrics. */
export type ToolOutcome = 'ok' | `${ToolFailureCode}` | OperationOutcome;

export interface BridgeServerOptions {
  sync: Pick<IndexSync, 'resolve' | 'expired' | 'waitForFirstIndex'> & Partial<Pick<IndexSync, 'servedSdl'>>;
  client: DiscoveryClient;
  /** discovery.v1 of the same indexer (get_schema_slice). */
  api: DiscoveryApiClient;
  /** The discovery service's URL (credentials removed), named when it cannot be reached. */
  serviceUrl?: string;
  /** Examples from the served schema for the tool texts (demo examples when absent). */
  examples?: () => ToolExamples | undefined;
  /** The GraphQL endpoint shown in generate_query guidance. */
  graphqlEndpoint?: string;
  /** When no index is adopted yet but the first build runs, a tool call waits this long for it (absent: answers "still building"). */
  waitForIndexMs?: number;
  /** Deadline of search and read calls (default 30 s). */
  rpcTimeoutMs?: number;
  /** Deadline of generate_query (default 5 min). */
  generateTimeoutMs?: number;
  /** Interval of progress notifications during generate_query (default 2 s). */
  progressIntervalMs?: number;
  logger?: BridgeLogger;
  /** Called after every tool call with its duration in seconds. */
  onToolCall?(tool: string, outcome: ToolOutcome, seconds: number): void;
  serverInfo?: { name: string; version: string };
  /** generate_query through the client's model when the service has none and the client declares sampling (MCP_SAMPLING). */
  sampling?: ClientModelGeneration;
  /** The operation tools and Cosmo's built-in tools (docs/wire.md §5), when configured. */
  operations?: OperationTools;
}

export const BRIDGE_SERVER_INFO = Object.freeze({ name: 'graphql-schema-discovery', version: '0.1.0' });

export function createBridgeServer(options: BridgeServerOptions): Server {
  const operations = options.operations;
  const instructions = withExamples(SERVER_INSTRUCTIONS, options.examples?.());
  const server = new Server(options.serverInfo ?? BRIDGE_SERVER_INFO, {
    capabilities: { tools: operations ? { listChanged: true } : {} },
    instructions: operations ? `${instructions}\n${OPERATION_TOOLS_INSTRUCTIONS}` : instructions,
  });
  server.setRequestHandler(ListToolsRequestSchema, () => ({ tools: [...toolList(options.examples?.()), ...(operations?.list() ?? [])] }));
  if (operations) {
    // Every client connected hears of a changed operations folder or schema (notifications/tools/list_changed).
    const unsubscribe = operations.onChange(() => void server.sendToolListChanged().catch(() => undefined));
    server.onclose = unsubscribe;
  }
  server.setRequestHandler(CallToolRequestSchema, async (request, extra) => {
    const tool = TOOLS_BY_NAME.get(request.params.name);
    if (!tool && operations?.has(request.params.name)) {
      return callOperationTool(
        operations,
        request.params.name,
        request.params.arguments,
        { signal: extra.signal, headers: extra.requestInfo?.headers },
        options,
      );
    }
    if (!tool) throw new McpError(ErrorCode.InvalidParams, `Unknown tool: ${request.params.name}`);
    const progressToken = request.params._meta?.progressToken;
    const send =
      progressToken === undefined
        ? undefined
        : (params: { progressToken: string | number; progress: number; message: string }) =>
            extra.sendNotification({ method: 'notifications/progress', params });
    const sampling = options.sampling && server.getClientCapabilities()?.sampling ? samplingSender(extra.sendRequest) : undefined;
    return callTool(tool, request.params.arguments, { ...options, signal: extra.signal, progressToken, send, ...(sampling ? { sampler: sampling } : {}) });
  });
  return server;
}

interface CallOptions extends BridgeServerOptions {
  signal: AbortSignal;
  /** Sends sampling requests to this call's client (it declared the capability). */
  sampler?: SamplingSender;
  progressToken?: string | number;
  send?: (params: { progressToken: string | number; progress: number; message: string }) => Promise<void>;
}

async function callTool(tool: ToolDefinition, args: unknown, options: CallOptions): Promise<CallToolResult> {
  const logger = options.logger ?? silentLogger;
  const started = performance.now();
  let indexId: string | undefined;
  let outcome: ToolOutcome = 'ok';
  try {
    const parsed = tool.input.safeParse(args ?? {}, { reportInput: true });
    if (!parsed.success) throw new ToolFailure(ToolFailureCode.InvalidRequest, describeInputIssues(parsed.error));
    if (options.waitForIndexMs) await options.sync.waitForFirstIndex(options.waitForIndexMs, options.signal);
    indexId = options.sync.resolve();
    const work = tool.run(parsed.data, {
      indexId,
      client: options.client,
      api: options.api,
      signal: options.signal,
      timeoutMs: tool.slow ? (options.generateTimeoutMs ?? 300_000) : (options.rpcTimeoutMs ?? 30_000),
      ...(options.graphqlEndpoint ? { graphqlEndpoint: options.graphqlEndpoint } : {}),
      ...clientModel(options, indexId),
    });
    const output = (
      tool.slow && options.send && options.progressToken !== undefined
        ? await withProgress(work, options.progressToken, options.send, options.progressIntervalMs ?? 2_000)
        : await work
    ) as Record<string, unknown>;
    return { content: [{ type: 'text', text: JSON.stringify(output) }], structuredContent: output };
  } catch (error) {
    let failure = toToolFailure(error);
    if (failure.code === ToolFailureCode.Unreachable && !failure.detail && options.serviceUrl) {
      failure = new ToolFailure(ToolFailureCode.Unreachable, triedText(options.serviceUrl), { cause: failure.cause });
    }
    outcome = failure.code;
    if (failure.code === ToolFailureCode.Expired && indexId) await options.sync.expired(indexId);
    const log = failure.code === ToolFailureCode.Internal ? logger.error : logger.warn;
    log.call(logger, { tool: tool.name, outcome, indexId, cause: causeCode(failure) }, 'tool call failed');
    return { content: [{ type: 'text', text: failureText(failure.code, failure.detail) }], isError: true };
  } finally {
    options.onToolCall?.(tool.name, outcome, (performance.now() - started) / 1000);
  }
}

/** The client's model for this call, when sampling is on, the client declared it and the served SDL is known. */
function clientModel(options: CallOptions, indexId: string): { clientModel?: NonNullable<ToolContext['clientModel']> } {
  const sdl = options.sync.servedSdl?.(indexId);
  const { sampling, sampler } = options;
  if (!sampling || !sampler || sdl === undefined) return {};
  return {
    clientModel: {
      generate: (prompt) => sampling.generate({ prompt, indexId, sdl, client: options.client, send: sampler, signal: options.signal }),
    },
  };
}

/** Runs an operation or built-in tool; its failures are already tool results (docs/wire.md §5). */
async function callOperationTool(
  operations: OperationTools,
  name: string,
  args: Record<string, unknown> | undefined,
  context: OperationCallContext,
  options: BridgeServerOptions,
): Promise<CallToolResult> {
  const started = performance.now();
  const { result, outcome } = await operations.call(name, args, context);
  if (outcome !== 'ok') (options.logger ?? silentLogger).warn({ tool: name, outcome }, 'tool call failed');
  options.onToolCall?.(name, outcome, (performance.now() - started) / 1000);
  return result;
}

/** A loggable name for the cause of a failure (never its message, which may quote input). */
function causeCode(failure: ToolFailure): string | undefined {
  const cause = failure.cause as { code?: unknown; name?: unknown } | undefined;
  if (cause === undefined) return undefined;
  return typeof cause.code === 'number' || typeof cause.code === 'string' ? String(cause.code) : String(cause.name ?? 'error');
}

/** The `tools/list` answer, its examples taken from the served schema when there is one. */
export function toolList(examples: ToolExamples | undefined): Tool[] {
  return examples ? (mapStrings(TOOL_LIST, (text) => withExamples(text, examples)) as Tool[]) : [...TOOL_LIST];
}

/** A deep copy of JSON-like `value` with every string passed through `map`. */
function mapStrings(value: unknown, map: (text: string) => string): unknown {
  if (typeof value === 'string') return map(value);
  if (Array.isArray(value)) return value.map((item) => mapStrings(item, map));
  if (value && typeof value === 'object') {
    return Object.fromEntries(Object.entries(value).map(([key, item]) => [key, mapStrings(item, map)]));
  }
  return value;
}
