/**
 * Variables of the generator worker (besides the common and embeddings ones):
 * the OpenAI-compatible model endpoint and the generation budget.
 */
import { envVar } from './env-var.js';
import { parseBoolean, parseDuration, parseInteger, parsePort, parseUrl, parseWord } from './value-parsers.js';

export const METRICS_PORT = envVar({
  name: 'METRICS_PORT',
  default: '4300',
  meaning: "Port of the generator's /metrics, /healthz and /readyz.",
  parse: parsePort,
});
export const METRICS_HOST = envVar({
  name: 'METRICS_HOST',
  default: '0.0.0.0',
  meaning: "Interface of the generator's metrics and health endpoints.",
  parse: (raw) => parseWord(raw, 'a host name or IP address'),
});
export const OPENAI_BASE_URL = envVar({
  name: 'OPENAI_BASE_URL',
  meaning: 'OpenAI-compatible chat endpoint (for example http://vllm:8000/v1); unset: api.openai.com.',
  parse: (raw) => parseUrl(raw, ['http', 'https']),
});
export const OPENAI_API_KEY = envVar({
  name: 'OPENAI_API_KEY',
  secret: true,
  meaning: 'API key of the chat endpoint.',
  parse: (raw) => parseWord(raw, 'an API key', 4096),
});
export const LLM_MODEL = envVar({
  name: 'LLM_MODEL',
  meaning:
    'Chat model used to generate operations. Unset: operations are composed from the schema without a language model (deterministic, one operation per prompt).',
  parse: (raw) => parseWord(raw, 'a model name'),
});
export const LLM_TIMEOUT = envVar({
  name: 'LLM_TIMEOUT',
  default: '20s',
  meaning: 'Timeout of one model call. CPU-served models need minutes (docs/models.md).',
  parse: parseDuration,
});
export const LLM_CONTEXT_TOKENS = envVar({
  name: 'LLM_CONTEXT_TOKENS',
  meaning: "The model's context window in tokens. Unset: asked of the endpoint (llama.cpp /props, vLLM /v1/models, Ollama /api/show, LM Studio), else 32768.",
  parse: (raw) => parseInteger(raw, 1024, 10_000_000),
});
export const LLM_MAX_OUTPUT_TOKENS = envVar({
  name: 'LLM_MAX_OUTPUT_TOKENS',
  default: '1024',
  meaning: 'Room kept for the answer: max_tokens of every model request (raise it for reasoning models).',
  parse: (raw) => parseInteger(raw, 64, 1_000_000),
});
export const LLM_AZURE_API_VERSION = envVar({
  name: 'LLM_AZURE_API_VERSION',
  meaning:
    'Azure OpenAI: the api-version (for example 2024-10-21); set, OPENAI_BASE_URL is the resource (https://<name>.openai.azure.com) and LLM_MODEL the deployment.',
  parse: (raw) => parseWord(raw, 'an Azure api-version such as 2024-10-21'),
});
export const GENERATE_CONCURRENCY = envVar({
  name: 'GENERATE_CONCURRENCY',
  default: '4',
  meaning: 'Generation jobs one generator process runs at the same time.',
  parse: (raw) => parseInteger(raw, 1, 256),
});
export const GENERATE_MAX_TURNS = envVar({
  name: 'GENERATE_MAX_TURNS',
  default: '8',
  meaning: 'Most model turns (tool calls and answers) per generation; then the result is `truncated`.',
  parse: (raw) => parseInteger(raw, 1, 50),
});
export const GENERATE_ALLOW_MUTATIONS = envVar({
  name: 'GENERATE_ALLOW_MUTATIONS',
  default: 'false',
  meaning: 'Allow generated mutations (default: queries only).',
  parse: parseBoolean,
});
