import { createHash } from 'node:crypto';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from '@jest/globals';
import { bridgeVars, loadBridgeConfig } from './bridge.config.js';
import { clientVars, loadClientConfig } from './client.config.js';
import { ConfigError } from './config.errors.js';
import type { EnvVarSet } from './env-var.js';
import { generatorVars, loadGeneratorConfig } from './generator.config.js';
import { indexerVars, loadIndexerConfig } from './indexer.config.js';
import type { Env } from './load-env.js';
import { loadServeConfig, serveVars } from './serve.config.js';

const dir = mkdtempSync(join(tmpdir(), 'config-spec-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));
const file = (name: string, content: string): string => {
  const path = join(dir, name);
  writeFileSync(path, content);
  return path;
};
const schemaFile = file('schema.graphql', 'type Query { a: Int }');
const HASH = createHash('sha256').update('sd_test-token').digest('hex');
const TOKENS = `acme:sha256:${HASH}`;

/** A bad value for every variable any service reads. */
const BAD: Readonly<Record<string, string>> = {
  LOG_LEVEL: 'loud',
  LOG_FILE: 'logs\u0007.json',
  REDIS_URL: 'http://127.0.0.1:6379',
  REDIS_MODE: 'sharded',
  REDIS_KEY_PREFIX: 'sd:{x}',
  SHUTDOWN_GRACE: '5 minutes',
  PORT: '70000',
  HOST: 'two words',
  DISCOVERY_AUTH: 'maybe',
  DISCOVERY_TOKENS: 'sd_a-plain-token',
  DISCOVERY_JWT_SECRET: 'too-short',
  DISCOVERY_JWT_JWKS_URL: 'ftp://idp/jwks',
  DISCOVERY_JWT_ISSUER: 'two words',
  DISCOVERY_JWT_AUDIENCE: ' , ',
  DISCOVERY_JWT_TENANT_CLAIM: 'two words',
  DISCOVERY_JWT_MAX_LIFETIME: 'forever',
  INDEX_IDLE_TTL: '0s',
  MAX_SDL_BYTES: '8MB',
  INDEX_CACHE_MAX_BYTES: '-1',
  SLICE_CACHE_MAX_BYTES: '0',
  MAX_INDEX_SYMBOLS: '0',
  MAX_INDEX_BYTES: 'lots',
  MAX_NAME_LENGTH: '8',
  MAX_DESCRIPTION_LENGTH: 'long',
  MAX_DEFAULT_VALUE_LENGTH: '-1',
  TENANT_MAX_SLICES: '0',
  TENANT_MAX_GENERATIONS: 'many',
  EMBEDDING_CACHE_MAX_BYTES: '-1',
  BUILD_CONCURRENCY: '0',
  BUILD_HEAP_MAX_BYTES: '1MiB',
  EMBEDDINGS_PROVIDER: 'bert',
  EMBEDDINGS_MODEL_PATH: join(dir, 'no-such-model'),
  EMBEDDINGS_BASE_URL: 'localhost:8000',
  EMBEDDINGS_API_KEY: 'two words',
  EMBEDDINGS_MODEL: 'two words',
  EMBEDDINGS_DIMENSIONS: '0',
  SEARCH_VECTOR_WEIGHT: '1.5',
  SEARCH_VECTOR_FLOOR: '0.99',
  EMBEDDINGS_QUERY_PREFIX: 'two\nlines',
  EMBEDDINGS_DOCUMENT_PREFIX: 'x'.repeat(201),
  GENERATE_TIMEOUT: '30 s',
  GENERATE_CACHE_TTL: '1w',
  METRICS_PORT: 'metrics',
  METRICS_HOST: 'two words',
  OPENAI_BASE_URL: 'openai',
  OPENAI_API_KEY: 'two words',
  LLM_MODEL: 'two words',
  LLM_TIMEOUT: '-5s',
  LLM_CONTEXT_TOKENS: '8k',
  LLM_MAX_OUTPUT_TOKENS: '0',
  LLM_AZURE_API_VERSION: 'two words',
  MCP_SAMPLING: 'always',
  MCP_SAMPLING_TIMEOUT: 'soon',
  GENERATE_CONCURRENCY: '1.5',
  GENERATE_MAX_TURNS: '100',
  GENERATE_ALLOW_MUTATIONS: 'yes',
  DISCOVERY_URL: 'redis://127.0.0.1:4100',
  DISCOVERY_TOKEN: 'two words',
  MCP_AUTH_TOKENS: 'short',
  MCP_SESSIONS: 'sticky',
  MCP_AUTH: 'maybe',
  MCP_ALLOWED_HOSTS: ' , ',
  MCP_ALLOWED_ORIGINS: ' , ',
  GRAPHQL_ENDPOINT: 'graphql',
  SCHEMA_FILE: join(dir, 'missing.graphql'),
  INTROSPECT_URL: 'graphql',
  INTROSPECT_HEADERS: '["not an object"]',
  INTROSPECT_INTERVAL: 'soon',
  SYNC_POLL_INTERVAL: '0',
  SYNC_TIMEOUT: '1y',
  MCP_OPERATIONS_DIR: join(dir, 'no-such-folder'),
  MCP_OMIT_TOOL_NAME_PREFIX: 'maybe',
  MCP_EXCLUDE_MUTATIONS: 'maybe',
  MCP_EXPOSE_SCHEMA: 'maybe',
  MCP_ENABLE_ARBITRARY_OPERATIONS: 'maybe',
  MCP_ALLOW_ARBITRARY_MUTATIONS: 'maybe',
  GRAPHQL_HEADERS: '["not an object"]',
  GRAPHQL_TIMEOUT: 'soon',
  GRAPHQL_MAX_RESPONSE_BYTES: 'lots',
  MCP_FORWARD_HEADERS: ' , ',
  MCP_OAUTH_ISSUER: 'idp',
  MCP_OAUTH_JWKS_URL: 'jwks',
  MCP_OAUTH_AUDIENCE: 'mcp',
  MCP_OAUTH_SCOPES: 'tools_call=',
};

const services: ReadonlyArray<[string, EnvVarSet, (env: Env) => unknown, Env]> = [
  ['indexer', indexerVars, loadIndexerConfig, { DISCOVERY_TOKENS: TOKENS }],
  ['generator', generatorVars, loadGeneratorConfig, {}],
  ['bridge', bridgeVars, loadBridgeConfig, { SCHEMA_FILE: schemaFile }],
  ['serve', serveVars, loadServeConfig, { DISCOVERY_AUTH: 'off' }],
  ['cli', clientVars, loadClientConfig, {}],
];

function configError(run: () => unknown): ConfigError {
  try {
    run();
  } catch (error) {
    if (error instanceof ConfigError) return error;
    throw error;
  }
  throw new Error('expected a ConfigError');
}

describe.each(services)('%s configuration', (_service, vars, load, valid) => {
  it('loads with only the required variables', () => {
    expect(() => load(valid)).not.toThrow();
  });

  it('names each variable after the env var it reads', () => {
    for (const [key, variable] of Object.entries(vars)) expect(variable.name).toBe(key);
  });

  it.each(Object.keys(vars))('%s bad gives one line naming it', (name) => {
    const bad = BAD[name];
    if (bad === undefined) throw new Error(`no bad value listed for ${name}`);
    const error = configError(() => load({ ...valid, [name]: bad }));
    expect(error.issues).toHaveLength(1);
    expect(error.issues[0]?.variable).toBe(name);
    expect(error.issues[0]?.message).toMatch(/^expected |^entry |^set |^required|^only /);
    expect(error.message.split('\n')).toContain(`  ${name}: ${error.issues[0]?.message}`);
    if (vars[name]?.secret) expect(error.message).not.toContain(bad);
  });
});

describe('loading', () => {
  it('lists every invalid variable at once', () => {
    const error = configError(() =>
      loadIndexerConfig({ PORT: 'x', LOG_LEVEL: 'loud', INDEX_IDLE_TTL: 'later', MAX_SDL_BYTES: 'big', DISCOVERY_AUTH: 'perhaps' }),
    );
    expect(error.issues.map((issue) => issue.variable)).toEqual(['LOG_LEVEL', 'PORT', 'DISCOVERY_AUTH', 'INDEX_IDLE_TTL', 'MAX_SDL_BYTES']);
    expect(error.message.split('\n')).toHaveLength(6);
    expect(error.code).toBe('INVALID_CONFIG');
  });

  it('applies the defaults and freezes the result', () => {
    const config = loadIndexerConfig({ DISCOVERY_TOKENS: TOKENS });
    expect(config).toEqual({
      service: 'indexer',
      logLevel: 'info',
      redis: { url: 'redis://127.0.0.1:6379', mode: 'standalone', keyPrefix: 'sd:' },
      shutdownGraceMs: 25_000,
      http: { port: 4100, host: '0.0.0.0' },
      auth: { enabled: true, tokens: [{ tenant: 'acme', sha256: HASH, scopes: ['read', 'write', 'generate'] }], jwt: undefined },
      index: {
        idleTtlMs: 30 * 86_400_000,
        maxSdlBytes: 16 * 1024 ** 2,
        cacheMaxBytes: 512 * 1024 ** 2,
        sliceCacheMaxBytes: 256 * 1024 ** 2,
        maxSymbols: 100_000,
        maxStoredBytes: 128 * 1024 ** 2,
        maxNameLength: 512,
        maxDescriptionLength: 65_536,
        maxDefaultValueLength: 8192,
        tenantMaxSlices: 2,
        tenantMaxGenerations: 8,
        buildConcurrency: 1,
        buildHeapMaxBytes: 1073741824,
        vectorWeight: 0,
        vectorFloor: 0.2,
      },
      embeddings: {
        provider: 'static',
        modelPath: undefined,
        baseUrl: undefined,
        apiKey: undefined,
        model: undefined,
        dimensions: undefined,
        queryPrefix: '',
        documentPrefix: '',
        cacheMaxBytes: 256 * 1024 ** 2,
      },
      generate: { timeoutMs: 30_000, cacheTtlMs: 3_600_000 },
    });
    expect(Object.isFrozen(config)).toBe(true);
    expect(Object.isFrozen(config.auth.tokens[0])).toBe(true);
  });

  it('refuses MCP on a public interface without client tokens unless MCP_AUTH=off, and `*` hosts without tokens', () => {
    const base = { SCHEMA_FILE: schemaFile, HOST: '0.0.0.0' };
    expect(configError(() => loadBridgeConfig(base)).issues).toEqual([
      { variable: 'MCP_AUTH_TOKENS', message: expect.stringContaining('required while HOST (0.0.0.0) is not loopback') },
    ]);
    expect(loadBridgeConfig({ ...base, MCP_AUTH: 'off' }).mcp.authTokenHashes).toEqual([]);
    expect(loadBridgeConfig({ ...base, MCP_AUTH_TOKENS: 'sd_a-long-enough-client-token' }).mcp.allowedHosts).toBeUndefined();
    expect(loadBridgeConfig({ SCHEMA_FILE: schemaFile }).mcp.allowedOrigins).toEqual([]);
    expect(configError(() => loadBridgeConfig({ SCHEMA_FILE: schemaFile, MCP_ALLOWED_HOSTS: '*' })).issues[0]?.variable).toBe('MCP_ALLOWED_HOSTS');
    const open = loadBridgeConfig({ ...base, MCP_AUTH: 'off', MCP_ALLOWED_HOSTS: 'Bridge.Internal:4200', MCP_ALLOWED_ORIGINS: 'https://app.example/' });
    expect([open.mcp.allowedHosts, open.mcp.allowedOrigins]).toEqual([['bridge.internal:4200'], ['https://app.example']]);
  });

  it('takes a list of seed nodes in REDIS_URL only with REDIS_MODE=cluster, one scheme, one set of credentials, no database', () => {
    const cluster = loadIndexerConfig({ DISCOVERY_TOKENS: TOKENS, REDIS_MODE: 'cluster', REDIS_URL: 'rediss://u:p@h1:6379, rediss://u:p@h2:6380' });
    expect(cluster.redis).toMatchObject({ mode: 'cluster', url: 'rediss://u:p@h1:6379,rediss://u:p@h2:6380' });
    expect(loadIndexerConfig({ DISCOVERY_TOKENS: TOKENS, REDIS_MODE: 'cluster', REDIS_URL: 'redis://h1:6379' }).redis.mode).toBe('cluster');
    const issue = (env: Record<string, string>) => configError(() => loadIndexerConfig({ DISCOVERY_TOKENS: TOKENS, ...env })).issues;
    expect(issue({ REDIS_URL: 'redis://h1:6379,redis://h2:6379' })).toEqual([
      { variable: 'REDIS_URL', message: 'lists 2 nodes: set REDIS_MODE=cluster for a Redis Cluster (standalone takes one URL)' },
    ]);
    expect(issue({ REDIS_MODE: 'cluster', REDIS_URL: 'redis://h1:6379,rediss://h2:6379' })[0]?.message).toMatch(/seed node 2 uses rediss:.*one scheme/);
    const credentials = issue({ REDIS_MODE: 'cluster', REDIS_URL: 'redis://u:secret1@h1:6379,redis://u:secret2@h2:6379' });
    expect(credentials[0]?.message).toMatch(/seed node 2 has other credentials/);
    expect(JSON.stringify(credentials)).not.toMatch(/secret[12]/);
    expect(issue({ REDIS_MODE: 'cluster', REDIS_URL: 'redis://h1:6379/2' })[0]?.message).toMatch(/only database 0/);
    expect(issue({ REDIS_MODE: 'cluster', REDIS_URL: 'redis://h1:6379,http://h2:6379' })[0]?.variable).toBe('REDIS_URL');
    expect(configError(() => loadServeConfig({ REDIS_MODE: 'cluster' })).issues).toEqual([
      { variable: 'REDIS_MODE', message: 'cluster needs REDIS_URL (the seed nodes)' },
    ]);
  });

  it('reads the operation tools, their execution and OAuth for /mcp', () => {
    const base = { SCHEMA_FILE: schemaFile };
    const plain = loadBridgeConfig(base).mcp;
    expect(plain.operations).toEqual({
      dir: undefined,
      omitToolNamePrefix: false,
      excludeMutations: false,
      exposeSchema: false,
      arbitraryOperations: false,
      arbitraryMutations: false,
    });
    expect(plain.upstream).toEqual({ headers: {}, timeoutMs: 30_000, maxResponseBytes: 1024 * 1024, forwardHeaders: [] });
    expect(plain.oauth).toBeUndefined();
    const full = loadBridgeConfig({
      ...base,
      MCP_OPERATIONS_DIR: dir,
      GRAPHQL_ENDPOINT: 'https://api.example/graphql',
      MCP_OMIT_TOOL_NAME_PREFIX: 'true',
      GRAPHQL_HEADERS_FILE: file('graphql-headers', 'X-Api-Key: k1'),
      GRAPHQL_TIMEOUT: '5s',
      MCP_FORWARD_HEADERS: 'Authorization, X-Tenant',
      MCP_OAUTH_ISSUER: 'https://idp.example',
      MCP_OAUTH_AUDIENCE: 'https://mcp.example/mcp',
      MCP_OAUTH_SCOPES: 'mcp:connect; tools_call=mcp:tools:execute; execute_operation_update_mood=moods:write other',
    }).mcp;
    expect(full.operations).toMatchObject({ dir, omitToolNamePrefix: true });
    expect(full.upstream).toEqual({
      headers: { 'X-Api-Key': 'k1' },
      timeoutMs: 5_000,
      maxResponseBytes: 1024 * 1024,
      forwardHeaders: ['authorization', 'x-tenant'],
    });
    expect(full.oauth).toEqual({
      issuer: 'https://idp.example',
      jwksUrl: undefined,
      audience: 'https://mcp.example/mcp',
      scopes: {
        initialize: ['mcp:connect'],
        toolsList: [],
        toolsCall: ['mcp:tools:execute'],
        tools: { execute_operation_update_mood: ['moods:write', 'other'] },
      },
    });
    // OAuth counts as client auth on a public interface.
    expect(() =>
      loadBridgeConfig({ ...base, HOST: '0.0.0.0', MCP_OAUTH_ISSUER: 'https://idp.example', MCP_OAUTH_AUDIENCE: 'https://mcp.example/mcp' }),
    ).not.toThrow();
    // serve lets execute_graphql run mutations when generation may write them.
    const serve = loadServeConfig({
      DISCOVERY_AUTH: 'off',
      GENERATE_ALLOW_MUTATIONS: 'true',
      MCP_ENABLE_ARBITRARY_OPERATIONS: 'true',
      INTROSPECT_URL: 'http://api.example/graphql',
    });
    expect(serve.bridge.operations).toMatchObject({ arbitraryOperations: true, arbitraryMutations: true });
  });

  it('refuses operation tools without an API, and OAuth variables without an issuer or an audience', () => {
    const base = { SCHEMA_FILE: schemaFile };
    expect(configError(() => loadBridgeConfig({ ...base, MCP_OPERATIONS_DIR: dir })).issues).toEqual([
      { variable: 'GRAPHQL_ENDPOINT', message: expect.stringContaining('required with MCP_OPERATIONS_DIR') },
    ]);
    expect(configError(() => loadBridgeConfig({ ...base, MCP_ENABLE_ARBITRARY_OPERATIONS: 'on' })).issues[0]?.message).toContain(
      'required with MCP_ENABLE_ARBITRARY_OPERATIONS',
    );
    expect(() => loadBridgeConfig({ INTROSPECT_URL: 'http://api.example/graphql', MCP_OPERATIONS_DIR: dir })).not.toThrow();
    expect(configError(() => loadBridgeConfig({ ...base, MCP_OAUTH_ISSUER: 'https://idp.example' })).issues).toEqual([
      { variable: 'MCP_OAUTH_AUDIENCE', message: expect.stringContaining('required with MCP_OAUTH_ISSUER') },
    ]);
    expect(configError(() => loadBridgeConfig({ ...base, MCP_OAUTH_SCOPES: 'a' })).issues).toEqual([
      { variable: 'MCP_OAUTH_SCOPES', message: 'only used with MCP_OAUTH_ISSUER, which is unset' },
    ]);
    expect(configError(() => loadBridgeConfig({ ...base, MCP_FORWARD_HEADERS: 'authorization,host' })).issues[0]?.message).toContain(
      'host describes the connection or the body and cannot be forwarded',
    );
    expect(
      configError(() =>
        loadBridgeConfig({ ...base, MCP_OAUTH_ISSUER: 'https://idp.example', MCP_OAUTH_AUDIENCE: 'https://m/mcp', MCP_OAUTH_SCOPES: 'tools/call=x' }),
      ).issues[0]?.message,
    ).toContain('is neither initialize, tools_list, tools_call nor a tool name');
  });

  it('treats empty values as unset', () => {
    expect(loadIndexerConfig({ DISCOVERY_TOKENS: TOKENS, PORT: '', LOG_LEVEL: '  ' }).http.port).toBe(4100);
  });

  it('requires a token source while auth is on, and off only explicitly', () => {
    expect(configError(() => loadIndexerConfig({})).issues).toEqual([
      { variable: 'DISCOVERY_TOKENS', message: expect.stringContaining('required while DISCOVERY_AUTH is on') },
    ]);
    expect(loadIndexerConfig({ DISCOVERY_AUTH: 'off' }).auth.enabled).toBe(false);
    const jwt = loadIndexerConfig({ DISCOVERY_JWT_JWKS_URL: 'https://idp.example/jwks', DISCOVERY_JWT_AUDIENCE: 'a,b' }).auth.jwt;
    expect(jwt).toEqual({
      secret: undefined,
      jwksUrl: 'https://idp.example/jwks',
      issuer: undefined,
      audience: ['a', 'b'],
      tenantClaim: 'tenant',
      maxLifetimeSeconds: 86_400,
    });
    expect(loadIndexerConfig({ DISCOVERY_JWT_SECRET: 'x'.repeat(32), DISCOVERY_JWT_MAX_LIFETIME: '15m' }).auth.jwt?.maxLifetimeSeconds).toBe(900);
    // A JWKS URL (an identity provider's keys) needs an audience: its tokens for other services must not pass.
    expect(configError(() => loadIndexerConfig({ DISCOVERY_JWT_JWKS_URL: 'https://idp.example/jwks' })).issues).toEqual([
      { variable: 'DISCOVERY_JWT_AUDIENCE', message: expect.stringContaining('required with DISCOVERY_JWT_JWKS_URL') },
    ]);
    expect(configError(() => loadIndexerConfig({ DISCOVERY_TOKENS: TOKENS, DISCOVERY_JWT_ISSUER: 'idp' })).issues[0]?.variable).toBe('DISCOVERY_JWT_ISSUER');
  });

  it('checks the embeddings provider has what it needs', () => {
    const base = { DISCOVERY_TOKENS: TOKENS };
    // Without a folder, the transformers provider loads the model that ships with the service.
    expect(loadIndexerConfig({ ...base, EMBEDDINGS_PROVIDER: 'transformers' }).embeddings).toMatchObject({ provider: 'transformers', modelPath: undefined });
    expect(
      configError(() => loadGeneratorConfig({ EMBEDDINGS_PROVIDER: 'openai' }))
        .issues.map((i) => i.variable)
        .sort(),
    ).toEqual(['EMBEDDINGS_BASE_URL', 'EMBEDDINGS_DIMENSIONS', 'EMBEDDINGS_MODEL']);
    expect(loadIndexerConfig({ ...base, EMBEDDINGS_PROVIDER: 'transformers', EMBEDDINGS_MODEL_PATH: dir }).embeddings.modelPath).toBe(dir);
  });

  it('reads the prefixes an instruction-trained model needs, and the vector floor', () => {
    const base = { DISCOVERY_TOKENS: TOKENS };
    const config = loadIndexerConfig({ ...base, EMBEDDINGS_QUERY_PREFIX: 'query: ', EMBEDDINGS_DOCUMENT_PREFIX: 'passage: ', SEARCH_VECTOR_FLOOR: '0.75' });
    expect(config.embeddings).toMatchObject({ queryPrefix: 'query:', documentPrefix: 'passage:' });
    expect(config.index.vectorFloor).toBe(0.75);
    expect(loadIndexerConfig(base).embeddings).toMatchObject({ queryPrefix: '', documentPrefix: '' });
    expect(loadIndexerConfig(base).index.vectorFloor).toBe(0.2);
    expect(loadGeneratorConfig({ SEARCH_VECTOR_FLOOR: '0.5' }).search.vectorFloor).toBe(0.5);
    const issues = configError(() => loadIndexerConfig({ ...base, EMBEDDINGS_QUERY_PREFIX: 'two\nlines', SEARCH_VECTOR_FLOOR: '1' })).issues;
    expect(issues.map((i) => i.variable).sort()).toEqual(['EMBEDDINGS_QUERY_PREFIX', 'SEARCH_VECTOR_FLOOR']);
  });

  it('reads secrets from *_FILE, trimmed', () => {
    const path = file('tokens', `${TOKENS}\n`);
    expect(loadIndexerConfig({ DISCOVERY_TOKENS_FILE: path }).auth.tokens[0]?.sha256).toBe(HASH);
    const key = file('key', '  sk-from-file \n');
    expect(loadGeneratorConfig({ OPENAI_API_KEY_FILE: key, LLM_MODEL: 'gpt-x' }).llm).toEqual({
      baseUrl: undefined,
      apiKey: 'sk-from-file',
      model: 'gpt-x',
      timeoutMs: 20_000,
      contextTokens: undefined,
      maxOutputTokens: 1024,
      azureApiVersion: undefined,
    });
  });

  it.each([
    [
      'both set',
      { DISCOVERY_TOKENS: TOKENS, DISCOVERY_TOKENS_FILE: schemaFile },
      'DISCOVERY_TOKENS',
      'set either DISCOVERY_TOKENS or DISCOVERY_TOKENS_FILE, not both',
    ],
    ['a missing file', { DISCOVERY_TOKENS_FILE: join(dir, 'nope') }, 'DISCOVERY_TOKENS_FILE', 'expected a readable file (ENOENT)'],
    ['an empty file', { DISCOVERY_TOKENS_FILE: file('empty', ' \n') }, 'DISCOVERY_TOKENS_FILE', 'the file is empty'],
  ])('rejects %s', (_case, env, variable, message) => {
    expect(configError(() => loadIndexerConfig(env)).issues).toEqual([{ variable, message }]);
  });

  it('ignores *_FILE for variables that are not secrets', () => {
    expect(loadIndexerConfig({ DISCOVERY_TOKENS: TOKENS, PORT_FILE: join(dir, 'nope') }).http.port).toBe(4100);
  });

  it('leaves generation disabled without a model', () => {
    const config = loadGeneratorConfig({});
    expect(config.llm.model).toBeUndefined();
    expect(config.generate).toEqual({ concurrency: 4, maxTurns: 8, timeoutMs: 30_000, allowMutations: false, cacheTtlMs: 3_600_000 });
    expect(config.metrics).toEqual({ port: 4300, host: '0.0.0.0' });
  });

  it('takes the bridge schema from exactly one source', () => {
    expect(loadBridgeConfig({ SCHEMA_FILE: schemaFile }).mcp.schemaSource).toEqual({ kind: 'file', path: schemaFile });
    const introspected = loadBridgeConfig({ INTROSPECT_URL: 'http://gql:4000/graphql', INTROSPECT_HEADERS: 'Authorization: Bearer x' });
    expect(introspected.mcp.schemaSource).toEqual({
      kind: 'introspection',
      url: 'http://gql:4000/graphql',
      headers: { Authorization: 'Bearer x' },
      intervalMs: 300_000,
    });
    expect(configError(() => loadBridgeConfig({})).issues[0]?.variable).toBe('SCHEMA_FILE');
    expect(configError(() => loadBridgeConfig({ SCHEMA_FILE: schemaFile, INTROSPECT_URL: 'http://gql/graphql' })).issues).toEqual([
      { variable: 'INTROSPECT_URL', message: 'set either SCHEMA_FILE or INTROSPECT_URL, not both' },
    ]);
    expect(configError(() => loadBridgeConfig({ SCHEMA_FILE: schemaFile, INTROSPECT_HEADERS: 'A: b' })).issues[0]?.variable).toBe('INTROSPECT_HEADERS');
  });

  it('runs serve with nothing set: auth on without configured tokens (the bridge gets its own)', () => {
    const config = loadServeConfig({});
    expect(config.auth).toMatchObject({ enabled: true, tokens: [] });
    expect(config.http).toEqual({ port: 4200, host: '127.0.0.1' });
  });

  it('runs serve in memory without REDIS_URL and without a bridge schema', () => {
    const config = loadServeConfig({ DISCOVERY_AUTH: 'off' });
    expect(config.redis).toEqual({ url: undefined, mode: 'standalone', keyPrefix: 'sd:' });
    expect(config.http).toEqual({ port: 4200, host: '127.0.0.1' });
    expect(config.bridge.http).toEqual({ port: 4200, host: '127.0.0.1' });
    expect(config.bridge.schemaSource).toBeUndefined();
    expect(loadServeConfig({ DISCOVERY_AUTH: 'off', REDIS_URL: 'redis://r:6379' }).redis.url).toBe('redis://r:6379');
  });

  it('gives clients the discovery URL without a trailing slash and the token from a file', () => {
    expect(loadClientConfig({})).toEqual({ service: 'cli', discovery: { url: 'http://127.0.0.1:4100', token: undefined, source: 'environment' } });
    const token = file('client-token', 'sd_client\n');
    expect(loadClientConfig({ DISCOVERY_URL: 'https://discovery.example/base/', DISCOVERY_TOKEN_FILE: token }).discovery).toEqual({
      url: 'https://discovery.example/base',
      token: 'sd_client',
      source: 'environment',
    });
  });

  it('reads process.env when no env is passed', () => {
    const saved = process.env['GENERATE_MAX_TURNS'];
    process.env['GENERATE_MAX_TURNS'] = '3';
    try {
      expect(loadGeneratorConfig().generate.maxTurns).toBe(3);
    } finally {
      if (saved === undefined) delete process.env['GENERATE_MAX_TURNS'];
      else process.env['GENERATE_MAX_TURNS'] = saved;
    }
  });
});
