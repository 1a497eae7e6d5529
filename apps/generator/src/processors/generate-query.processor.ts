/**
 * The generation queue's processor: on bootstrap it starts consuming
 * GENERATE_QUEUE with GENERATE_CONCURRENCY jobs at a time through the shared
 * job handler, and records each job's outcome in the metrics.
 */
import { Inject, Injectable, type OnApplicationBootstrap } from '@nestjs/common';
import { GENERATE_QUEUE, generationJobHandler } from '@discovery/generation';
import { GeneratorContext } from '../generator.context.js';

@Injectable()
export class GenerateQueryProcessor implements OnApplicationBootstrap {
  constructor(@Inject(GeneratorContext) private readonly context: GeneratorContext) {}

  async onApplicationBootstrap(): Promise<void> {
    const { queue, metrics, logger, config } = this.context;
    const handler = generationJobHandler({
      indexes: this.context.indexes,
      generator: this.context.generator,
      composer: this.context.composer,
      log: logger,
      onFinished: (outcome, seconds) =>
        metrics.queue.jobFinished(GENERATE_QUEUE, outcome === 'error' || outcome === 'failed' ? 'failure' : 'success', 0, seconds),
    });
    await queue.process(handler, { concurrency: config.generate.concurrency });
    logger.info({ queue: GENERATE_QUEUE, concurrency: config.generate.concurrency, model: this.context.generator !== undefined }, 'generator consuming jobs');
  }
}
