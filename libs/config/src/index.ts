/**
 * @discovery/config: the only place that reads process.env. One loader per
 * service parses its variables once at boot into a frozen typed object, or
 * throws ConfigError listing every invalid variable.
 */
export { CONFIG_EXIT_CODE, ConfigError, ConfigErrorCode, type ConfigIssue } from './config.errors.js';
export { loadIndexerConfig, indexerVars, type IndexerConfig } from './indexer.config.js';
export {
  loadGeneratorConfig,
  generatorVars,
  type GeneratorConfig,
  type GenerationConfig,
  type LlmConfig,
} from './generator.config.js';
export {
  loadBridgeConfig,
  bridgeVars,
  type BridgeConfig,
  type McpConfig,
  type McpOAuthConfig,
  type OperationToolsConfig,
  type SchemaSource,
  type UpstreamConfig,
} from './bridge.config.js';
export { parseForwardHeaders, parseOAuthScopes, type OAuthScopeRules } from './mcp-operation-values.js';
export { loadServeConfig, serveVars, type ServeConfig } from './serve.config.js';
export { loadClientConfig, clientVars, type ClientConfig } from './client.config.js';
export type {
  AuthConfig,
  CommonConfig,
  EmbeddingsConfig,
  HttpListenConfig,
  IndexLimitsConfig,
  JwtConfig,
  SearchReadConfig,
} from './sections.js';
export {
  parseDiscoveryTokens,
  TENANT_PATTERN,
  TOKEN_SCOPES,
  type StaticTokenEntry,
  type TokenScope,
} from './discovery-tokens.js';
export { configRows, configTable, envExample, type ConfigRow, type ServiceName } from './config-table.js';
export type { Env } from './load-env.js';
export {
  EMBEDDINGS_PROVIDERS,
  LOG_LEVELS,
  MCP_SESSION_MODES,
  type EmbeddingsProviderName,
  type LogLevel,
  type McpSessionMode,
} from './variables.js';
export { parseBoolean, parseDuration, parseSize, InvalidValue } from './value-parsers.js';
export { isMainModule, runMain } from './main-module.js';
export {
  chooseLocalServes,
  localIndexCacheDir,
  localServeDir,
  localServeFile,
  readLocalServe,
  readLocalServes,
  serveLogFile,
  writeLocalServe,
  type LocalServeCard,
} from './local-serve.js';
