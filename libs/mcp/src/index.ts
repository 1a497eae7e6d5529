export { OperationFileError, OperationFileErrorCode, ToolFailure, ToolFailureCode } from './mcp.errors.js';
export { failureText, MAX_DETAIL_LENGTH, SERVER_INSTRUCTIONS, TOOL_TEXTS, UNTRUSTED_SCHEMA_TEXT } from './tool-texts.js';
export {
  type DiscoveryApiClient,
  type DiscoveryClient,
  readOnlyAnnotations,
  type ToolAnnotations,
  type ToolContext,
  type ToolDefinition,
} from './tool-definition.js';
export { describeInputIssues, TOOL_DEFINITIONS, TOOL_LIST, TOOLS_BY_NAME } from './tool-catalog.js';
export {
  decodeJsonObject,
  EMPTY_VARIABLES_SCHEMA,
  type JsonObject,
  type ResolutionOutput,
  type ResolvedQueryOutput,
  type SearchHitOutput,
  type SymbolOutput,
  toResolution,
  toSearchHit,
  toSymbol,
} from './records.mapper.js';
export { connectCodeOf, isUnreachable, toToolFailure, unreachableDetail } from './connect-error.mapper.js';
export { type BridgeLogger, silentLogger } from './logger.js';
export { BRIDGE_SERVER_INFO, type BridgeServerOptions, createBridgeServer, toolList, type ToolOutcome } from './bridge-server.factory.js';
export { IndexSync, type IndexSyncOptions } from './index-sync/index-sync.js';
export { type BuildFailureKind, displayUrl, failureForPhase, SyncPhase, type SyncStatus, triedText } from './index-sync/sync-status.js';
export { type ReadinessReporterOptions, READY_PREFIX, reportReadiness } from './index-sync/readiness-reporter.js';
export { examplesFromSdl, type ToolExamples, withExamples } from './schema-examples.js';
export { type SchemaSink, type SchemaSource, StaticSchemaSource } from './schema-sources/schema-source.js';
export { FileSchemaSource, type FileSchemaSourceOptions } from './schema-sources/file-schema.source.js';
export { IntrospectionSchemaSource, type IntrospectionSchemaSourceOptions } from './schema-sources/introspection-schema.source.js';
export { searchSchemaTool, SEARCH_DEFAULT_LIMIT, SEARCH_LIMIT_RULE, SEARCH_MAX_LIMIT } from './tools/search-schema.tool.js';
export { getSymbolsTool } from './tools/get-symbols.tool.js';
export { getSchemaSliceTool } from './tools/get-schema-slice.tool.js';
export { generateQueryTool, COMPOSED_STEP } from './tools/generate-query.tool.js';
export { BridgeMetrics } from './bridge/bridge-metrics.js';
export { BridgeRuntime, type BridgeRuntimeOptions, type DiscoveryConnection } from './bridge/bridge-runtime.js';
export { McpHttpService, readJsonBody, rpcError, type McpHttpOptions } from './bridge/mcp-http.service.js';
export { assembleBridge, defaultAllowedHosts, mcpUrl, MCP_PATH, type BridgeAssembly, type BridgeAssemblyConfig } from './bridge/bridge.assembly.js';
export { parseBridgeArgs, USAGE, UsageError, type BridgeArgs, type BridgeMode, type BridgeTransport } from './bridge/bridge-args.js';
export { snakeCase, operationToolName, TOOL_NAME_PREFIX } from './operations/tool-name.js';
export { parseOperationFile, type ParsedOperation } from './operations/operation-document.js';
export { compileOperations, type CompiledOperations, type CompileOptions, type OperationFile } from './operations/operation-compiler.js';
export { readOperationFiles, isOperationFile, MAX_OPERATION_FILE_BYTES } from './operations/operation-files.reader.js';
export { OperationCatalog, type OperationCatalogOptions } from './operations/operation-catalog.js';
export { GRAPHQL_RESPONSE_SCHEMA, operationToolListing, type OperationTool, type SkippedOperation, type SkipReason } from './operations/operation-tool.js';
export { GraphqlApiClient, type GraphqlApiOptions, type GraphqlOutcome, type GraphqlRequest } from './operations/graphql-api.client.js';
export { OPERATION_TEXTS, CUT_MARK, type OperationOutcome } from './operations/operation-results.js';
export { OperationTools, BUILTIN_TOOL_NAMES, OPERATION_TOOLS_INSTRUCTIONS, type OperationToolsOptions } from './operations/operation-tools.js';
export { createOperationTools, RESERVED_TOOL_NAMES } from './operations/operation-tools.factory.js';
export { saveOperation, documentWithDescription, operationFileName, type SaveOperationOptions, type SavedOperation } from './operations/operation-save.js';
export { AccessTokenVerifier, type AccessTokenVerifierOptions } from './oauth/access-token.verifier.js';
export { McpAuthorization, PROTECTED_RESOURCE_PATH, type McpAuthorizationOptions } from './oauth/mcp-authorization.js';
