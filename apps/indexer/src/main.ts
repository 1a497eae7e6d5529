/**
 * Starts the indexer: validated configuration, the Nest application, the
 * Connect API at the root of PORT next to /healthz, /readyz and /metrics.
 */
import 'reflect-metadata';
import { NestFactory } from '@nestjs/core';
import { ConfigError, isMainModule, loadIndexerConfig, type IndexerConfig } from '@discovery/config';
import { IndexerContext } from './indexer.context.js';
import { IndexerModule } from './indexer.module.js';

export async function startIndexer(config: IndexerConfig) {
  const app = await NestFactory.create(IndexerModule.forRoot(config), { bodyParser: false, logger: ['error', 'warn'] });
  const context = app.get(IndexerContext);
  app.use(context.ops.handle);
  app.use(context.runtime.handler);
  app.enableShutdownHooks(['SIGTERM', 'SIGINT']);
  await app.listen(config.http.port, config.http.host);
  const address = app.getHttpServer().address();
  const port = typeof address === 'object' && address ? address.port : config.http.port;
  context.logger.info({ port, host: config.http.host, auth: config.auth.enabled, storage: context.storage.mode }, 'indexer listening');
  return { app, context, port };
}

function loadConfigOrExit(): IndexerConfig {
  try {
    return loadIndexerConfig();
  } catch (error) {
    if (error instanceof ConfigError) {
      process.stderr.write(`${error.message}\n`);
      process.exit(78); // EX_CONFIG
    }
    throw error;
  }
}

if (isMainModule(import.meta.url)) {
  startIndexer(loadConfigOrExit()).catch((error: unknown) => {
    process.stderr.write(`indexer failed to start: ${error instanceof Error ? error.message : String(error)}\n`);
    process.exit(1);
  });
}
