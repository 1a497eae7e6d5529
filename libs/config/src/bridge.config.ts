/**
 * Configuration of the MCP bridge: loadBridgeConfig(env). The schema comes
 * from exactly one of SCHEMA_FILE or INTROSPECT_URL.
 */
import type { ConfigIssue } from './config.errors.js';
import * as b from './bridge.variables.js';
import type { EnvValues } from './env-var.js';
import { deepFreeze, loadEnv, type CheckContext, type Env } from './load-env.js';
import { commonSection, commonVars, type CommonConfig, type HttpListenConfig } from './sections.js';
import type { McpSessionMode } from './variables.js';

/** Variables of the bridge's MCP face, shared with `serve`. */
export const mcpVars = {
  MCP_AUTH_TOKENS: b.MCP_AUTH_TOKENS,
  MCP_AUTH: b.MCP_AUTH,
  MCP_ALLOWED_HOSTS: b.MCP_ALLOWED_HOSTS,
  MCP_ALLOWED_ORIGINS: b.MCP_ALLOWED_ORIGINS,
  MCP_SESSIONS: b.MCP_SESSIONS,
  GRAPHQL_ENDPOINT: b.GRAPHQL_ENDPOINT,
  MCP_SAMPLING: b.MCP_SAMPLING,
  MCP_SAMPLING_TIMEOUT: b.MCP_SAMPLING_TIMEOUT,
  SCHEMA_FILE: b.SCHEMA_FILE,
  INTROSPECT_URL: b.INTROSPECT_URL,
  INTROSPECT_HEADERS: b.INTROSPECT_HEADERS,
  INTROSPECT_INTERVAL: b.INTROSPECT_INTERVAL,
  SYNC_POLL_INTERVAL: b.SYNC_POLL_INTERVAL,
  SYNC_TIMEOUT: b.SYNC_TIMEOUT,
};

export const bridgeVars = {
  ...commonVars,
  PORT: b.BRIDGE_PORT,
  HOST: b.BRIDGE_HOST,
  DISCOVERY_URL: b.DISCOVERY_URL,
  DISCOVERY_TOKEN: b.DISCOVERY_TOKEN,
  ...mcpVars,
};

export type SchemaSource =
  | { readonly kind: 'file'; readonly path: string }
  | {
      readonly kind: 'introspection';
      readonly url: string;
      /** Secret: never log. */
      readonly headers: Readonly<Record<string, string>>;
      readonly intervalMs: number;
    };

export interface McpConfig {
  /** SHA-256 hex of the tokens MCP clients must send; empty: no client auth. */
  readonly authTokenHashes: readonly string[];
  /** Host headers accepted (`*`: any); undefined: loopback names and HOST at PORT. */
  readonly allowedHosts?: readonly string[] | undefined;
  /** Origins accepted besides loopback ones (default none). */
  readonly allowedOrigins?: readonly string[];
  readonly sessions: McpSessionMode;
  readonly graphqlEndpoint: string | undefined;
  /** MCP_SAMPLING and MCP_SAMPLING_TIMEOUT: generate_query through the client's model when the service has none. */
  readonly sampling?: { readonly enabled: boolean; readonly timeoutMs: number };
  /** Undefined only in `serve` without a schema (the bridge is then not started). */
  readonly schemaSource: SchemaSource | undefined;
  readonly sync: { readonly pollIntervalMs: number; readonly timeoutMs: number };
}

export interface BridgeConfig extends CommonConfig {
  readonly service: 'bridge';
  readonly http: HttpListenConfig;
  readonly discovery: { readonly url: string; readonly token: string | undefined };
  readonly mcp: McpConfig & { readonly schemaSource: SchemaSource };
}

/** SCHEMA_FILE and INTROSPECT_URL exclude each other; headers need the URL; `required`: one must be set. */
export function checkSchemaSource(required: boolean) {
  return (context: CheckContext<typeof mcpVars>): ConfigIssue[] => {
    const { isSet } = context;
    const issues: ConfigIssue[] = [];
    if (isSet('SCHEMA_FILE') && isSet('INTROSPECT_URL')) {
      issues.push({ variable: 'INTROSPECT_URL', message: 'set either SCHEMA_FILE or INTROSPECT_URL, not both' });
    } else if (required && !isSet('SCHEMA_FILE') && !isSet('INTROSPECT_URL')) {
      issues.push({ variable: 'SCHEMA_FILE', message: 'required: set SCHEMA_FILE (an SDL file) or INTROSPECT_URL (a GraphQL endpoint)' });
    }
    if (isSet('INTROSPECT_HEADERS') && !isSet('INTROSPECT_URL')) {
      issues.push({ variable: 'INTROSPECT_HEADERS', message: 'only used with INTROSPECT_URL, which is unset' });
    }
    return issues;
  };
}

export function mcpSection(values: EnvValues<typeof mcpVars>): McpConfig {
  const schemaSource: SchemaSource | undefined =
    values.SCHEMA_FILE !== undefined
      ? { kind: 'file', path: values.SCHEMA_FILE }
      : values.INTROSPECT_URL !== undefined
        ? {
            kind: 'introspection',
            url: values.INTROSPECT_URL,
            headers: values.INTROSPECT_HEADERS ?? {},
            intervalMs: values.INTROSPECT_INTERVAL,
          }
        : undefined;
  return {
    authTokenHashes: values.MCP_AUTH_TOKENS ?? [],
    allowedHosts: values.MCP_ALLOWED_HOSTS,
    allowedOrigins: values.MCP_ALLOWED_ORIGINS ?? [],
    sessions: values.MCP_SESSIONS,
    graphqlEndpoint: values.GRAPHQL_ENDPOINT,
    sampling: { enabled: values.MCP_SAMPLING === 'auto', timeoutMs: values.MCP_SAMPLING_TIMEOUT },
    schemaSource,
    sync: { pollIntervalMs: values.SYNC_POLL_INTERVAL, timeoutMs: values.SYNC_TIMEOUT },
  };
}

const LOOPBACK_HOSTS = new Set(['127.0.0.1', 'localhost', '::1', '[::1]']);

/** Whether HOST is a loopback interface (only local processes can connect). */
export function isLoopbackHost(host: string): boolean {
  return LOOPBACK_HOSTS.has(host.toLowerCase()) || /^127\.\d+\.\d+\.\d+$/.test(host);
}

/**
 * MCP on a public interface needs client tokens unless MCP_AUTH=off says otherwise (issue 14: a web
 * page could rebind to the bridge and read the schema or spend the model budget); `*` hosts need tokens.
 */
export function checkPublicMcp(context: CheckContext<typeof mcpVars & { HOST: typeof b.BRIDGE_HOST }>): ConfigIssue[] {
  const { values, isSet } = context;
  if (!context.valid('HOST', 'MCP_AUTH', 'MCP_AUTH_TOKENS', 'MCP_ALLOWED_HOSTS')) return [];
  const issues: ConfigIssue[] = [];
  const tokens = isSet('MCP_AUTH_TOKENS');
  if (values.HOST !== undefined && !isLoopbackHost(values.HOST) && !tokens && values.MCP_AUTH !== false) {
    issues.push({
      variable: 'MCP_AUTH_TOKENS',
      message: `required while HOST (${values.HOST}) is not loopback: set MCP_AUTH_TOKENS, or MCP_AUTH=off to serve MCP clients without tokens`,
    });
  }
  if (values.MCP_ALLOWED_HOSTS?.includes('*') && !tokens) {
    issues.push({ variable: 'MCP_ALLOWED_HOSTS', message: '`*` (any Host) needs MCP_AUTH_TOKENS: without tokens it opens the bridge to DNS rebinding' });
  }
  return issues;
}

/** Reads the bridge's variables from `env` (default process.env). */
export function loadBridgeConfig(env: Env = process.env): BridgeConfig {
  const values = loadEnv('bridge', bridgeVars, env, [checkSchemaSource(true), checkPublicMcp]);
  const mcp = mcpSection(values);
  if (mcp.schemaSource === undefined) throw new Error('unreachable: the schema source check passed without a source');
  return deepFreeze({
    service: 'bridge',
    ...commonSection(values),
    http: { port: values.PORT, host: values.HOST },
    discovery: { url: values.DISCOVERY_URL, token: values.DISCOVERY_TOKEN },
    mcp: { ...mcp, schemaSource: mcp.schemaSource },
  });
}
