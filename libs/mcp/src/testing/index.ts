export { type FakeCall, FakeDiscoveryService, type FakeMethod, unusedUrl } from './fake-discovery.service.js';
export { waitFor } from './wait-for.js';
export { harness, type Harness, ready, SDL, text } from './mcp-harness.js';
export { EMPLOYEES_SDL, employeesData, type GraphqlApiServer, type RecordedRequest, startGraphqlApi } from './graphql-api.server.js';
export { type LogLine, memoryLogger, OPERATION_FILES, type OperationsSetup, setupOperations, type SetupOptions } from './operations-setup.js';
export { startAuthorizationServer, type TestAuthorizationServer } from './authorization-server.js';
