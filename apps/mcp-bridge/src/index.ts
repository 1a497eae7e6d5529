export { BridgeRuntime, type BridgeRuntimeOptions } from './bridge-runtime.js';
export { BridgeMetrics } from './bridge-metrics.js';
export { startHttpApp, type HttpAppOptions, type StartedHttpApp } from './http-app.js';
export { McpHttpService, type McpHttpOptions } from './mcp/mcp-http.service.js';
export { parseBridgeArgs, USAGE, UsageError, type BridgeArgs } from './cli-args.js';
