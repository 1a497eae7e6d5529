/**
 * The generator, assembled from a process's shared parts (storage, logger, metrics, embedder):
 * the generation queue (with SHUTDOWN_GRACE for running jobs), the model client and loop (or
 * the composer when no model is set), the one index reader (query vectors when embeddings are on
 * and weighted, as search does) and the job handler with the queue and model metrics, as a
 * component for its Nest module (libs/nest-modules). The generator app hosts it alone; `serve`
 * next to the indexer, sharing its reader and its generation queue.
 */
import type { GenerationConfig, LlmConfig, SearchReadConfig } from '@discovery/config';
import { IndexReader, indexVersion } from '@discovery/index-reader';
import type { ServiceComponent, ServiceParts } from '@discovery/service-parts';
import type { JobQueue, QueueOptions } from '@discovery/storage';
import { GENERATE_QUEUE, GENERATE_QUEUE_OPTIONS, type GenerateJobData, type GenerateJobResult } from './contract/generate-job.js';
import { generationJobHandler } from './generation-worker.js';
import type { QueryGenerator } from './query-generator.js';
import { queryComposerFromConfig } from './query-composer.factory.js';
import { ReaderIndexSource } from './reader-index.source.js';

export interface GeneratorAssemblyConfig {
  llm: LlmConfig;
  generate: GenerationConfig;
  search: SearchReadConfig;
  shutdownGraceMs: number;
}

export interface GeneratorAssemblyOptions {
  /** The queue when the caller made it (`serve`); otherwise made here with GENERATE_QUEUE_OPTIONS. */
  queue?: JobQueue<GenerateJobData, GenerateJobResult>;
  /** Queue settings on top of GENERATE_QUEUE_OPTIONS (tests shorten the lock). */
  queueOptions?: QueueOptions;
  /** The reader when the process has one already (`serve`: the indexer's); otherwise made here. */
  reader?: IndexReader;
}

export interface GeneratorAssembly extends ServiceComponent {
  readonly queue: JobQueue<GenerateJobData, GenerateJobResult>;
  /** Undefined when LLM_MODEL is not set. */
  readonly generator: QueryGenerator | undefined;
  readonly reader: IndexReader;
}

/** The generation queue with the settings of its workers, SHUTDOWN_GRACE included: make it before anyone else asks for it. */
export function createGenerateQueue(parts: ServiceParts, shutdownGraceMs: number, overrides: QueueOptions = {}): JobQueue<GenerateJobData, GenerateJobResult> {
  return parts.storage.createQueue<GenerateJobData, GenerateJobResult>(GENERATE_QUEUE, {
    ...GENERATE_QUEUE_OPTIONS,
    closeGraceMs: shutdownGraceMs,
    ...overrides,
  });
}

/**
 * The model client (`openai`, undici) is loaded here only when LLM_MODEL is set: a generator
 * without a model, and `serve` on a laptop, never load it.
 */
export async function assembleGenerator(
  parts: ServiceParts,
  config: GeneratorAssemblyConfig,
  options: GeneratorAssemblyOptions = {},
): Promise<GeneratorAssembly> {
  const { logger, metrics, storage, embedder } = parts;
  const queue = options.queue ?? createGenerateQueue(parts, config.shutdownGraceMs, options.queueOptions);
  metrics.queue.trackDepth(GENERATE_QUEUE, async () => ({ pending: await queue.depth() }));
  const generator =
    config.llm.model === undefined
      ? undefined
      : (await import('./query-generator.factory.js')).queryGeneratorFromConfig(config.llm, config.generate, {
          log: logger,
          onModelAttempt: (attempt) => metrics.model.record(attempt),
        });
  if (!generator) logger.warn('LLM_MODEL is not set: generation jobs are answered by composing operations without a language model');
  const ownReader = options.reader === undefined;
  const reader =
    options.reader ??
    new IndexReader(storage.indexStore, config.search.vectorWeight > 0 ? embedder : undefined, {
      idleTtlMs: 60_000,
      currentVersion: indexVersion(embedder?.id),
      cacheMaxBytes: config.search.cacheMaxBytes,
      vectorWeight: config.search.vectorWeight,
      vectorFloor: config.search.vectorFloor,
    });
  const handler = generationJobHandler({
    indexes: new ReaderIndexSource(reader),
    generator,
    composer: queryComposerFromConfig(config.generate),
    log: logger,
    onFinished: (outcome, seconds) =>
      metrics.queue.jobFinished(GENERATE_QUEUE, outcome === 'error' || outcome === 'failed' ? 'failure' : 'success', 0, seconds),
  });
  let unsubscribe: (() => Promise<void>) | undefined;
  return {
    name: 'generator',
    queue,
    generator,
    reader,
    checks: { redis: () => storage.ping() },
    async start() {
      // A reader of its own drops rebuilt and deleted indexes as the indexer's does.
      if (ownReader) unsubscribe = await storage.eventBus.subscribe((event) => reader.invalidate(event.indexId));
      await queue.process(handler, { concurrency: config.generate.concurrency });
      logger.info({ queue: GENERATE_QUEUE, concurrency: config.generate.concurrency, model: generator !== undefined }, 'generator consuming jobs');
    },
    async stop() {
      await unsubscribe?.();
    },
  };
}
