/**
 * `serve`: indexer, generator and bridge in one process. Storage is Redis + BullMQ when
 * REDIS_URL is set, otherwise memory and in-process queues behind the same interfaces. The
 * discovery API is mounted on the bridge's HTTP server; the bridge reaches it over loopback like
 * any router, with a token minted at start when auth is on (never printed).
 */
import type { ServeConfig, StaticTokenEntry } from '@discovery/config';
import { TOKEN_SCOPES } from '@discovery/config';
import { discoveryFromConfig, type DiscoveryRuntime } from '@discovery/discovery';
import { createTextEmbedder, type TextEmbedderHandle } from '@discovery/embeddings';
import {
  GENERATE_QUEUE,
  GENERATE_QUEUE_OPTIONS,
  generationJobHandler,
  QueryGenerator,
  queryComposerFromConfig,
  queryGeneratorFromConfig,
  ReaderIndexSource,
  type GenerateJobData,
  type GenerateJobResult,
} from '@discovery/generation';
import { Metrics, type Logger } from '@discovery/observability';
import { createStorage, type Storage } from '@discovery/storage';
import { createHash, randomBytes } from 'node:crypto';

export class ServeRuntime {
  private constructor(
    readonly storage: Storage,
    readonly discovery: DiscoveryRuntime,
    readonly embedder: TextEmbedderHandle | undefined,
    /** Token the in-process bridge sends; undefined when auth is off. Secret: never log. */
    readonly internalToken: string | undefined,
    private readonly startWorker: () => Promise<void>,
  ) {}

  static async create(config: ServeConfig, logger: Logger): Promise<ServeRuntime> {
    const metrics = new Metrics({ service: 'serve' });
    const storage = createStorage({
      ...(config.redis.url ? { redisUrl: config.redis.url } : {}),
      keyPrefix: config.redis.keyPrefix,
      embeddingCacheMaxBytes: config.embeddings.cacheMaxBytes,
      onError: (error, source) => logger.warn({ err: error, source }, 'storage connection problem'),
    });
    const embedder = await createTextEmbedder(config.embeddings, storage.embeddingCache);
    const internalToken = config.auth.enabled ? `sd_${randomBytes(32).toString('base64url')}` : undefined;
    const internal: StaticTokenEntry[] = internalToken
      ? [{ tenant: 'default', sha256: createHash('sha256').update(internalToken).digest('hex'), scopes: [...TOKEN_SCOPES] }]
      : [];
    const discovery = discoveryFromConfig({
      config: { auth: { ...config.auth, tokens: [...config.auth.tokens, ...internal] }, index: config.index, generate: config.generate },
      storage,
      logger,
      metrics,
      ...(embedder ? { embedder } : {}),
    });
    const queue = storage.createQueue<GenerateJobData, GenerateJobResult>(GENERATE_QUEUE, {
      ...GENERATE_QUEUE_OPTIONS,
      closeGraceMs: config.shutdownGraceMs,
    });
    const generator = queryGeneratorFromConfig(config.llm, config.generate, { log: logger });
    if (!generator) logger.warn('LLM_MODEL is not set: generate_query composes operations without a language model');
    const handler = generationJobHandler({
      indexes: new ReaderIndexSource(discovery.reader),
      generator,
      composer: queryComposerFromConfig(config.generate),
      log: logger,
    });
    const startWorker = async () => {
      await queue.process(handler, { concurrency: config.generate.concurrency });
    };
    return new ServeRuntime(storage, discovery, embedder, internalToken, startWorker);
  }

  async start(): Promise<void> {
    await this.discovery.start();
    await this.startWorker();
  }

  async stop(): Promise<void> {
    await this.discovery.stop();
    await this.storage.close();
    await this.embedder?.close();
  }
}

