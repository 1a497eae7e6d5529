/**
 * Test harness of the generator: puts a built index of a fixture schema into
 * storage (as the indexer would), gives the generator's environment, and opens
 * the producer side (GenerationClient on the real queue) for a key prefix.
 */
import { createHash } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { parse, validate } from 'graphql';
import { buildSearchIndex, serializeSearchIndex } from '@discovery/ranking';
import { buildSchemaFromSdl, extractSymbols } from '@discovery/schema-symbols';
import { GenerationClient } from '@discovery/discovery';
import { GENERATE_QUEUE, validationSchema, type GenerateJobData, type GenerateJobResult, type Resolution } from '@discovery/generation';
import type { Storage } from '@discovery/storage';
import { createStorage } from '@discovery/storage/redis';
import { testRedisEnv, testStorageOptions } from '@discovery/testing';

export const ROOT = new URL('../../../', import.meta.url);
export const COSMO_SDL = readFileSync(new URL('test/fixtures/schemas/cosmo-demo.graphql', ROOT), 'utf8');

/** Stores `sdl` as a READY index (records, lexical statistics) under the storage's prefix; returns its id. */
export async function putReadyIndex(storage: Storage, sdl: string): Promise<string> {
  const id = `sha256:${createHash('sha256').update(sdl).digest('hex')}`;
  const symbols = extractSymbols(buildSchemaFromSdl(sdl).schema);
  const now = Date.now();
  await storage.indexStore.ensure(id, sdl, 'test-tenant', now);
  await storage.indexStore.putArtifacts(id, serializeSearchIndex(buildSearchIndex(symbols)), {
    state: 'ready',
    builtVersion: 'generator-test',
    symbolCount: symbols.length,
    indexedAt: now,
    building: false,
  });
  return id;
}

/** The generator's environment for a test prefix and a scripted model. */
export function generatorEnv(prefix: string, modelUrl: string | undefined, extra: Record<string, string> = {}): Record<string, string> {
  return {
    LOG_LEVEL: 'warn',
    ...testRedisEnv(),
    REDIS_KEY_PREFIX: prefix,
    EMBEDDINGS_PROVIDER: 'none',
    METRICS_PORT: '0',
    METRICS_HOST: '127.0.0.1',
    SHUTDOWN_GRACE: '2s',
    ...(modelUrl ? { OPENAI_BASE_URL: modelUrl, OPENAI_API_KEY: 'test-key', LLM_MODEL: 'scripted' } : {}),
    ...extra,
  };
}

/** The indexer's side: storage on the prefix and a GenerationClient on the real queue. */
export function producer(prefix: string, timeoutMs: number): { storage: Storage; client: GenerationClient } {
  const storage = createStorage({ ...testStorageOptions(), keyPrefix: prefix });
  const queue = storage.createQueue<GenerateJobData, GenerateJobResult>(GENERATE_QUEUE);
  return { storage, client: new GenerationClient({ queue, cache: storage.resultCache, timeoutMs, cacheTtlMs: 60_000 }) };
}

/** Every returned document parses and validates against the schema. */
export function expectAllValid(resolution: Resolution, sdl: string): void {
  const schema = validationSchema(buildSchemaFromSdl(sdl).schema);
  for (const query of resolution.queries) {
    const errors = validate(schema, parse(query.document));
    if (errors.length > 0) throw new Error(`${query.operationName} does not validate: ${errors.map((e) => e.message).join('; ')}`);
  }
}
