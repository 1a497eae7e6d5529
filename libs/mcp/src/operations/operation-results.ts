/**
 * What an operation tool (or execute_graphql) answers for each outcome of the call to the GraphQL
 * API (docs/wire.md §5 "Execution", texts verbatim): the response as text and as structuredContent;
 * GraphQL errors, a body that is not GraphQL, a cut response, a timeout or an unreachable API as a
 * readable tool result with `isError: true`, never a protocol error.
 */
import type { CallToolResult } from '@modelcontextprotocol/sdk/types.js';
import { displayUrl } from '../index-sync/sync-status.js';
import type { GraphqlOutcome } from './graphql-api.client.js';

/** Outcome labels for metrics. */
export type OperationOutcome = 'ok' | 'graphql_errors' | 'upstream_failed' | 'invalid_request' | 'cancelled';

export interface OperationResult {
  result: CallToolResult;
  outcome: OperationOutcome;
}

export const OPERATION_TEXTS = Object.freeze({
  inputInvalid: (detail: string) => `Input validation error: ${detail}`,
  errors: (messages: string) => `Response error: ${messages}`,
  partial: (messages: string) => `Response error with partial success: ${messages}`,
  notGraphql: (status: number, preview: string) => `Response error: unexpected response from GraphQL endpoint (HTTP ${status}): ${preview}`,
  tooLarge: (limit: number) =>
    `Response error: the response is larger than ${limit} bytes (GRAPHQL_MAX_RESPONSE_BYTES) and was cut there; select fewer fields or items. The part read follows, marked [cut].`,
  timeout: (ms: number) => `Response error: the GraphQL endpoint did not answer within ${formatMs(ms)} (GRAPHQL_TIMEOUT).`,
  unreachable: (url: string, code: string) => `Response error: the GraphQL endpoint at ${url} cannot be reached (${code}).`,
  cancelled: 'The call was cancelled.',
});

/** Marks the end of a cut response. */
export const CUT_MARK = '…[cut]';

export interface ResultContext {
  endpoint: string;
  timeoutMs: number;
  maxResponseBytes: number;
}

export function operationResult(outcome: GraphqlOutcome, context: ResultContext): OperationResult {
  switch (outcome.kind) {
    case 'response':
      return responseResult(outcome.body, outcome.text, outcome.status);
    case 'not_graphql':
      return failed(OPERATION_TEXTS.notGraphql(outcome.status, outcome.preview || '(empty body)'));
    case 'too_large':
      return failed(`${OPERATION_TEXTS.tooLarge(context.maxResponseBytes)}\n${outcome.prefix}${CUT_MARK}`);
    case 'timeout':
      return failed(OPERATION_TEXTS.timeout(context.timeoutMs));
    case 'unreachable':
      return failed(OPERATION_TEXTS.unreachable(displayUrl(context.endpoint) ?? 'GRAPHQL_ENDPOINT', outcome.code));
    case 'cancelled':
      return { result: errorResult(OPERATION_TEXTS.cancelled), outcome: 'cancelled' };
  }
}

function responseResult(body: Record<string, unknown>, text: string, status: number): OperationResult {
  const errors = Array.isArray(body['errors']) ? (body['errors'] as unknown[]) : [];
  if (errors.length === 0) {
    if (!('data' in body)) return failed(OPERATION_TEXTS.notGraphql(status, oneLine(text)));
    return { result: { content: [{ type: 'text', text }], structuredContent: body }, outcome: 'ok' };
  }
  const messages = errors.map(messageOf).join('; ');
  const partial = body['data'] !== null && body['data'] !== undefined;
  const headline = partial ? OPERATION_TEXTS.partial(messages) : OPERATION_TEXTS.errors(messages);
  return { result: { content: [{ type: 'text', text: `${headline}\n${text}` }], structuredContent: body, isError: true }, outcome: 'graphql_errors' };
}

function messageOf(error: unknown): string {
  const message = (error as { message?: unknown } | null)?.message;
  return typeof message === 'string' ? message : JSON.stringify(error);
}

export function errorResult(text: string): CallToolResult {
  return { content: [{ type: 'text', text }], isError: true };
}

function failed(text: string): OperationResult {
  return { result: errorResult(text), outcome: 'upstream_failed' };
}

function formatMs(ms: number): string {
  return ms % 1000 === 0 ? `${ms / 1000} s` : `${ms} ms`;
}

function oneLine(text: string): string {
  const flat = text.replace(/\s+/g, ' ').trim();
  return flat.length > 500 ? `${flat.slice(0, 499)}…` : flat;
}
