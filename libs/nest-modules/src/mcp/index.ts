/** @discovery/nest-modules/mcp: the MCP bridge component's module, and the bridge on stdio. */
export { McpModule, type McpModuleOptions } from './mcp.module.js';
export { serveOnStdio } from './stdio.js';
