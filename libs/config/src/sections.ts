/**
 * The variable groups several services share (common, auth, embeddings),
 * their cross-variable checks and their typed sections of the config object.
 */
import type { ConfigIssue } from './config.errors.js';
import type { StaticTokenEntry } from './discovery-tokens.js';
import type { EnvValues, EnvVarSet } from './env-var.js';
import type { CheckContext } from './load-env.js';
import * as v from './variables.js';

export const commonVars = {
  LOG_LEVEL: v.LOG_LEVEL,
  REDIS_URL: v.REDIS_URL,
  REDIS_MODE: v.REDIS_MODE,
  REDIS_KEY_PREFIX: v.REDIS_KEY_PREFIX,
  SHUTDOWN_GRACE: v.SHUTDOWN_GRACE,
};

export const authVars = {
  DISCOVERY_AUTH: v.DISCOVERY_AUTH,
  DISCOVERY_TOKENS: v.DISCOVERY_TOKENS,
  DISCOVERY_JWT_SECRET: v.DISCOVERY_JWT_SECRET,
  DISCOVERY_JWT_JWKS_URL: v.DISCOVERY_JWT_JWKS_URL,
  DISCOVERY_JWT_ISSUER: v.DISCOVERY_JWT_ISSUER,
  DISCOVERY_JWT_AUDIENCE: v.DISCOVERY_JWT_AUDIENCE,
  DISCOVERY_JWT_TENANT_CLAIM: v.DISCOVERY_JWT_TENANT_CLAIM,
  DISCOVERY_JWT_MAX_LIFETIME: v.DISCOVERY_JWT_MAX_LIFETIME,
};

export const indexVars = {
  INDEX_IDLE_TTL: v.INDEX_IDLE_TTL,
  MAX_SDL_BYTES: v.MAX_SDL_BYTES,
  INDEX_CACHE_MAX_BYTES: v.INDEX_CACHE_MAX_BYTES,
  SLICE_CACHE_MAX_BYTES: v.SLICE_CACHE_MAX_BYTES,
  MAX_INDEX_SYMBOLS: v.MAX_INDEX_SYMBOLS,
  MAX_INDEX_BYTES: v.MAX_INDEX_BYTES,
  MAX_NAME_LENGTH: v.MAX_NAME_LENGTH,
  MAX_DESCRIPTION_LENGTH: v.MAX_DESCRIPTION_LENGTH,
  MAX_DEFAULT_VALUE_LENGTH: v.MAX_DEFAULT_VALUE_LENGTH,
  TENANT_MAX_SLICES: v.TENANT_MAX_SLICES,
  TENANT_MAX_GENERATIONS: v.TENANT_MAX_GENERATIONS,
  BUILD_CONCURRENCY: v.BUILD_CONCURRENCY,
  BUILD_HEAP_MAX_BYTES: v.BUILD_HEAP_MAX_BYTES,
  SEARCH_VECTOR_WEIGHT: v.SEARCH_VECTOR_WEIGHT,
  SEARCH_VECTOR_FLOOR: v.SEARCH_VECTOR_FLOOR,
};

export const embeddingsVars = {
  EMBEDDINGS_PROVIDER: v.EMBEDDINGS_PROVIDER,
  EMBEDDINGS_MODEL_PATH: v.EMBEDDINGS_MODEL_PATH,
  EMBEDDINGS_BASE_URL: v.EMBEDDINGS_BASE_URL,
  EMBEDDINGS_API_KEY: v.EMBEDDINGS_API_KEY,
  EMBEDDINGS_MODEL: v.EMBEDDINGS_MODEL,
  EMBEDDINGS_DIMENSIONS: v.EMBEDDINGS_DIMENSIONS,
  EMBEDDINGS_QUERY_PREFIX: v.EMBEDDINGS_QUERY_PREFIX,
  EMBEDDINGS_DOCUMENT_PREFIX: v.EMBEDDINGS_DOCUMENT_PREFIX,
  EMBEDDING_CACHE_MAX_BYTES: v.EMBEDDING_CACHE_MAX_BYTES,
};

export interface CommonConfig {
  readonly logLevel: v.LogLevel;
  readonly redis: { readonly url: string; readonly mode: v.RedisModeName; readonly keyPrefix: string };
  readonly shutdownGraceMs: number;
}

export interface HttpListenConfig {
  readonly port: number;
  readonly host: string;
}

export interface JwtConfig {
  /** HS256 key. */
  readonly secret: string | undefined;
  readonly jwksUrl: string | undefined;
  readonly issuer: string | undefined;
  readonly audience: readonly string[] | undefined;
  readonly tenantClaim: string;
  /** Longest `exp` - `iat` accepted, in seconds. */
  readonly maxLifetimeSeconds: number;
}

export interface AuthConfig {
  /** false only when DISCOVERY_AUTH is explicitly off: everyone is tenant `default`. */
  readonly enabled: boolean;
  readonly tokens: readonly StaticTokenEntry[];
  /** Present when a JWT secret or JWKS URL is configured. */
  readonly jwt: JwtConfig | undefined;
}

export interface IndexLimitsConfig {
  readonly idleTtlMs: number;
  readonly maxSdlBytes: number;
  readonly cacheMaxBytes: number;
  /** What the slice worker thread keeps of schemas and search indexes (SLICE_CACHE_MAX_BYTES). */
  readonly sliceCacheMaxBytes: number;
  readonly buildConcurrency: number;
  /** Most heap one build worker thread may hold (BUILD_HEAP_MAX_BYTES). */
  readonly buildHeapMaxBytes: number;
  /** Most symbols per index (MAX_INDEX_SYMBOLS). */
  readonly maxSymbols: number;
  /** Most stored bytes per index (MAX_INDEX_BYTES). */
  readonly maxStoredBytes: number;
  /** Longest name, description and default value of a schema (MAX_NAME_LENGTH, MAX_DESCRIPTION_LENGTH, MAX_DEFAULT_VALUE_LENGTH). */
  readonly maxNameLength: number;
  readonly maxDescriptionLength: number;
  readonly maxDefaultValueLength: number;
  /** Expensive calls one tenant may have running at once per process (TENANT_MAX_SLICES, TENANT_MAX_GENERATIONS). */
  readonly tenantMaxSlices: number;
  readonly tenantMaxGenerations: number;
  /** Weight of vector similarity in ranking (0: not used, and queries are not embedded). */
  readonly vectorWeight: number;
  /** Cosine below which vector similarity adds nothing (SEARCH_VECTOR_FLOOR). */
  readonly vectorFloor: number;
}

/** How a service reads indexes (the generator: as the discovery API does). */
export interface SearchReadConfig {
  readonly cacheMaxBytes: number;
  readonly vectorWeight: number;
  readonly vectorFloor: number;
}

export interface EmbeddingsConfig {
  readonly provider: v.EmbeddingsProviderName;
  readonly modelPath: string | undefined;
  readonly baseUrl: string | undefined;
  readonly apiKey: string | undefined;
  readonly model: string | undefined;
  /** openai: length of the returned vectors. */
  readonly dimensions: number | undefined;
  /** Put before each query / each symbol text before embedding (e5, bge); empty for none. */
  readonly queryPrefix: string;
  readonly documentPrefix: string;
  /** Budget of the shared embedding cache per model (EMBEDDING_CACHE_MAX_BYTES). */
  readonly cacheMaxBytes: number;
}

type Values<V extends EnvVarSet> = EnvValues<V>;

export function commonSection(values: Values<typeof commonVars>): CommonConfig {
  return {
    logLevel: values.LOG_LEVEL,
    redis: { url: values.REDIS_URL, mode: values.REDIS_MODE, keyPrefix: values.REDIS_KEY_PREFIX },
    shutdownGraceMs: values.SHUTDOWN_GRACE,
  };
}

type RedisVars = { REDIS_URL: typeof v.REDIS_URL | typeof v.REDIS_URL_SERVE; REDIS_MODE: typeof v.REDIS_MODE };

/**
 * REDIS_URL against REDIS_MODE: standalone takes one URL; a cluster's seed nodes share one scheme and
 * one set of credentials, and name no database (a cluster has only 0). Never echoes credentials.
 */
export function checkRedisMode(context: CheckContext<RedisVars>): ConfigIssue[] {
  const { values, isSet } = context;
  if (!context.valid('REDIS_URL', 'REDIS_MODE')) return [];
  const mode = values.REDIS_MODE ?? 'standalone';
  if (values.REDIS_URL === undefined) {
    return mode === 'cluster' && isSet('REDIS_MODE') ? [{ variable: 'REDIS_MODE', message: 'cluster needs REDIS_URL (the seed nodes)' }] : [];
  }
  const urls = values.REDIS_URL.split(',').map((part) => new URL(part));
  const issue = (message: string): ConfigIssue[] => [{ variable: 'REDIS_URL', message }];
  if (mode === 'standalone') {
    return urls.length > 1 ? issue(`lists ${urls.length} nodes: set REDIS_MODE=cluster for a Redis Cluster (standalone takes one URL)`) : [];
  }
  const first = urls[0]!;
  for (const [i, url] of urls.entries()) {
    if (url.pathname.length > 1 && url.pathname !== '/0')
      return issue(`seed node ${i + 1} names database ${url.pathname.slice(1)}: a Redis Cluster has only database 0`);
    if (url.protocol !== first.protocol) return issue(`seed node ${i + 1} uses ${url.protocol}// and seed node 1 ${first.protocol}//: use one scheme for all`);
    if (url.username !== first.username || url.password !== first.password)
      return issue(`seed node ${i + 1} has other credentials than seed node 1: a cluster has one set`);
  }
  return [];
}

export function authSection(values: Values<typeof authVars>): AuthConfig {
  const jwtConfigured = values.DISCOVERY_JWT_SECRET !== undefined || values.DISCOVERY_JWT_JWKS_URL !== undefined;
  return {
    enabled: values.DISCOVERY_AUTH,
    tokens: values.DISCOVERY_TOKENS ?? [],
    jwt: jwtConfigured
      ? {
          secret: values.DISCOVERY_JWT_SECRET,
          jwksUrl: values.DISCOVERY_JWT_JWKS_URL,
          issuer: values.DISCOVERY_JWT_ISSUER,
          audience: values.DISCOVERY_JWT_AUDIENCE,
          tenantClaim: values.DISCOVERY_JWT_TENANT_CLAIM,
          maxLifetimeSeconds: Math.ceil(values.DISCOVERY_JWT_MAX_LIFETIME / 1000),
        }
      : undefined,
  };
}

export function indexSection(values: Values<typeof indexVars>): IndexLimitsConfig {
  return {
    idleTtlMs: values.INDEX_IDLE_TTL,
    maxSdlBytes: values.MAX_SDL_BYTES,
    cacheMaxBytes: values.INDEX_CACHE_MAX_BYTES,
    sliceCacheMaxBytes: values.SLICE_CACHE_MAX_BYTES,
    buildConcurrency: values.BUILD_CONCURRENCY,
    buildHeapMaxBytes: values.BUILD_HEAP_MAX_BYTES,
    maxSymbols: values.MAX_INDEX_SYMBOLS,
    maxStoredBytes: values.MAX_INDEX_BYTES,
    maxNameLength: values.MAX_NAME_LENGTH,
    maxDescriptionLength: values.MAX_DESCRIPTION_LENGTH,
    maxDefaultValueLength: values.MAX_DEFAULT_VALUE_LENGTH,
    tenantMaxSlices: values.TENANT_MAX_SLICES,
    tenantMaxGenerations: values.TENANT_MAX_GENERATIONS,
    vectorWeight: values.SEARCH_VECTOR_WEIGHT,
    vectorFloor: values.SEARCH_VECTOR_FLOOR,
  };
}

export function embeddingsSection(values: Values<typeof embeddingsVars>): EmbeddingsConfig {
  return {
    provider: values.EMBEDDINGS_PROVIDER,
    modelPath: values.EMBEDDINGS_MODEL_PATH,
    baseUrl: values.EMBEDDINGS_BASE_URL,
    apiKey: values.EMBEDDINGS_API_KEY,
    model: values.EMBEDDINGS_MODEL,
    dimensions: values.EMBEDDINGS_DIMENSIONS,
    queryPrefix: values.EMBEDDINGS_QUERY_PREFIX ?? '',
    documentPrefix: values.EMBEDDINGS_DOCUMENT_PREFIX ?? '',
    cacheMaxBytes: values.EMBEDDING_CACHE_MAX_BYTES,
  };
}

/** Auth on needs a way to verify tokens; JWT claims checks need a JWT key. */
export function checkAuth(context: CheckContext<typeof authVars>): ConfigIssue[] {
  const { values, isSet } = context;
  const issues: ConfigIssue[] = [];
  const verifiers = ['DISCOVERY_TOKENS', 'DISCOVERY_JWT_SECRET', 'DISCOVERY_JWT_JWKS_URL'] as const;
  if (!context.valid('DISCOVERY_AUTH', ...verifiers)) return issues;
  const jwt = isSet('DISCOVERY_JWT_SECRET') || isSet('DISCOVERY_JWT_JWKS_URL');
  if (values.DISCOVERY_AUTH === true && !jwt && !isSet('DISCOVERY_TOKENS')) {
    issues.push({
      variable: 'DISCOVERY_TOKENS',
      message:
        'required while DISCOVERY_AUTH is on: set DISCOVERY_TOKENS, DISCOVERY_JWT_SECRET or DISCOVERY_JWT_JWKS_URL (or DISCOVERY_AUTH=off to run without auth)',
    });
  }
  // A JWKS URL is usually an identity provider's, which signs tokens for other services too: without
  // an audience, any of its tokens that carries a tenant claim would be accepted here.
  if (isSet('DISCOVERY_JWT_JWKS_URL') && !isSet('DISCOVERY_JWT_AUDIENCE')) {
    issues.push({
      variable: 'DISCOVERY_JWT_AUDIENCE',
      message:
        "required with DISCOVERY_JWT_JWKS_URL: set the `aud` this service's tokens carry, so that tokens the identity provider issued for other services are refused",
    });
  }
  for (const name of ['DISCOVERY_JWT_ISSUER', 'DISCOVERY_JWT_AUDIENCE'] as const) {
    if (isSet(name) && !jwt) {
      issues.push({ variable: name, message: 'only used with DISCOVERY_JWT_SECRET or DISCOVERY_JWT_JWKS_URL, which are unset' });
    }
  }
  return issues;
}

/** openai needs a model name, an endpoint and dimensions (transformers without a folder uses the shipped model). */
export function checkEmbeddings(context: CheckContext<typeof embeddingsVars>): ConfigIssue[] {
  const { values, isSet } = context;
  if (!context.valid('EMBEDDINGS_PROVIDER')) return [];
  if (values.EMBEDDINGS_PROVIDER === 'openai') {
    const required = {
      EMBEDDINGS_MODEL: 'the embeddings model name',
      EMBEDDINGS_BASE_URL: 'the OpenAI-compatible endpoint',
      EMBEDDINGS_DIMENSIONS: 'the length of its vectors',
    } as const;
    return Object.entries(required)
      .filter(([name]) => !isSet(name as keyof typeof required))
      .map(([variable, what]) => ({ variable, message: `required when EMBEDDINGS_PROVIDER is openai (${what})` }));
  }
  return [];
}
