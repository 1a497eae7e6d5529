/**
 * Everything the generator process holds, created from its configuration in
 * one place: logger, metrics, storage and the generation queue, the model
 * client and loop, the index source and the ops endpoints (/metrics, /healthz,
 * /readyz on METRICS_PORT). Closing it drains and closes them in order.
 */
import type { GeneratorConfig } from '@discovery/config';
import {
  GENERATE_QUEUE,
  GENERATE_QUEUE_OPTIONS,
  QueryComposer,
  QueryGenerator,
  queryComposerFromConfig,
  queryGeneratorFromConfig,
  ReaderIndexSource,
  type GenerateJobData,
  type GenerateJobResult,
  type GenerationIndexSource,
} from '@discovery/generation';
import { createTextEmbedder } from '@discovery/embeddings';
import { IndexReader, indexVersion } from '@discovery/index-reader';
import { createLogger, Metrics, OpsEndpoints, startOpsServer, type Logger, type RunningOpsServer } from '@discovery/observability';
import { createStorage, type JobQueue, type QueueOptions, type Storage } from '@discovery/storage';

export interface GeneratorContextOverrides {
  /** Queue settings on top of GENERATE_QUEUE_OPTIONS (tests shorten the lock). */
  queue?: QueueOptions;
  logger?: Logger;
}

export class GeneratorContext {
  private opsServer: RunningOpsServer | undefined;

  private constructor(
    readonly config: GeneratorConfig,
    readonly logger: Logger,
    readonly metrics: Metrics,
    readonly storage: Storage,
    readonly queue: JobQueue<GenerateJobData, GenerateJobResult>,
    readonly generator: QueryGenerator | undefined,
    readonly composer: QueryComposer,
    readonly indexes: GenerationIndexSource,
    readonly ops: OpsEndpoints,
  ) {}

  static async create(config: GeneratorConfig, overrides: GeneratorContextOverrides = {}): Promise<GeneratorContext> {
    const logger = overrides.logger ?? createLogger({ service: 'generator', level: config.logLevel });
    const metrics = new Metrics({ service: 'generator' });
    const storage = createStorage({
      redisUrl: config.redis.url,
      keyPrefix: config.redis.keyPrefix,
      embeddingCacheMaxBytes: config.embeddings.cacheMaxBytes,
      onError: (error, source) => logger.warn({ err: error, source }, 'storage connection problem'),
    });
    const queue = storage.createQueue<GenerateJobData, GenerateJobResult>(GENERATE_QUEUE, {
      ...GENERATE_QUEUE_OPTIONS,
      closeGraceMs: config.shutdownGraceMs,
      ...overrides.queue,
    });
    metrics.queue.trackDepth(GENERATE_QUEUE, async () => ({ pending: await queue.depth() }));
    const generator = queryGeneratorFromConfig(config.llm, config.generate, {
      log: logger,
      onModelAttempt: (attempt) => metrics.model.record(attempt),
    });
    if (!generator) logger.warn('LLM_MODEL is not set: generation jobs are answered by composing operations without a language model');
    const ops = new OpsEndpoints({ metrics, checks: { redis: () => storage.ping() } });
    const composer = queryComposerFromConfig(config.generate);
    // The same reader as search: query vectors when embeddings are on and weighted.
    const embedder = config.search.vectorWeight > 0 ? await createTextEmbedder(config.embeddings, storage.embeddingCache) : undefined;
    const reader = new IndexReader(storage.indexStore, embedder, {
      idleTtlMs: 60_000,
      currentVersion: indexVersion(embedder?.id),
      cacheMaxBytes: config.search.cacheMaxBytes,
      vectorWeight: config.search.vectorWeight,
    });
    await storage.eventBus.subscribe((event) => reader.invalidate(event.indexId));
    return new GeneratorContext(config, logger, metrics, storage, queue, generator, composer, new ReaderIndexSource(reader), ops);
  }

  /** Serves /metrics, /healthz and /readyz on METRICS_PORT; returns the bound port. */
  async startOps(): Promise<number> {
    this.opsServer ??= await startOpsServer(this.ops, this.config.metrics.port, this.config.metrics.host);
    return this.opsServer.port;
  }

  /** Stops taking jobs, lets running ones finish within the grace period (else hands them back), closes connections. */
  async close(): Promise<void> {
    this.ops.startDraining();
    // Every step runs even when one fails (a Redis connection lost mid-shutdown must not keep the
    // ops server open or hide the failure): each failure is logged, then the stop is reported.
    const steps: [string, () => Promise<void> | undefined][] = [
      ['storage', () => this.storage.close()],
      ['ops server', () => this.opsServer?.close()],
    ];
    let failed = 0;
    for (const [what, step] of steps) {
      try {
        await step();
      } catch (error) {
        failed++;
        this.logger.error({ err: error, step: what }, 'a shutdown step failed');
      }
    }
    this.logger.info({ failedSteps: failed }, 'generator stopped');
  }
}
