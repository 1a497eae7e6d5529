/**
 * Makes the bridge's OperationTools from its configuration: none unless an operations folder or a
 * built-in tool is configured, so a bridge without them serves the discovery tools alone, as before.
 */
import type { McpConfig } from '@discovery/config';
import type { BridgeLogger } from '../logger.js';
import { TOOL_DEFINITIONS } from '../tool-catalog.js';
import { GraphqlApiClient } from './graphql-api.client.js';
import { OperationCatalog } from './operation-catalog.js';
import { BUILTIN_TOOL_NAMES, OperationTools } from './operation-tools.js';

/** Defaults of the upstream settings when a hand-made config leaves them out. */
const UPSTREAM_DEFAULTS = { headers: {}, timeoutMs: 30_000, maxResponseBytes: 1024 * 1024, forwardHeaders: [] as string[] };

/** Every name an operation tool may not take: the discovery tools and Cosmo's built-in tools. */
export const RESERVED_TOOL_NAMES: ReadonlySet<string> = new Set([...TOOL_DEFINITIONS.map((tool) => tool.name), ...BUILTIN_TOOL_NAMES]);

export function createOperationTools(mcp: McpConfig, endpoint: string | undefined, logger: BridgeLogger): OperationTools | undefined {
  const operations = mcp.operations;
  if (!operations || (operations.dir === undefined && !operations.exposeSchema && !operations.arbitraryOperations)) return undefined;
  const upstream = mcp.upstream ?? UPSTREAM_DEFAULTS;
  const catalog = new OperationCatalog({
    dir: operations.dir,
    omitToolNamePrefix: operations.omitToolNamePrefix,
    excludeMutations: operations.excludeMutations,
    reserved: RESERVED_TOOL_NAMES,
    logger,
  });
  return new OperationTools({
    catalog,
    client: endpoint === undefined ? undefined : new GraphqlApiClient({ endpoint, ...upstream }),
    operationInfo: operations.dir !== undefined,
    exposeSchema: operations.exposeSchema,
    arbitraryOperations: operations.arbitraryOperations,
    arbitraryMutations: operations.arbitraryMutations,
    ...(mcp.oauth ? { toolScopes: mcp.oauth.scopes.tools } : {}),
  });
}
