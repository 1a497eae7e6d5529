/**
 * Configuration of the MCP bridge: loadBridgeConfig(env). The schema comes
 * from exactly one of SCHEMA_FILE or INTROSPECT_URL.
 */
import type { ConfigIssue } from './config.errors.js';
import * as b from './bridge.variables.js';
import type { EnvValues } from './env-var.js';
import { deepFreeze, loadEnv, type CheckContext, type Env } from './load-env.js';
import { commonSection, commonVars, type CommonConfig, type HttpListenConfig } from './sections.js';
import type { OAuthScopeRules } from './mcp-operation-values.js';
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
  MCP_OPERATIONS_DIR: b.MCP_OPERATIONS_DIR,
  MCP_OMIT_TOOL_NAME_PREFIX: b.MCP_OMIT_TOOL_NAME_PREFIX,
  MCP_EXCLUDE_MUTATIONS: b.MCP_EXCLUDE_MUTATIONS,
  MCP_EXPOSE_SCHEMA: b.MCP_EXPOSE_SCHEMA,
  MCP_ENABLE_ARBITRARY_OPERATIONS: b.MCP_ENABLE_ARBITRARY_OPERATIONS,
  MCP_ALLOW_ARBITRARY_MUTATIONS: b.MCP_ALLOW_ARBITRARY_MUTATIONS,
  GRAPHQL_HEADERS: b.GRAPHQL_HEADERS,
  GRAPHQL_TIMEOUT: b.GRAPHQL_TIMEOUT,
  GRAPHQL_MAX_RESPONSE_BYTES: b.GRAPHQL_MAX_RESPONSE_BYTES,
  MCP_FORWARD_HEADERS: b.MCP_FORWARD_HEADERS,
  MCP_OAUTH_ISSUER: b.MCP_OAUTH_ISSUER,
  MCP_OAUTH_JWKS_URL: b.MCP_OAUTH_JWKS_URL,
  MCP_OAUTH_AUDIENCE: b.MCP_OAUTH_AUDIENCE,
  MCP_OAUTH_SCOPES: b.MCP_OAUTH_SCOPES,
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

/** The curated operations served as tools and the built-in tools beside them (docs/wire.md §5). */
export interface OperationToolsConfig {
  /** Undefined: no operation tools (the built-in tools may still be on). */
  readonly dir: string | undefined;
  readonly omitToolNamePrefix: boolean;
  readonly excludeMutations: boolean;
  readonly exposeSchema: boolean;
  readonly arbitraryOperations: boolean;
  readonly arbitraryMutations: boolean;
}

/** How operation tools reach the GraphQL API. */
export interface UpstreamConfig {
  /** Secret values: never log. */
  readonly headers: Readonly<Record<string, string>>;
  readonly timeoutMs: number;
  readonly maxResponseBytes: number;
  /** Lower-case names of MCP request headers passed on. */
  readonly forwardHeaders: readonly string[];
}

/** OAuth 2.1 for /mcp: this endpoint as a protected resource of one authorization server (docs/wire.md §6). */
export interface McpOAuthConfig {
  readonly issuer: string;
  readonly jwksUrl: string | undefined;
  /** The resource: this endpoint's public URL, the `aud` tokens must carry. */
  readonly audience: string;
  readonly scopes: OAuthScopeRules;
}

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
  /** Optional for hand-made configs (tests): absent means no operation tools and the defaults. */
  readonly operations?: OperationToolsConfig;
  readonly upstream?: UpstreamConfig;
  readonly oauth?: McpOAuthConfig | undefined;
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

export function mcpSection(values: EnvValues<typeof mcpVars>): McpConfig & { operations: OperationToolsConfig; upstream: UpstreamConfig } {
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
    operations: {
      dir: values.MCP_OPERATIONS_DIR,
      omitToolNamePrefix: values.MCP_OMIT_TOOL_NAME_PREFIX,
      excludeMutations: values.MCP_EXCLUDE_MUTATIONS,
      exposeSchema: values.MCP_EXPOSE_SCHEMA,
      arbitraryOperations: values.MCP_ENABLE_ARBITRARY_OPERATIONS,
      arbitraryMutations: values.MCP_ALLOW_ARBITRARY_MUTATIONS,
    },
    upstream: {
      headers: values.GRAPHQL_HEADERS ?? {},
      timeoutMs: values.GRAPHQL_TIMEOUT,
      maxResponseBytes: values.GRAPHQL_MAX_RESPONSE_BYTES,
      forwardHeaders: values.MCP_FORWARD_HEADERS ?? [],
    },
    oauth:
      values.MCP_OAUTH_ISSUER !== undefined && values.MCP_OAUTH_AUDIENCE !== undefined
        ? {
            issuer: values.MCP_OAUTH_ISSUER,
            jwksUrl: values.MCP_OAUTH_JWKS_URL,
            audience: values.MCP_OAUTH_AUDIENCE,
            scopes: values.MCP_OAUTH_SCOPES ?? { initialize: [], toolsList: [], toolsCall: [], tools: {} },
          }
        : undefined,
  };
}

/**
 * Operation tools and execute_graphql need an API to run against (GRAPHQL_ENDPOINT or INTROSPECT_URL);
 * the OAuth variables go together: MCP_OAUTH_AUDIENCE with MCP_OAUTH_ISSUER, the others only with both.
 */
export function checkOperationTools(context: CheckContext<typeof mcpVars>): ConfigIssue[] {
  const { values, isSet } = context;
  const issues: ConfigIssue[] = [];
  const endpoint = isSet('GRAPHQL_ENDPOINT') || isSet('INTROSPECT_URL');
  if (!endpoint && context.valid('MCP_OPERATIONS_DIR', 'MCP_ENABLE_ARBITRARY_OPERATIONS')) {
    if (isSet('MCP_OPERATIONS_DIR')) {
      issues.push({ variable: 'GRAPHQL_ENDPOINT', message: 'required with MCP_OPERATIONS_DIR: operation tools run against it (or set INTROSPECT_URL)' });
    } else if (values.MCP_ENABLE_ARBITRARY_OPERATIONS === true) {
      issues.push({
        variable: 'GRAPHQL_ENDPOINT',
        message: 'required with MCP_ENABLE_ARBITRARY_OPERATIONS: execute_graphql runs against it (or set INTROSPECT_URL)',
      });
    }
  }
  if (isSet('MCP_OAUTH_ISSUER') && context.valid('MCP_OAUTH_ISSUER') && !isSet('MCP_OAUTH_AUDIENCE')) {
    issues.push({
      variable: 'MCP_OAUTH_AUDIENCE',
      message: "required with MCP_OAUTH_ISSUER: this endpoint's public URL, which access tokens must name in `aud` (tokens for other services are refused)",
    });
  }
  for (const name of ['MCP_OAUTH_AUDIENCE', 'MCP_OAUTH_JWKS_URL', 'MCP_OAUTH_SCOPES'] as const) {
    if (isSet(name) && !isSet('MCP_OAUTH_ISSUER')) issues.push({ variable: name, message: 'only used with MCP_OAUTH_ISSUER, which is unset' });
  }
  return issues;
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
  const tokens = isSet('MCP_AUTH_TOKENS') || isSet('MCP_OAUTH_ISSUER');
  if (values.HOST !== undefined && !isLoopbackHost(values.HOST) && !tokens && values.MCP_AUTH !== false) {
    issues.push({
      variable: 'MCP_AUTH_TOKENS',
      message: `required while HOST (${values.HOST}) is not loopback: set MCP_AUTH_TOKENS (or MCP_OAUTH_ISSUER), or MCP_AUTH=off to serve MCP clients without tokens`,
    });
  }
  if (values.MCP_ALLOWED_HOSTS?.includes('*') && !tokens) {
    issues.push({
      variable: 'MCP_ALLOWED_HOSTS',
      message: '`*` (any Host) needs MCP_AUTH_TOKENS or MCP_OAUTH_ISSUER: without tokens it opens the bridge to DNS rebinding',
    });
  }
  return issues;
}

/** Reads the bridge's variables from `env` (default process.env). */
export function loadBridgeConfig(env: Env = process.env): BridgeConfig {
  const values = loadEnv('bridge', bridgeVars, env, [checkSchemaSource(true), checkPublicMcp, checkOperationTools]);
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
