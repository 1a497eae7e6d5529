/**
 * The generator's assembly over memory parts: its queue keeps SHUTDOWN_GRACE even when the
 * indexer asks for the queue after it (in memory the first request fixes a queue's settings, the
 * `serve` defect of issue 15), jobs are answered through the given index reader, and the job
 * metrics land in the shared registry; the model loop is made (its client loaded) only with LLM_MODEL.
 */
import { afterEach, describe, expect, it } from '@jest/globals';
import { IndexReader } from '@discovery/index-reader';
import { createLogger, Metrics } from '@discovery/observability';
import { indexIdForSdl } from '@discovery/proto';
import { buildSearchIndex, serializeSearchIndex } from '@discovery/ranking';
import { buildSchemaFromSdl, extractSymbols } from '@discovery/schema-symbols';
import type { Storage } from '@discovery/storage';
import { createStorage } from '@discovery/storage/redis';
import { GENERATE_QUEUE, GENERATE_QUEUE_OPTIONS, type GenerateJobData, type GenerateJobResult } from './contract/generate-job.js';
import { assembleGenerator, createGenerateQueue } from './generator.assembly.js';
import { QueryGenerator } from './query-generator.js';

const SDL = 'type Query { employees: [Employee!]! }\ntype Employee { id: ID! name: String }';

let storage: Storage | undefined;
afterEach(async () => {
  await storage?.close();
  storage = undefined;
});

function parts() {
  storage = createStorage();
  return {
    service: 'serve',
    logger: createLogger({ service: 'serve', level: 'silent' }),
    metrics: new Metrics({ service: 'serve', processMetrics: false }),
    storage,
    embedder: undefined,
  };
}

const config = {
  llm: { baseUrl: undefined, apiKey: undefined, model: undefined, timeoutMs: 1000 },
  generate: { concurrency: 1, maxTurns: 2, timeoutMs: 5000, allowMutations: false, cacheTtlMs: 0 },
  search: { cacheMaxBytes: 64 << 20, vectorWeight: 0, vectorFloor: 0.2 },
  shutdownGraceMs: 1234,
};

describe('assembleGenerator', () => {
  it('makes the queue with SHUTDOWN_GRACE first, so a later request for it gets the same queue', () => {
    const shared = parts();
    const queue = createGenerateQueue(shared, config.shutdownGraceMs);
    expect(shared.storage.createQueue(GENERATE_QUEUE, GENERATE_QUEUE_OPTIONS)).toBe(queue);
    expect((queue as unknown as { options: { closeGraceMs: number } }).options.closeGraceMs).toBe(1234);
  });

  it('answers jobs through the given reader and records them in the shared metrics', async () => {
    const shared = parts();
    const id = indexIdForSdl(SDL);
    await shared.storage.indexStore.ensure(id, SDL, 'default', Date.now());
    await shared.storage.indexStore.putArtifacts(id, serializeSearchIndex(buildSearchIndex(extractSymbols(buildSchemaFromSdl(SDL).schema))), {
      state: 'ready',
      builtVersion: 'v',
      indexedAt: 1,
    });
    const reader = new IndexReader(shared.storage.indexStore, undefined, { idleTtlMs: 60_000, currentVersion: 'v', cacheMaxBytes: 64 << 20 });
    const generator = await assembleGenerator(shared, config, { reader });
    expect(generator.reader).toBe(reader);
    expect(generator.generator).toBeUndefined();
    await generator.start?.();
    const result = await generator.queue.enqueueAndWait({ indexId: id, prompt: 'the names of all employees' } as GenerateJobData, {
      jobId: 'job-1',
      timeoutMs: 5000,
    });
    expect((result as GenerateJobResult).status).toBe('resolved');
    expect(await shared.metrics.render()).toMatch(/discovery_jobs_total\{queue="generate-query",result="success",service="serve"\} 1/);
    await generator.stop?.();
  });

  it('makes the model loop when LLM_MODEL is set (its client is loaded on that first use)', async () => {
    const shared = parts();
    const llm = { ...config.llm, baseUrl: 'http://127.0.0.1:9/v1', model: 'scripted-model' };
    const generator = await assembleGenerator(shared, { ...config, llm });
    expect(generator.generator).toBeInstanceOf(QueryGenerator);
    expect((await assembleGenerator(shared, config)).generator).toBeUndefined();
  });
});
