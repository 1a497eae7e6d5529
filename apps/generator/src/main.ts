/**
 * Starts the generator worker: validated configuration, the shared parts, the generator assembly
 * hosted by the ServiceHost (no API; /metrics /healthz /readyz on METRICS_PORT), and graceful
 * shutdown on SIGTERM/SIGINT (running jobs finish or are handed back).
 */
import { isMainModule, loadGeneratorConfig, runMain, type GeneratorConfig } from '@discovery/config';
import { assembleGenerator } from '@discovery/generation';
import type { Logger } from '@discovery/observability';
import { createServiceParts, ServiceHost } from '@discovery/service-host';
import type { QueueOptions } from '@discovery/storage';

export interface GeneratorOverrides {
  /** Queue settings on top of GENERATE_QUEUE_OPTIONS (tests shorten the lock). */
  queue?: QueueOptions;
  logger?: Logger;
}

export async function startGenerator(config: GeneratorConfig, overrides: GeneratorOverrides = {}) {
  const parts = await createServiceParts({
    service: 'generator',
    logLevel: config.logLevel,
    ...(overrides.logger ? { logger: overrides.logger } : {}),
    redis: config.redis,
    embeddings: config.embeddings,
    // The model embeds queries only when vectors are weighted, as search does.
    embedder: config.search.vectorWeight > 0,
  });
  const host = new ServiceHost(parts, { shutdownGraceMs: config.shutdownGraceMs });
  const generator = assembleGenerator(parts, config, overrides.queue ? { queueOptions: overrides.queue } : {});
  await host.add(generator);
  await host.start();
  const metricsPort = await host.listen(config.metrics);
  parts.logger.info(
    { metricsPort, concurrency: config.generate.concurrency, maxTurns: config.generate.maxTurns, allowMutations: config.generate.allowMutations },
    'generator started',
  );
  return { host, generator, metricsPort };
}

if (isMainModule(import.meta.url)) {
  runMain('generator', () => loadGeneratorConfig(), async (config) => (await startGenerator(config)).host.closeOnSignals());
}
