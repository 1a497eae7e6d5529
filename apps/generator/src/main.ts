/**
 * Starts the generator worker: validated configuration, the Nest application
 * context (no HTTP API), /metrics /healthz /readyz on METRICS_PORT, and
 * graceful shutdown on SIGTERM/SIGINT (running jobs finish or are handed back).
 */
import 'reflect-metadata';
import { NestFactory } from '@nestjs/core';
import { ConfigError, isMainModule, loadGeneratorConfig, type GeneratorConfig } from '@discovery/config';
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

function loadConfigOrExit(): GeneratorConfig {
  try {
    return loadGeneratorConfig();
  } catch (error) {
    if (error instanceof ConfigError) {
      process.stderr.write(`${error.message}\n`);
      process.exit(78); // EX_CONFIG
    }
    throw error;
  }
}

if (isMainModule(import.meta.url)) {
  startGenerator(loadConfigOrExit()).catch((error: unknown) => {
    process.stderr.write(`generator failed to start: ${error instanceof Error ? error.message : String(error)}\n`);
    process.exit(1);
  });
}
