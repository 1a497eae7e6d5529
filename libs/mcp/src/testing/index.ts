export * from './fake-discovery.service.js';
export * from './wait-for.js';
export * from './mcp-harness.js';
export * from './graphql-api.server.js';
export * from './operations-setup.js';
export * from './authorization-server.js';
