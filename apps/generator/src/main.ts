/**
 * Starts the generator worker: validated configuration, the Nest application
 * context (no HTTP API), /metrics /healthz /readyz on METRICS_PORT, and
 * graceful shutdown on SIGTERM/SIGINT (running jobs finish or are handed back).
 */
import 'reflect-metadata';
import { NestFactory } from '@nestjs/core';
import { isMainModule, loadGeneratorConfig, runMain, type GeneratorConfig } from '@discovery/config';
import { GeneratorContext, type GeneratorContextOverrides } from './generator.context.js';
import { GeneratorModule } from './generator.module.js';

export async function startGenerator(config: GeneratorConfig, overrides: GeneratorContextOverrides = {}) {
  const app = await NestFactory.createApplicationContext(GeneratorModule.forRoot(config, overrides), { logger: ['error', 'warn'] });
  app.enableShutdownHooks(['SIGTERM', 'SIGINT']);
  await app.init();
  const context = app.get(GeneratorContext);
  const metricsPort = await context.startOps();
  context.logger.info(
    { metricsPort, concurrency: config.generate.concurrency, maxTurns: config.generate.maxTurns, allowMutations: config.generate.allowMutations },
    'generator started',
  );
  return { app, context, metricsPort };
}

if (isMainModule(import.meta.url)) {
  runMain('generator', () => loadGeneratorConfig(), (config) => startGenerator(config));
}
