/**
 * Runs operations against the team's GraphQL API (GRAPHQL_ENDPOINT) over HTTP: a POST with the
 * document, operation name and variables as JSON, the static headers (GRAPHQL_HEADERS) and the
 * headers of the MCP request that MCP_FORWARD_HEADERS names, within GRAPHQL_TIMEOUT, reading at most
 * GRAPHQL_MAX_RESPONSE_BYTES. Every outcome is a value (docs/wire.md §5 "Execution"), never a throw.
 */
import type { JsonObject } from '../records.mapper.js';

export interface GraphqlApiOptions {
  endpoint: string;
  /** Secret values: never logged. */
  headers: Readonly<Record<string, string>>;
  timeoutMs: number;
  maxResponseBytes: number;
  /** Lower-case names of MCP request headers passed on. */
  forwardHeaders: readonly string[];
}

export interface GraphqlRequest {
  query: string;
  operationName?: string | undefined;
  variables?: JsonObject | undefined;
}

export type GraphqlOutcome =
  /** A JSON object came back (a GraphQL response, perhaps with errors); `text` is the body as sent. */
  | { kind: 'response'; status: number; body: JsonObject; text: string }
  /** The body is not a JSON object (a proxy's error page, an empty body). */
  | { kind: 'not_graphql'; status: number; preview: string }
  /** The body was longer than maxResponseBytes: `prefix` is what was read. */
  | { kind: 'too_large'; status: number; prefix: string }
  | { kind: 'timeout' }
  | { kind: 'unreachable'; code: string }
  | { kind: 'cancelled' };

const PREVIEW_CHARS = 500;

export class GraphqlApiClient {
  constructor(readonly options: GraphqlApiOptions) {}

  /** Sends one request; `incoming` are the MCP request's headers (lower-case names). */
  async execute(request: GraphqlRequest, signal: AbortSignal, incoming?: Readonly<Record<string, string | string[] | undefined>>): Promise<GraphqlOutcome> {
    const timeout = AbortSignal.timeout(this.options.timeoutMs);
    let response: Response;
    try {
      response = await fetch(this.options.endpoint, {
        method: 'POST',
        headers: this.headers(incoming),
        body: JSON.stringify({
          query: request.query,
          ...(request.operationName ? { operationName: request.operationName } : {}),
          variables: request.variables ?? {},
        }),
        signal: AbortSignal.any([signal, timeout]),
      });
    } catch (error) {
      return failure(error, signal, timeout);
    }
    let read: { text: string; cut: boolean };
    try {
      read = await readCapped(response, this.options.maxResponseBytes);
    } catch (error) {
      return failure(error, signal, timeout);
    }
    if (read.cut) return { kind: 'too_large', status: response.status, prefix: read.text };
    const body = parseObject(read.text);
    if (body === undefined) return { kind: 'not_graphql', status: response.status, preview: preview(read.text) };
    return { kind: 'response', status: response.status, body, text: read.text };
  }

  private headers(incoming: Readonly<Record<string, string | string[] | undefined>> | undefined): Headers {
    const headers = new Headers(this.options.headers);
    for (const name of this.options.forwardHeaders) {
      const value = incoming?.[name];
      if (typeof value === 'string') headers.set(name, value);
      else if (Array.isArray(value) && value.length > 0) headers.set(name, value.join(', '));
    }
    headers.set('content-type', 'application/json; charset=utf-8');
    headers.set('accept', 'application/graphql-response+json, application/json');
    return headers;
  }
}

function failure(error: unknown, signal: AbortSignal, timeout: AbortSignal): GraphqlOutcome {
  if (signal.aborted) return { kind: 'cancelled' };
  if (timeout.aborted) return { kind: 'timeout' };
  return { kind: 'unreachable', code: networkCode(error) };
}

/** The errno-like code of a fetch failure (`ECONNREFUSED`), found by walking `cause`. */
function networkCode(error: unknown): string {
  let reason: unknown = error;
  for (let depth = 0; depth < 8 && typeof reason === 'object' && reason !== null; depth++) {
    const { code, cause } = reason as { code?: unknown; cause?: unknown };
    if (typeof code === 'string' && /^[A-Z][A-Z0-9_]+$/.test(code)) return code;
    reason = cause;
  }
  return 'network error';
}

/** The body as text, stopping (and cancelling the stream) once it is longer than `max` bytes. */
async function readCapped(response: Response, max: number): Promise<{ text: string; cut: boolean }> {
  if (!response.body) return { text: '', cut: false };
  const reader = response.body.getReader();
  const chunks: Uint8Array[] = [];
  let size = 0;
  for (;;) {
    const { done, value } = await reader.read();
    if (done) break;
    if (size + value.byteLength > max) {
      chunks.push(value.subarray(0, max - size));
      await reader.cancel().catch(() => undefined);
      return { text: new TextDecoder().decode(Buffer.concat(chunks)).replace(/\uFFFD$/, ''), cut: true };
    }
    chunks.push(value);
    size += value.byteLength;
  }
  return { text: new TextDecoder().decode(Buffer.concat(chunks)), cut: false };
}

function parseObject(text: string): JsonObject | undefined {
  try {
    const value: unknown = JSON.parse(text);
    return typeof value === 'object' && value !== null && !Array.isArray(value) ? (value as JsonObject) : undefined;
  } catch {
    return undefined;
  }
}

// biome-ignore lint/suspicious/noControlCharactersInRegex: control characters are what preview strips
const CONTROL_CHARACTERS = /[\u0000-\u001f\u007f-\u009f]+/g;

/** The start of a body that is not GraphQL, on one line, without control characters. */
function preview(text: string): string {
  const flat = text.replace(CONTROL_CHARACTERS, ' ').replace(/\s+/g, ' ').trim();
  return flat.length > PREVIEW_CHARS ? `${flat.slice(0, PREVIEW_CHARS - 1)}…` : flat;
}
