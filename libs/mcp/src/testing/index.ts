export * from './fake-discovery.service.js';
export * from './wait-for.js';
export * from './mcp-harness.js';
