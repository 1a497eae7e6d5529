/**
 * Variables of the MCP bridge: where the discovery API is, who may call the
 * bridge, and where the schema comes from (a file, or introspection).
 */
import { existsSync, statSync } from 'node:fs';
import { envVar } from './env-var.js';
import { parseIntrospectHeaders } from './introspect-headers.js';
import { parseMcpAuthTokens } from './mcp-auth-tokens.js';
import { InvalidValue, parseBoolean, parseChoice, parseDuration, parsePort, parseUrl, parseWord, splitList } from './value-parsers.js';
import { MCP_SESSION_MODES } from './variables.js';

const http = (raw: string): string => parseUrl(raw, ['http', 'https']);

export const BRIDGE_PORT = envVar({ name: 'PORT', default: '4200', meaning: 'Port of the MCP endpoint (/mcp) and health; in serve also the discovery API.', parse: parsePort });
export const BRIDGE_HOST = envVar({
  name: 'HOST',
  default: '127.0.0.1',
  meaning: 'Interface the MCP endpoint listens on.',
  parse: (raw) => parseWord(raw, 'a host name or IP address'),
});
export const DISCOVERY_URL = envVar({
  name: 'DISCOVERY_URL',
  default: 'http://127.0.0.1:4100',
  meaning: 'Base URL of the indexer\'s discovery API.',
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
  meaning: 'The GraphQL endpoint agents should send generated operations to (shown in guidance).',
  parse: http,
});
export const MCP_SAMPLING = envVar({
  name: 'MCP_SAMPLING',
  default: 'auto',
  meaning: "auto: when the service has no language model and the MCP client declares sampling, generate_query asks the client's own model (docs/models.md); off: it composes.",
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
