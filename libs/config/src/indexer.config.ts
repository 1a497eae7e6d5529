/**
 * Configuration of the indexer (the discovery API): loadIndexerConfig(env)
 * parses it once at boot into a frozen typed object or throws ConfigError.
 */
import { deepFreeze, loadEnv, type Env } from './load-env.js';
import {
  authSection,
  authVars,
  checkAuth,
  checkEmbeddings,
  checkRedisMode,
  commonSection,
  commonVars,
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

export const indexerVars = {
  ...commonVars,
  PORT: v.INDEXER_PORT,
  HOST: v.INDEXER_HOST,
  ...authVars,
  ...indexVars,
  ...embeddingsVars,
  GENERATE_TIMEOUT: v.GENERATE_TIMEOUT,
  GENERATE_CACHE_TTL: v.GENERATE_CACHE_TTL,
};

export interface IndexerConfig extends CommonConfig {
  readonly service: 'indexer';
  readonly http: HttpListenConfig;
  readonly auth: AuthConfig;
  readonly index: IndexLimitsConfig;
  readonly embeddings: EmbeddingsConfig;
  readonly generate: { readonly timeoutMs: number; readonly cacheTtlMs: number };
}

/** Reads the indexer's variables from `env` (default process.env). */
export function loadIndexerConfig(env: Env = process.env): IndexerConfig {
  const values = loadEnv('indexer', indexerVars, env, [checkAuth, checkEmbeddings, checkRedisMode]);
  return deepFreeze({
    service: 'indexer',
    ...commonSection(values),
    http: { port: values.PORT, host: values.HOST },
    auth: authSection(values),
    index: indexSection(values),
    embeddings: embeddingsSection(values),
    generate: { timeoutMs: values.GENERATE_TIMEOUT, cacheTtlMs: values.GENERATE_CACHE_TTL },
  });
}
