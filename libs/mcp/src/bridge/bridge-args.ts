/**
 * Command line of the bridge (`discovery-mcp`, and `discovery serve` with the same options): the mode (`serve` or the bridge alone), the transport and
 * overrides of configuration variables. Flags win over the environment; they are turned into
 * variables so the same rules and error messages of @discovery/config apply.
 */
import { parseArgs } from 'node:util';

export type BridgeMode = 'bridge' | 'serve';
export type BridgeTransport = 'http' | 'stdio';

export interface BridgeArgs {
  mode: BridgeMode;
  transport: BridgeTransport;
  help: boolean;
  /** Variables set by flags (e.g. SCHEMA_FILE from --schema); `undefined` unsets one. */
  overrides: Record<string, string | undefined>;
}

export const USAGE = `Usage: discovery-mcp [serve] [options]

Serves the MCP tools search_schema, get_symbols, get_schema_slice and generate_query for one GraphQL schema,
and with --operations each curated operation of a folder as a tool that runs against the API,
backed by the discovery service at DISCOVERY_URL (with DISCOVERY_TOKEN).
With serve, runs the discovery service (indexer and generator) in the same process and
serves its API next to /mcp: in memory, or on Redis when REDIS_URL is set.
With --stdio and no DISCOVERY_URL, the discovery service also runs in this process:
  discovery-mcp --stdio --schema schema.graphql   needs nothing else running.

Options:
  --schema <file>         SDL file (reloaded when it changes)          [SCHEMA_FILE]
  --introspect <url>      GraphQL endpoint to introspect                [INTROSPECT_URL]
  --header "Name: value"  header for introspection (repeatable)         [INTROSPECT_HEADERS]
  --operations <dir>      folder of .graphql operations served as tools [MCP_OPERATIONS_DIR]
                          (watched; run against --endpoint, else --introspect)
  --endpoint <url>        GraphQL endpoint operations run against       [GRAPHQL_ENDPOINT]
  --discovery <url>       discovery service base URL                    [DISCOVERY_URL]
  --stdio                 speak MCP over stdin/stdout instead of HTTP (progress and
                          the Ready: line go to stderr)
  --port <n>, --host <h>  where MCP over HTTP listens (/mcp)            [PORT, HOST]
  --sessions <mode>       stateful or stateless Streamable HTTP         [MCP_SESSIONS]
  -h, --help              show this help

Everything else is configured by environment variables (see docs/deployment.md).
`;

export class UsageError extends Error {}

export function parseBridgeArgs(argv: readonly string[]): BridgeArgs {
  const parsed = (() => {
    try {
      return parseArgs({
        args: [...argv],
        allowPositionals: true,
        strict: true,
        options: {
          schema: { type: 'string' },
          introspect: { type: 'string' },
          header: { type: 'string', multiple: true },
          endpoint: { type: 'string' },
          operations: { type: 'string' },
          discovery: { type: 'string' },
          stdio: { type: 'boolean', default: false },
          port: { type: 'string' },
          host: { type: 'string' },
          sessions: { type: 'string' },
          help: { type: 'boolean', short: 'h', default: false },
        },
      });
    } catch (error) {
      throw new UsageError((error as Error).message);
    }
  })();
  const { values, positionals } = parsed;
  if (positionals.length > 1 || (positionals[0] !== undefined && positionals[0] !== 'serve')) {
    throw new UsageError(`unexpected argument: ${positionals.find((p) => p !== 'serve') ?? positionals[1]}`);
  }
  if (values.schema !== undefined && values.introspect !== undefined) {
    throw new UsageError('use either --schema or --introspect, not both');
  }
  const overrides: Record<string, string | undefined> = {};
  // A source named by a flag replaces the one of the environment.
  if (values.schema !== undefined) Object.assign(overrides, { INTROSPECT_URL: undefined, INTROSPECT_HEADERS: undefined });
  if (values.introspect !== undefined) overrides['SCHEMA_FILE'] = undefined;
  const set = (name: string, value: string | undefined): void => {
    if (value !== undefined) overrides[name] = value;
  };
  set('SCHEMA_FILE', values.schema);
  set('INTROSPECT_URL', values.introspect);
  if (values.header?.length) overrides['INTROSPECT_HEADERS'] = values.header.join('\n');
  set('GRAPHQL_ENDPOINT', values.endpoint);
  set('MCP_OPERATIONS_DIR', values.operations);
  set('DISCOVERY_URL', values.discovery);
  const serve = positionals[0] === 'serve';
  if (serve && values.discovery !== undefined) throw new UsageError('serve runs its own discovery API; --discovery is for the bridge alone');
  // In serve, the MCP endpoint and the discovery API share the bridge's listener.
  set('PORT', values.port);
  set('HOST', values.host);
  set('MCP_SESSIONS', values.sessions);
  return {
    mode: serve ? 'serve' : 'bridge',
    transport: values.stdio ? 'stdio' : 'http',
    help: values.help,
    overrides,
  };
}
