/**
 * Configuration of `discovery serve`: indexer, generator and bridge in one
 * process. REDIS_URL is optional here (unset: in-memory mode). One listener
 * (PORT, default 4200) serves /mcp and the discovery API. Auth stays on by
 * default without configured tokens: the in-process bridge gets a token made at
 * start, and outside callers need a configured token (or DISCOVERY_AUTH=off).
 */
import { checkOperationTools, checkPublicMcp, checkSchemaSource, mcpSection, mcpVars, type McpConfig } from './bridge.config.js';
import * as b from './bridge.variables.js';
import { llmSections, llmVars, type GenerationConfig, type LlmConfig } from './generator.config.js';
import { deepFreeze, loadEnv, type Env } from './load-env.js';
import {
  authSection,
  authVars,
  checkAuth,
  checkEmbeddings,
  checkRedisMode,
  embeddingsSection,
  embeddingsVars,
  indexSection,
  indexVars,
  type AuthConfig,
  type CommonConfig,
  type EmbeddingsConfig,
  type HttpListenConfig,
  type IndexLimitsConfig,
} from './sections.js';
import * as v from './variables.js';

export const serveVars = {
  LOG_LEVEL: v.LOG_LEVEL,
  LOG_FILE: v.LOG_FILE,
  REDIS_URL: v.REDIS_URL_SERVE,
  REDIS_MODE: v.REDIS_MODE,
  REDIS_KEY_PREFIX: v.REDIS_KEY_PREFIX,
  SHUTDOWN_GRACE: v.SHUTDOWN_GRACE,
  PORT: b.BRIDGE_PORT,
  HOST: v.SERVE_HOST,
  ...authVars,
  ...indexVars,
  ...embeddingsVars,
  ...llmVars,
  ...mcpVars,
};

export interface ServeConfig extends Omit<CommonConfig, 'redis'> {
  readonly service: 'serve';
  /** LOG_FILE: `-` for stdout; undefined: a file in the state folder on a terminal, else stdout. */
  readonly logFile: string | undefined;
  /** url undefined: in-memory mode (nothing survives a restart). */
  readonly redis: { readonly url: string | undefined; readonly mode: v.RedisModeName; readonly keyPrefix: string };
  readonly http: HttpListenConfig;
  readonly auth: AuthConfig;
  readonly index: IndexLimitsConfig;
  readonly embeddings: EmbeddingsConfig;
  readonly llm: LlmConfig;
  readonly generate: GenerationConfig;
  readonly bridge: McpConfig & { readonly http: HttpListenConfig };
}

/** As checkAuth, minus "no token configured": serve makes one for local clients (its card), and its own bridge needs none (in process). */
function checkAuthWithInternalToken(context: Parameters<typeof checkAuth>[0]) {
  return checkAuth(context).filter((issue) => issue.variable !== 'DISCOVERY_TOKENS' || context.isSet('DISCOVERY_TOKENS'));
}

/** Reads the all-in-one variables from `env` (default process.env). */
export function loadServeConfig(env: Env = process.env): ServeConfig {
  const values = loadEnv('serve', serveVars, env, [
    checkAuthWithInternalToken,
    checkEmbeddings,
    checkRedisMode,
    checkSchemaSource(false),
    checkPublicMcp,
    checkOperationTools,
  ]);
  const mcp = mcpSection(values);
  // GENERATE_ALLOW_MUTATIONS says this deployment lets agents change data: execute_graphql may then run mutations too.
  const operations = { ...mcp.operations, arbitraryMutations: mcp.operations.arbitraryMutations || values.GENERATE_ALLOW_MUTATIONS };
  return deepFreeze({
    service: 'serve',
    logLevel: values.LOG_LEVEL,
    logFile: values.LOG_FILE,
    redis: { url: values.REDIS_URL, mode: values.REDIS_MODE, keyPrefix: values.REDIS_KEY_PREFIX },
    shutdownGraceMs: values.SHUTDOWN_GRACE,
    http: { port: values.PORT, host: values.HOST },
    auth: authSection(values),
    index: indexSection(values),
    embeddings: embeddingsSection(values),
    ...llmSections(values),
    bridge: { ...mcp, operations, http: { port: values.PORT, host: values.HOST } },
  });
}
