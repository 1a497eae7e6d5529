/**
 * Starts the generator worker: validated configuration, then one Nest application of the
 * GeneratorModule (no API; /metrics /healthz /readyz on METRICS_PORT), and graceful shutdown on
 * SIGTERM/SIGINT (running jobs finish or are handed back, then the signal is raised again).
 */
import { isMainModule, loadGeneratorConfig, runMain, type GeneratorConfig } from '@discovery/config';
import type { GeneratorAssembly } from '@discovery/generation';
import { createLogger } from '@discovery/observability';
import { closeOnce, createHttpService, GENERATOR, listen } from '@discovery/nest-modules';
import { GeneratorModule, type GeneratorModuleOptions } from './generator.module.js';

export type GeneratorOverrides = GeneratorModuleOptions;

export async function startGenerator(config: GeneratorConfig, overrides: GeneratorOverrides = {}) {
  const logger = overrides.logger ?? createLogger({ service: 'generator', level: config.logLevel });
  const app = await createHttpService(GeneratorModule.forRoot(config, { ...overrides, logger }), logger);
  const metricsPort = await listen(app, config.metrics);
  logger.info(
    { metricsPort, concurrency: config.generate.concurrency, maxTurns: config.generate.maxTurns, allowMutations: config.generate.allowMutations },
    'generator started',
  );
  return { app, generator: app.get<GeneratorAssembly>(GENERATOR), metricsPort, close: closeOnce(app) };
}

if (isMainModule(import.meta.url)) {
  runMain(
    'generator',
    () => loadGeneratorConfig(),
    async (config) => {
      (await startGenerator(config)).app.enableShutdownHooks(['SIGTERM', 'SIGINT']);
    },
  );
}
