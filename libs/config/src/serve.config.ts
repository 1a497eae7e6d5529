/**
 * Configuration of `discovery serve`: indexer, generator and bridge in one
 * process. REDIS_URL is optional here (unset: in-memory mode); the MCP
 * endpoint uses BRIDGE_PORT/BRIDGE_HOST and runs only when a schema source is set.
 */
import { checkSchemaSource, mcpSection, mcpVars, type McpConfig } from './bridge.config.js';
import * as b from './bridge.variables.js';
import { llmSections, llmVars, type GenerationConfig, type LlmConfig } from './generator.config.js';
import { deepFreeze, loadEnv, type Env } from './load-env.js';
import {
  authSection,
  authVars,
  checkAuth,
  checkEmbeddings,
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
  REDIS_URL: v.REDIS_URL_SERVE,
  REDIS_KEY_PREFIX: v.REDIS_KEY_PREFIX,
  SHUTDOWN_GRACE: v.SHUTDOWN_GRACE,
  PORT: v.INDEXER_PORT,
  HOST: v.SERVE_HOST,
  ...authVars,
  ...indexVars,
  ...embeddingsVars,
  ...llmVars,
  BRIDGE_PORT: b.SERVE_BRIDGE_PORT,
  BRIDGE_HOST: b.SERVE_BRIDGE_HOST,
  ...mcpVars,
};

export interface ServeConfig extends Omit<CommonConfig, 'redis'> {
  readonly service: 'serve';
  /** url undefined: in-memory mode (nothing survives a restart). */
  readonly redis: { readonly url: string | undefined; readonly keyPrefix: string };
  readonly http: HttpListenConfig;
  readonly auth: AuthConfig;
  readonly index: IndexLimitsConfig;
  readonly embeddings: EmbeddingsConfig;
  readonly llm: LlmConfig;
  readonly generate: GenerationConfig;
  readonly bridge: McpConfig & { readonly http: HttpListenConfig };
}

/** Reads the all-in-one variables from `env` (default process.env). */
export function loadServeConfig(env: Env = process.env): ServeConfig {
  const values = loadEnv('serve', serveVars, env, [checkAuth, checkEmbeddings, checkSchemaSource(false)]);
  return deepFreeze({
    service: 'serve',
    logLevel: values.LOG_LEVEL,
    redis: { url: values.REDIS_URL, keyPrefix: values.REDIS_KEY_PREFIX },
    shutdownGraceMs: values.SHUTDOWN_GRACE,
    http: { port: values.PORT, host: values.HOST },
    auth: authSection(values),
    index: indexSection(values),
    embeddings: embeddingsSection(values),
    ...llmSections(values),
    bridge: { ...mcpSection(values), http: { port: values.BRIDGE_PORT, host: values.BRIDGE_HOST } },
  });
}
