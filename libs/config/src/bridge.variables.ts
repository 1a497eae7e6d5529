/**
 * Variables of the MCP bridge: where the discovery API is, who may call the
 * bridge, and where the schema comes from (a file, or introspection).
 */
import { existsSync, statSync } from 'node:fs';
import { envVar } from './env-var.js';
import { parseIntrospectHeaders } from './introspect-headers.js';
import { parseMcpAuthTokens } from './mcp-auth-tokens.js';
import { parseForwardHeaders, parseOAuthScopes } from './mcp-operation-values.js';
import { InvalidValue, parseBoolean, parseChoice, parseDuration, parsePort, parseSize, parseUrl, parseWord, splitList } from './value-parsers.js';
import { MCP_SESSION_MODES } from './variables.js';

const http = (raw: string): string => parseUrl(raw, ['http', 'https']);

export const BRIDGE_PORT = envVar({
  name: 'PORT',
  default: '4200',
  meaning: 'Port of the MCP endpoint (/mcp) and health; in serve also the discovery API.',
  parse: parsePort,
});
export const BRIDGE_HOST = envVar({
  name: 'HOST',
  default: '127.0.0.1',
  meaning: 'Interface the MCP endpoint listens on.',
  parse: (raw) => parseWord(raw, 'a host name or IP address'),
});
export const DISCOVERY_URL = envVar({
  name: 'DISCOVERY_URL',
  default: 'http://127.0.0.1:4100',
  meaning: "Base URL of the indexer's discovery API.",
  parse: http,
});
export const DISCOVERY_TOKEN = envVar({
  name: 'DISCOVERY_TOKEN',
  secret: true,
  meaning: 'Bearer token the bridge sends to the indexer (unset: none, for DISCOVERY_AUTH=off).',
  parse: (raw) => parseWord(raw, 'a bearer token', 4096),
});
export const MCP_AUTH_TOKENS = envVar({
  name: 'MCP_AUTH_TOKENS',
  secret: true,
  meaning: 'Bearer tokens MCP clients must send, comma-separated, each `sha256:<hex>` or plain (unset: no client auth).',
  parse: parseMcpAuthTokens,
});
export const MCP_AUTH = envVar({
  name: 'MCP_AUTH',
  default: 'on',
  meaning:
    'Client auth on a public interface: with `on`, a HOST other than loopback needs MCP_AUTH_TOKENS (the service refuses to start without). `off` (explicit only) serves MCP clients without tokens there.',
  parse: parseBoolean,
});
export const MCP_ALLOWED_HOSTS = envVar({
  name: 'MCP_ALLOWED_HOSTS',
  meaning:
    'Host headers the MCP endpoint accepts, comma-separated `name:port` (DNS rebinding protection); `*` accepts any (only with MCP_AUTH_TOKENS). Unset: localhost, 127.0.0.1 and [::1] at PORT, and HOST itself when it is a specific address.',
  parse: (raw) => {
    const list = splitList(raw).map((host) => parseWord(host.toLowerCase(), 'a host:port or *'));
    if (list.length === 0) throw new InvalidValue('expected one or more host:port entries, comma-separated, or *');
    return list;
  },
});
export const MCP_ALLOWED_ORIGINS = envVar({
  name: 'MCP_ALLOWED_ORIGINS',
  meaning:
    'Origins (browser pages) allowed to call the MCP endpoint, comma-separated `scheme://host[:port]`, beside loopback origins (always allowed). A request with any other Origin is refused; requests without Origin (non-browser clients) are not affected.',
  parse: (raw) => {
    const list = splitList(raw).map((origin) => new URL(parseUrl(origin, ['http', 'https'])).origin);
    if (list.length === 0) throw new InvalidValue('expected one or more origins, comma-separated');
    return list;
  },
});
export const MCP_SESSIONS = envVar({
  name: 'MCP_SESSIONS',
  default: 'stateful',
  meaning: 'Streamable HTTP session mode: stateful (session ids) or stateless.',
  parse: (raw) => parseChoice(raw, MCP_SESSION_MODES),
});
export const GRAPHQL_ENDPOINT = envVar({
  name: 'GRAPHQL_ENDPOINT',
  meaning: 'The GraphQL endpoint operation tools run against and agents are pointed to (guidance, get_operation_info). Unset: INTROSPECT_URL.',
  parse: http,
});
export const MCP_SAMPLING = envVar({
  name: 'MCP_SAMPLING',
  default: 'auto',
  meaning:
    "auto: when the service has no language model and the MCP client declares sampling, generate_query asks the client's own model (docs/models.md); off: it composes.",
  parse: (raw) => parseChoice(raw, ['auto', 'off'] as const),
});
export const MCP_SAMPLING_TIMEOUT = envVar({
  name: 'MCP_SAMPLING_TIMEOUT',
  default: '2m',
  meaning: "Budget of one generate_query through the client's model (every round of it, the person's approval included).",
  parse: parseDuration,
});
export const SCHEMA_FILE = envVar({
  name: 'SCHEMA_FILE',
  meaning: 'SDL file to serve (watched for changes). Set this or INTROSPECT_URL.',
  parse: (raw) => {
    if (!existsSync(raw) || !statSync(raw).isFile()) throw new InvalidValue('expected an existing SDL file');
    return raw;
  },
});
export const INTROSPECT_URL = envVar({
  name: 'INTROSPECT_URL',
  meaning: 'GraphQL endpoint to introspect for the schema. Set this or SCHEMA_FILE.',
  parse: http,
});
export const INTROSPECT_HEADERS = envVar({
  name: 'INTROSPECT_HEADERS',
  secret: true,
  meaning: 'Headers for introspection: a JSON object of strings or `Name: value` lines.',
  parse: parseIntrospectHeaders,
});
export const INTROSPECT_INTERVAL = envVar({
  name: 'INTROSPECT_INTERVAL',
  default: '5m',
  meaning: 'How often the schema is introspected again.',
  parse: parseDuration,
});
export const SYNC_POLL_INTERVAL = envVar({
  name: 'SYNC_POLL_INTERVAL',
  default: '2s',
  meaning: 'How often the bridge polls a building index.',
  parse: parseDuration,
});
export const SYNC_TIMEOUT = envVar({
  name: 'SYNC_TIMEOUT',
  default: '10m',
  meaning: 'How long the bridge waits for an index build before reporting it failed.',
  parse: parseDuration,
});

// Operations as tools, their execution against the API, and OAuth for /mcp (docs/wire.md §5, §6).
export const MCP_OPERATIONS_DIR = envVar({
  name: 'MCP_OPERATIONS_DIR',
  meaning:
    'Folder of curated operations served as MCP tools: every .graphql and .gql file under it, subfolders too, one operation per file; watched, so added, changed and removed files change the tool list without a restart.',
  parse: (raw) => {
    if (!existsSync(raw) || !statSync(raw).isDirectory()) throw new InvalidValue('expected an existing directory');
    return raw;
  },
});
export const MCP_OMIT_TOOL_NAME_PREFIX = envVar({
  name: 'MCP_OMIT_TOOL_NAME_PREFIX',
  default: 'false',
  meaning: "Name operation tools `get_user_by_id` instead of `execute_operation_get_user_by_id` (as Cosmo's omit_tool_name_prefix).",
  parse: parseBoolean,
});
export const MCP_EXCLUDE_MUTATIONS = envVar({
  name: 'MCP_EXCLUDE_MUTATIONS',
  default: 'false',
  meaning: 'Serve no mutation of the operations folder as a tool.',
  parse: parseBoolean,
});
export const MCP_EXPOSE_SCHEMA = envVar({
  name: 'MCP_EXPOSE_SCHEMA',
  default: 'false',
  meaning: 'Serve the built-in `get_schema` tool (the whole SDL).',
  parse: parseBoolean,
});
export const MCP_ENABLE_ARBITRARY_OPERATIONS = envVar({
  name: 'MCP_ENABLE_ARBITRARY_OPERATIONS',
  default: 'false',
  meaning: 'Serve the built-in `execute_graphql` tool, which runs any query the agent writes against GRAPHQL_ENDPOINT.',
  parse: parseBoolean,
});
export const MCP_ALLOW_ARBITRARY_MUTATIONS = envVar({
  name: 'MCP_ALLOW_ARBITRARY_MUTATIONS',
  default: 'false',
  meaning: '`execute_graphql` also runs mutations (in serve, GENERATE_ALLOW_MUTATIONS=true allows them too); otherwise it refuses them.',
  parse: parseBoolean,
});
export const GRAPHQL_HEADERS = envVar({
  name: 'GRAPHQL_HEADERS',
  secret: true,
  meaning: 'Headers sent with every operation to GRAPHQL_ENDPOINT (a service credential, for example): a JSON object of strings or `Name: value` lines.',
  parse: parseIntrospectHeaders,
});
export const GRAPHQL_TIMEOUT = envVar({
  name: 'GRAPHQL_TIMEOUT',
  default: '30s',
  meaning: 'How long an operation tool waits for GRAPHQL_ENDPOINT before answering that it timed out.',
  parse: parseDuration,
});
export const GRAPHQL_MAX_RESPONSE_BYTES = envVar({
  name: 'GRAPHQL_MAX_RESPONSE_BYTES',
  default: '1MiB',
  meaning: 'Largest GraphQL response an operation tool passes on; a longer one is cut there and marked as cut.',
  parse: parseSize,
});
export const MCP_FORWARD_HEADERS = envVar({
  name: 'MCP_FORWARD_HEADERS',
  meaning:
    "Headers of the MCP request passed on to GRAPHQL_ENDPOINT, comma-separated names (for example `authorization`), so the API's own authorization applies. Unset: none (an MCP token is never forwarded otherwise).",
  parse: parseForwardHeaders,
});
export const MCP_OAUTH_ISSUER = envVar({
  name: 'MCP_OAUTH_ISSUER',
  meaning:
    'OAuth 2.1 for /mcp: the authorization server whose JWT access tokens are accepted (its `iss`). Advertised in /.well-known/oauth-protected-resource; its JWKS is discovered from its metadata unless MCP_OAUTH_JWKS_URL is set. Static MCP_AUTH_TOKENS keep working beside it.',
  parse: http,
});
export const MCP_OAUTH_JWKS_URL = envVar({
  name: 'MCP_OAUTH_JWKS_URL',
  meaning: 'JWKS of MCP_OAUTH_ISSUER (unset: the `jwks_uri` of its RFC 8414 or OpenID metadata).',
  parse: http,
});
export const MCP_OAUTH_AUDIENCE = envVar({
  name: 'MCP_OAUTH_AUDIENCE',
  meaning:
    "This MCP endpoint's public URL (for example https://mcp.example.com/mcp): the resource of the protected resource metadata and the `aud` every access token must carry. Required with MCP_OAUTH_ISSUER.",
  parse: http,
});
export const MCP_OAUTH_SCOPES = envVar({
  name: 'MCP_OAUTH_SCOPES',
  meaning:
    'Scopes access tokens need, `;`-separated `<level>=<scope> <scope>` entries; levels are initialize (every request), tools_list, tools_call, get_operation_info, get_schema, execute_graphql or a tool name (additive to tools_call). An entry without `<level>=` is initialize.',
  parse: parseOAuthScopes,
});
