/**
 * Every environment variable the services read, with its parser, default and
 * meaning. Services pick their sets in `<service>.config.ts`; a variable whose
 * default differs between services (PORT, HOST, REDIS_URL) has one definition
 * per default.
 */
import { existsSync } from 'node:fs';
import { parseDiscoveryTokens } from './discovery-tokens.js';
import { envVar } from './env-var.js';
import {
  InvalidValue,
  parseBoolean,
  parseChoice,
  parseDuration,
  parseFraction,
  parseInteger,
  parsePort,
  parseSize,
  parseUrl,
  parseWord,
  splitList,
} from './value-parsers.js';

export const LOG_LEVELS = ['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent'] as const;
export type LogLevel = (typeof LOG_LEVELS)[number];
export const EMBEDDINGS_PROVIDERS = ['static', 'use-lite', 'transformers', 'openai', 'none'] as const;
export type EmbeddingsProviderName = (typeof EMBEDDINGS_PROVIDERS)[number];
export const MCP_SESSION_MODES = ['stateless', 'stateful'] as const;
export const REDIS_MODES = ['standalone', 'cluster'] as const;
export type RedisModeName = (typeof REDIS_MODES)[number];
export type McpSessionMode = (typeof MCP_SESSION_MODES)[number];

const http = (raw: string): string => parseUrl(raw, ['http', 'https']);
/** One redis:// or rediss:// URL, or a comma-separated list of them (Redis Cluster seed nodes; checkRedisMode). */
const redisUrl = (raw: string): string =>
  raw
    .split(',')
    .map((part) => parseUrl(part, ['redis', 'rediss']))
    .join(',');
const text =
  (what: string) =>
  (raw: string): string =>
    parseWord(raw, what);
const existingPath = (raw: string): string => {
  if (!existsSync(raw)) throw new InvalidValue('expected an existing path (nothing found there)');
  return raw;
};
/** A model's instruction prefix (trimmed; joined to the text by one space): one line, at most 200 characters. */
const prefix = (raw: string): string => {
  // biome-ignore lint/suspicious/noControlCharactersInRegex: control characters are what this refuses
  if (raw.length > 200 || /[\u0000-\u001f\u007f]/.test(raw)) throw new InvalidValue('expected one line of at most 200 characters');
  return raw;
};
const port = (name: string, dflt: string, meaning: string) => envVar({ name, default: dflt, meaning, parse: parsePort });
const host = (name: string, dflt: string, meaning: string) => envVar({ name, default: dflt, meaning, parse: text('a host name or IP address') });
const duration = (name: string, dflt: string, meaning: string) => envVar({ name, default: dflt, meaning, parse: parseDuration });

// Common to every service.
export const LOG_LEVEL = envVar({
  name: 'LOG_LEVEL',
  default: 'info',
  meaning: `Log level: ${LOG_LEVELS.join(', ')}. Logs are JSON lines on stdout.`,
  parse: (raw) => parseChoice(raw.toLowerCase(), LOG_LEVELS),
});
export const LOG_FILE = envVar({
  name: 'LOG_FILE',
  meaning:
    "File serve writes its JSON logs to (`-`: stdout). Unset: on a terminal, `schema-discovery/serve.log` in the user's state folder (serve's banner names it), so only plain lines show; otherwise stdout.",
  parse: (raw) => {
    // biome-ignore lint/suspicious/noControlCharactersInRegex: control characters are what this refuses or strips
    if (raw === '' || /[\u0000-\u001f]/.test(raw)) throw new InvalidValue('expected a file path, or - for stdout');
    return raw;
  },
});
export const REDIS_URL = envVar({
  name: 'REDIS_URL',
  default: 'redis://127.0.0.1:6379',
  meaning:
    'Redis holding indexes, state and queues (redis:// or rediss://, credentials in the URL). With `REDIS_MODE=cluster`: the seed nodes, comma-separated (`redis://h1:6379,redis://h2:6379`).',
  parse: redisUrl,
});
export const REDIS_MODE = envVar({
  name: 'REDIS_MODE',
  default: 'standalone',
  meaning: `\`standalone\` (one Redis or Valkey server) or \`cluster\` (Redis Cluster or Valkey cluster: REDIS_URL lists seed nodes). A standalone service refuses to start on a cluster node.`,
  parse: (raw) => parseChoice(raw, REDIS_MODES),
});
export const REDIS_URL_SERVE = envVar({
  name: 'REDIS_URL',
  meaning: 'Redis for the all-in-one `serve`; unset keeps everything in process memory (lost on exit).',
  parse: redisUrl,
});
export const REDIS_KEY_PREFIX = envVar({
  name: 'REDIS_KEY_PREFIX',
  default: 'sd:',
  meaning: 'Prefix of every Redis key and queue name, to share one Redis between deployments.',
  parse: (raw) => {
    const value = parseWord(raw, 'a key prefix', 64);
    if (/[{}]/.test(value)) throw new InvalidValue('expected a key prefix without { or } (used for hash tags)');
    return value;
  },
});
export const SHUTDOWN_GRACE = duration('SHUTDOWN_GRACE', '25s', 'On SIGTERM: time to finish requests and jobs before exiting.');

// Indexer: the discovery API.
export const INDEXER_PORT = port('PORT', '4100', 'Port of the discovery API (Connect), /metrics, /healthz and /readyz.');
export const INDEXER_HOST = host('HOST', '0.0.0.0', 'Interface the discovery API listens on.');
export const SERVE_HOST = host('HOST', '127.0.0.1', 'Interface the all-in-one discovery API listens on.');
export const DISCOVERY_AUTH = envVar({
  name: 'DISCOVERY_AUTH',
  default: 'on',
  meaning: 'Bearer auth on the discovery API. `off` (explicit only) serves everyone as tenant `default`.',
  parse: parseBoolean,
});
export const DISCOVERY_TOKENS = envVar({
  name: 'DISCOVERY_TOKENS',
  secret: true,
  meaning:
    'Static tokens, comma/newline-separated `tenant:sha256:<hex of SHA-256 of the token>[:read+write+generate]` (scopes default to all). `discovery token` prints one.',
  parse: parseDiscoveryTokens,
});
export const DISCOVERY_JWT_SECRET = envVar({
  name: 'DISCOVERY_JWT_SECRET',
  secret: true,
  meaning: 'HS256 secret for JWT bearer tokens (at least 32 characters). JWTs must carry `exp`; a JWT without a `scope`/`scp` claim is read-only.',
  parse: (raw) => {
    if (raw.length < 32) throw new InvalidValue('expected at least 32 characters (an HS256 key)');
    return raw;
  },
});
export const DISCOVERY_JWT_JWKS_URL = envVar({
  name: 'DISCOVERY_JWT_JWKS_URL',
  meaning:
    'JWKS URL for JWTs signed with asymmetric keys (RS*, PS*, ES*, EdDSA). Needs `DISCOVERY_JWT_AUDIENCE`: an identity provider signs tokens for other services too.',
  parse: http,
});
export const DISCOVERY_JWT_ISSUER = envVar({
  name: 'DISCOVERY_JWT_ISSUER',
  meaning: 'Required `iss` of JWTs (unset: not checked).',
  parse: text('an issuer'),
});
export const DISCOVERY_JWT_AUDIENCE = envVar({
  name: 'DISCOVERY_JWT_AUDIENCE',
  meaning: 'Accepted `aud` of JWTs, comma-separated. Required with `DISCOVERY_JWT_JWKS_URL`; with only `DISCOVERY_JWT_SECRET`, unset means not checked.',
  parse: (raw) => {
    const list = splitList(raw);
    if (list.length === 0) throw new InvalidValue('expected one or more audiences, comma-separated');
    return list;
  },
});
export const DISCOVERY_JWT_TENANT_CLAIM = envVar({
  name: 'DISCOVERY_JWT_TENANT_CLAIM',
  default: 'tenant',
  meaning: 'JWT claim holding the tenant id.',
  parse: text('a claim name'),
});
export const DISCOVERY_JWT_MAX_LIFETIME = duration(
  'DISCOVERY_JWT_MAX_LIFETIME',
  '24h',
  'Longest lifetime a JWT may have: `exp` - `iat` (or, without `iat`, `exp` - now) over it is refused.',
);
export const INDEX_IDLE_TTL = duration('INDEX_IDLE_TTL', '30d', 'An index nobody used for this long is deleted.');
export const MAX_SDL_BYTES = envVar({
  name: 'MAX_SDL_BYTES',
  default: '16MiB',
  meaning: 'Largest SDL EnsureIndex accepts.',
  parse: parseSize,
});
export const INDEX_CACHE_MAX_BYTES = envVar({
  name: 'INDEX_CACHE_MAX_BYTES',
  default: '512MiB',
  meaning: 'Memory for loaded indexes per process (least recently used are dropped first).',
  parse: parseSize,
});
export const SLICE_CACHE_MAX_BYTES = envVar({
  name: 'SLICE_CACHE_MAX_BYTES',
  default: '256MiB',
  meaning:
    'Memory for the schemas and search indexes the slice worker thread keeps per process, beside INDEX_CACHE_MAX_BYTES (least recently used are dropped first; a schema counts 3 bytes per SDL byte plus 640 per type, field, argument and enum value).',
  parse: parseSize,
});
export const MAX_INDEX_SYMBOLS = envVar({
  name: 'MAX_INDEX_SYMBOLS',
  default: '100000',
  meaning:
    'Most symbols (types, fields, input fields, paths) one index may have; a larger schema fails its build at once, naming this limit. The largest real schema measured has 14,153.',
  parse: (raw) => parseInteger(raw, 1, 10_000_000),
});
export const MAX_INDEX_BYTES = envVar({
  name: 'MAX_INDEX_BYTES',
  default: '128MiB',
  meaning:
    'Most bytes one index may store (SDL plus search data); a larger index fails its build before anything is written, naming this limit. The largest real schema measured stores 17 MiB.',
  parse: parseSize,
});
export const MAX_NAME_LENGTH = envVar({
  name: 'MAX_NAME_LENGTH',
  default: '512',
  meaning:
    'Longest name (type, field, argument, enum value, directive) a schema may have, in characters; a schema with a longer one fails its build, naming this limit. The longest measured in real schemas is 91.',
  parse: (raw) => parseInteger(raw, 16, 1_000_000),
});
export const MAX_DESCRIPTION_LENGTH = envVar({
  name: 'MAX_DESCRIPTION_LENGTH',
  default: '65536',
  meaning:
    'Longest description a schema may have, in characters; a schema with a longer one fails its build, naming this limit. The longest measured in real schemas is 9,051.',
  parse: (raw) => parseInteger(raw, 64, 100_000_000),
});
export const MAX_DEFAULT_VALUE_LENGTH = envVar({
  name: 'MAX_DEFAULT_VALUE_LENGTH',
  default: '8192',
  meaning:
    'Largest default value (or applied directive argument) a schema may have, in characters as printed; a schema with a larger one fails its build, naming this limit. The largest measured in real schemas is 368.',
  parse: (raw) => parseInteger(raw, 16, 100_000_000),
});
export const TENANT_MAX_SLICES = envVar({
  name: 'TENANT_MAX_SLICES',
  default: '2',
  meaning:
    'GetSchemaSlice calls one tenant may have running at once on one indexer process; one more is answered resource_exhausted at once, so one tenant cannot hold up the others.',
  parse: (raw) => parseInteger(raw, 1, 1_000),
});
export const TENANT_MAX_GENERATIONS = envVar({
  name: 'TENANT_MAX_GENERATIONS',
  default: '8',
  meaning: 'GenerateQuery calls one tenant may have waiting at once on one indexer process; one more is answered resource_exhausted at once.',
  parse: (raw) => parseInteger(raw, 1, 10_000),
});
export const SEARCH_VECTOR_WEIGHT = envVar({
  name: 'SEARCH_VECTOR_WEIGHT',
  default: '0',
  meaning:
    'Weight of the meaning (vector) signal in search, 0-1. 0 (words and structure only) measured best with the bundled models; raise it with a stronger embedding model.',
  parse: (raw) => parseFraction(raw, 0, 1),
});
export const SEARCH_VECTOR_FLOOR = envVar({
  name: 'SEARCH_VECTOR_FLOOR',
  default: '0.2',
  meaning:
    'Cosine below which a symbol gains nothing from the meaning signal, 0-0.95. Models differ: unrelated texts score about 0.1 with all-MiniLM, 0.5 with bge-small, 0.75 with e5 (docs/search-quality.md).',
  parse: (raw) => parseFraction(raw, 0, 0.95),
});
export const BUILD_CONCURRENCY = envVar({
  name: 'BUILD_CONCURRENCY',
  default: '1',
  meaning: 'Index builds one indexer process runs at the same time.',
  parse: (raw) => parseInteger(raw, 1, 64),
});
export const BUILD_HEAP_MAX_BYTES = envVar({
  name: 'BUILD_HEAP_MAX_BYTES',
  default: '1GiB',
  meaning: 'Most heap (V8 old generation) one build worker thread may hold; a build that needs more fails and its worker is replaced (docs/performance.md).',
  parse: (raw) => {
    const bytes = parseSize(raw);
    if (bytes < 64 * 1024 * 1024) throw new InvalidValue('expected at least 64MiB (a build needs room for the schema it parses)');
    return bytes;
  },
});
export const GENERATE_TIMEOUT = duration('GENERATE_TIMEOUT', '30s', 'Budget of one GenerateQuery call, queue wait included.');
export const GENERATE_CACHE_TTL = duration('GENERATE_CACHE_TTL', '1h', 'How long a generated result is reused for the same index and prompt.');

// Embeddings (indexer and generator).
export const EMBEDDINGS_PROVIDER = envVar({
  name: 'EMBEDDINGS_PROVIDER',
  default: 'static',
  meaning: `Embedding model: ${EMBEDDINGS_PROVIDERS.join(', ')} (none = words only). Changing it marks indexes stale.`,
  parse: (raw) => parseChoice(raw, EMBEDDINGS_PROVIDERS),
});
export const EMBEDDING_CACHE_MAX_BYTES = envVar({
  name: 'EMBEDDING_CACHE_MAX_BYTES',
  default: '256MiB',
  meaning: 'Budget of the shared cache of embedded texts (Redis or memory), per embedding model; the oldest entries are dropped beyond it, whatever their TTL.',
  parse: parseSize,
});
export const EMBEDDINGS_MODEL_PATH = envVar({
  name: 'EMBEDDINGS_MODEL_PATH',
  meaning:
    'Local model folder: for transformers a downloaded ONNX export (config.json, tokenizer.json, onnx/model.onnx; default: the model that ships with the service); for static an optional table.',
  parse: existingPath,
});
export const EMBEDDINGS_QUERY_PREFIX = envVar({
  name: 'EMBEDDINGS_QUERY_PREFIX',
  meaning:
    'Text put before every search query (joined by one space) before it is embedded, as the model expects (e5: "query:"; bge: "Represent this sentence for searching relevant passages:").',
  parse: prefix,
});
export const EMBEDDINGS_DOCUMENT_PREFIX = envVar({
  name: 'EMBEDDINGS_DOCUMENT_PREFIX',
  meaning: 'Text put before every schema element\'s text (joined by one space) before it is embedded (e5: "passage:"). Changing it marks indexes stale.',
  parse: prefix,
});
export const EMBEDDINGS_BASE_URL = envVar({
  name: 'EMBEDDINGS_BASE_URL',
  meaning: 'OpenAI-compatible endpoint for the openai provider (for example http://llm:8000/v1).',
  parse: http,
});
export const EMBEDDINGS_DIMENSIONS = envVar({
  name: 'EMBEDDINGS_DIMENSIONS',
  meaning: 'Length of the vectors the openai provider returns (required for openai, e.g. 1536).',
  parse: (raw) => parseInteger(raw, 1, 65536),
});
export const EMBEDDINGS_API_KEY = envVar({
  name: 'EMBEDDINGS_API_KEY',
  secret: true,
  meaning: 'API key of the embeddings endpoint.',
  parse: (raw) => parseWord(raw, 'an API key', 4096),
});
export const EMBEDDINGS_MODEL = envVar({
  name: 'EMBEDDINGS_MODEL',
  meaning: 'Model name (required for openai).',
  parse: text('a model name'),
});
