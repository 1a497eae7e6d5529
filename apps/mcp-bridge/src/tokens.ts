/**
 * Nest injection tokens of the bridge's optional parts (null when absent, as in `serve`
 * without a schema).
 */
export const MCP_HTTP = Symbol('McpHttpService');
export const BRIDGE_RUNTIME = Symbol('BridgeRuntime');
