/** What `serve` prints once it listens: where things are and how to connect a client or the CLI. */
import type { ServeConfig } from '@discovery/config';
import { resolve } from 'node:path';

/** What the banner needs of the started application. */
export interface ServeAddresses {
  bridge: unknown;
  discoveryUrl: string;
  mcpUrl: string | undefined;
  consoleUrl: string;
}

export function serveBanner(started: ServeAddresses, config: ServeConfig): string {
  const storage = config.redis.url ? 'Redis and BullMQ' : 'memory (nothing survives a restart; set REDIS_URL to keep indexes)';
  const token = config.auth.enabled ? "bearer token required; the discovery CLI on this machine uses this serve's own" : 'DISCOVERY_AUTH=off: no token';
  const lines = [
    `Schema discovery is running in one process (storage: ${storage}).`,
    `  Discovery API (yoko.v1, Connect): ${started.discoveryUrl}  (${token})`,
    `  Console (signs you in once):      ${started.consoleUrl}`,
  ];
  if (!started.bridge) {
    lines.push('  No schema given, so no MCP endpoint: restart with --schema <file> or --introspect <url>.');
    lines.push('', 'Try the API from another terminal:', '  npx discovery search path/to/schema.graphql "a topic"');
    return `${lines.join('\n')}\n`;
  }
  const url = started.mcpUrl ?? '';
  const auth = config.bridge.authTokenHashes.length > 0;
  const source = config.bridge.schemaSource;
  const target = source?.kind === 'file' ? shellQuote(resolve(source.path)) : 'indexes';
  const operations = config.bridge.operations?.dir;
  const endpoint = config.bridge.graphqlEndpoint ?? (source?.kind === 'introspection' ? source.url : undefined);
  lines.push(
    `  MCP endpoint (Streamable HTTP):    ${url}`,
    ...(operations
      ? [
          `  Operation tools:                  every .graphql file in ${shellQuote(resolve(operations))} (watched), run against ${endpoint ?? 'GRAPHQL_ENDPOINT'}`,
        ]
      : []),
    '',
    'Add it to an MCP client, for example:',
    `  Claude Code:  claude mcp add --transport http schema-discovery ${url}${auth ? ' --header "Authorization: Bearer <token>"' : ''}`,
    `  JSON config:  {"mcpServers": {"schema-discovery": {"type": "http", "url": "${url}"${auth ? ', "headers": {"Authorization": "Bearer <token>"}' : ''}}}}`,
    '',
    'Or search from another terminal once it is ready (no flags needed):',
    '  npx discovery indexes',
    ...(source?.kind === 'file' ? [`  npx discovery search ${target} "<a few words>"`] : []),
  );
  if (!config.llm.model) {
    lines.push(
      '',
      'generate_query composes operations from the schema (no language model is set); set LLM_MODEL (and OPENAI_BASE_URL / OPENAI_API_KEY) to use one.',
    );
  }
  return `${lines.join('\n')}\n`;
}

/** A path as one shell word. */
function shellQuote(path: string): string {
  return /^[\w./@%+=:,-]+$/.test(path) ? path : `'${path.replace(/'/g, "'\\''")}'`;
}
