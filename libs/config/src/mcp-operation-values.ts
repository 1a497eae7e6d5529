/**
 * Values of the operation-tool and OAuth variables of the bridge: MCP_FORWARD_HEADERS (header names
 * passed on to the GraphQL API) and MCP_OAUTH_SCOPES (the scopes each level of an MCP request needs,
 * the levels of Cosmo's router: docs/wire.md §6).
 */
import { InvalidValue, splitList } from './value-parsers.js';

const HEADER_NAME = /^[!#$%&'*+\-.^_`|~0-9A-Za-z]+$/;
/** Headers that describe one HTTP hop or the body, never the caller: the client sets its own. */
const NOT_FORWARDABLE = new Set([
  'host',
  'content-length',
  'content-type',
  'content-encoding',
  'transfer-encoding',
  'connection',
  'keep-alive',
  'upgrade',
  'te',
  'trailer',
  'proxy-authorization',
  'proxy-connection',
  'accept',
  'accept-encoding',
  'expect',
  'mcp-session-id',
  'mcp-protocol-version',
  'last-event-id',
]);

/** MCP_FORWARD_HEADERS: lower-case header names. */
export function parseForwardHeaders(raw: string): string[] {
  const names = splitList(raw).map((name) => name.toLowerCase());
  if (names.length === 0) throw new InvalidValue('expected one or more header names, comma-separated');
  for (const name of names) {
    if (!HEADER_NAME.test(name)) throw new InvalidValue(`"${name.slice(0, 40)}" is not a header name`);
    if (NOT_FORWARDABLE.has(name)) throw new InvalidValue(`${name} describes the connection or the body and cannot be forwarded`);
  }
  return [...new Set(names)];
}

/** Scopes per level of an MCP request; every level a request reaches must be satisfied (they add up). */
export interface OAuthScopeRules {
  /** Every HTTP request to /mcp. */
  readonly initialize: readonly string[];
  readonly toolsList: readonly string[];
  /** Every tools/call. */
  readonly toolsCall: readonly string[];
  /** A tool's own scopes, by tool name (built-in tools included), on top of toolsCall. */
  readonly tools: Readonly<Record<string, readonly string[]>>;
}

/** RFC 6749 §3.3 scope-token: printable ASCII without space, `"` and `\`. */
const SCOPE = /^[\x21\x23-\x5B\x5D-\x7E]+$/;
const TOOL_NAME = /^[A-Za-z0-9_.-]{1,128}$/;

/** MCP_OAUTH_SCOPES: `initialize=mcp:connect; tools_call=mcp:tools:execute; execute_operation_x=write:x`. */
export function parseOAuthScopes(raw: string): OAuthScopeRules {
  const rules = { initialize: [] as string[], toolsList: [] as string[], toolsCall: [] as string[], tools: {} as Record<string, string[]> };
  const entries = raw
    .split(/[;\n]/)
    .map((entry) => entry.trim())
    .filter((entry) => entry !== '');
  if (entries.length === 0) throw new InvalidValue('expected `<level>=<scopes>` entries separated by `;`');
  for (const [index, entry] of entries.entries()) {
    const equals = entry.indexOf('=');
    const level = equals < 0 ? 'initialize' : entry.slice(0, equals).trim();
    const scopes = (equals < 0 ? entry : entry.slice(equals + 1)).split(/[\s,]+/).filter((scope) => scope !== '');
    if (scopes.length === 0) throw new InvalidValue(`entry ${index + 1} (${level.slice(0, 40)}) names no scope`);
    const bad = scopes.find((scope) => !SCOPE.test(scope));
    if (bad !== undefined)
      throw new InvalidValue(`entry ${index + 1}: "${bad.slice(0, 40)}" is not a scope (printable characters without quotes or backslashes)`);
    if (level === 'initialize') rules.initialize.push(...scopes);
    else if (level === 'tools_list') rules.toolsList.push(...scopes);
    else if (level === 'tools_call') rules.toolsCall.push(...scopes);
    else if (TOOL_NAME.test(level)) rules.tools[level] = [...(rules.tools[level] ?? []), ...scopes];
    else throw new InvalidValue(`entry ${index + 1}: "${level.slice(0, 40)}" is neither initialize, tools_list, tools_call nor a tool name`);
  }
  const unique = (list: string[]): string[] => [...new Set(list)];
  return {
    initialize: unique(rules.initialize),
    toolsList: unique(rules.toolsList),
    toolsCall: unique(rules.toolsCall),
    tools: Object.fromEntries(Object.entries(rules.tools).map(([tool, scopes]) => [tool, unique(scopes)])),
  };
}
