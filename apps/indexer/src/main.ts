/**
 * Starts the indexer: validated configuration, the Nest application, the
 * Connect API at the root of PORT next to /healthz, /readyz and /metrics.
 */
import 'reflect-metadata';
import { NestFactory } from '@nestjs/core';
import { isMainModule, loadIndexerConfig, runMain, type IndexerConfig } from '@discovery/config';
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

if (isMainModule(import.meta.url)) {
  runMain('indexer', () => loadIndexerConfig(), (config) => startIndexer(config));
}
