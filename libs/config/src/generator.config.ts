/**
 * Configuration of the generator worker: loadGeneratorConfig(env). No
 * LLM_MODEL means operations are composed without a model, which is not an error.
 */
import type { EnvValues } from './env-var.js';
import * as g from './generator.variables.js';
import { deepFreeze, loadEnv, type Env } from './load-env.js';
import {
  checkEmbeddings,
  checkRedisMode,
  commonSection,
  commonVars,
  embeddingsSection,
  embeddingsVars,
  indexVars,
  type SearchReadConfig,
  type CommonConfig,
  type EmbeddingsConfig,
  type HttpListenConfig,
} from './sections.js';
import * as v from './variables.js';

export const llmVars = {
  OPENAI_BASE_URL: g.OPENAI_BASE_URL,
  OPENAI_API_KEY: g.OPENAI_API_KEY,
  LLM_MODEL: g.LLM_MODEL,
  LLM_TIMEOUT: g.LLM_TIMEOUT,
  LLM_CONTEXT_TOKENS: g.LLM_CONTEXT_TOKENS,
  LLM_MAX_OUTPUT_TOKENS: g.LLM_MAX_OUTPUT_TOKENS,
  LLM_AZURE_API_VERSION: g.LLM_AZURE_API_VERSION,
  GENERATE_CONCURRENCY: g.GENERATE_CONCURRENCY,
  GENERATE_MAX_TURNS: g.GENERATE_MAX_TURNS,
  GENERATE_TIMEOUT: v.GENERATE_TIMEOUT,
  GENERATE_ALLOW_MUTATIONS: g.GENERATE_ALLOW_MUTATIONS,
  GENERATE_CACHE_TTL: v.GENERATE_CACHE_TTL,
};

export const generatorVars = {
  ...commonVars,
  METRICS_PORT: g.METRICS_PORT,
  METRICS_HOST: g.METRICS_HOST,
  ...llmVars,
  ...embeddingsVars,
  // The generator retrieves through the same index reader as search: same cache budget and weights.
  INDEX_CACHE_MAX_BYTES: indexVars.INDEX_CACHE_MAX_BYTES,
  SEARCH_VECTOR_WEIGHT: indexVars.SEARCH_VECTOR_WEIGHT,
  SEARCH_VECTOR_FLOOR: indexVars.SEARCH_VECTOR_FLOOR,
};

export interface LlmConfig {
  readonly baseUrl: string | undefined;
  readonly apiKey: string | undefined;
  /** Undefined: operations are composed without a model. */
  readonly model: string | undefined;
  readonly timeoutMs: number;
  /** LLM_CONTEXT_TOKENS; undefined: asked of the endpoint. */
  readonly contextTokens?: number | undefined;
  /** LLM_MAX_OUTPUT_TOKENS. */
  readonly maxOutputTokens?: number;
  /** LLM_AZURE_API_VERSION: set for Azure OpenAI. */
  readonly azureApiVersion?: string | undefined;
}

export interface GenerationConfig {
  readonly concurrency: number;
  readonly maxTurns: number;
  readonly timeoutMs: number;
  readonly allowMutations: boolean;
  readonly cacheTtlMs: number;
}

export interface GeneratorConfig extends CommonConfig {
  readonly service: 'generator';
  readonly metrics: HttpListenConfig;
  readonly llm: LlmConfig;
  readonly generate: GenerationConfig;
  readonly embeddings: EmbeddingsConfig;
  /** How the generator reads indexes: as the discovery API does (INDEX_CACHE_MAX_BYTES, SEARCH_VECTOR_WEIGHT, SEARCH_VECTOR_FLOOR). */
  readonly search: SearchReadConfig;
}

export function llmSections(values: EnvValues<typeof llmVars>): {
  llm: LlmConfig;
  generate: GenerationConfig;
} {
  return {
    llm: {
      baseUrl: values.OPENAI_BASE_URL,
      apiKey: values.OPENAI_API_KEY,
      model: values.LLM_MODEL,
      timeoutMs: values.LLM_TIMEOUT,
      contextTokens: values.LLM_CONTEXT_TOKENS,
      maxOutputTokens: values.LLM_MAX_OUTPUT_TOKENS,
      azureApiVersion: values.LLM_AZURE_API_VERSION,
    },
    generate: {
      concurrency: values.GENERATE_CONCURRENCY,
      maxTurns: values.GENERATE_MAX_TURNS,
      timeoutMs: values.GENERATE_TIMEOUT,
      allowMutations: values.GENERATE_ALLOW_MUTATIONS,
      cacheTtlMs: values.GENERATE_CACHE_TTL,
    },
  };
}

/** Reads the generator's variables from `env` (default process.env). */
export function loadGeneratorConfig(env: Env = process.env): GeneratorConfig {
  const values = loadEnv('generator', generatorVars, env, [checkEmbeddings, checkRedisMode]);
  return deepFreeze({
    service: 'generator',
    ...commonSection(values),
    metrics: { port: values.METRICS_PORT, host: values.METRICS_HOST },
    ...llmSections(values),
    embeddings: embeddingsSection(values),
    search: { cacheMaxBytes: values.INDEX_CACHE_MAX_BYTES, vectorWeight: values.SEARCH_VECTOR_WEIGHT, vectorFloor: values.SEARCH_VECTOR_FLOOR },
  });
}
