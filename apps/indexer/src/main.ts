/**
 * Starts the indexer: validated configuration, then one Nest application of the IndexerModule:
 * the Connect API at the root of PORT next to /healthz, /readyz and /metrics, and the web console
 * at /console; Nest's shutdown hooks on SIGTERM/SIGINT (docs/architecture.md "Assembly").
 */
import { isMainModule, loadIndexerConfig, runMain, type IndexerConfig } from '@discovery/config';
import type { IndexerAssembly } from '@discovery/discovery';
import { createLogger } from '@discovery/observability';
import { closeOnce, createHttpService, INDEXER, listen, STORAGE } from '@discovery/nest-modules';
import type { Storage } from '@discovery/storage';
import { IndexerModule } from './indexer.module.js';

export async function startIndexer(config: IndexerConfig) {
  const logger = createLogger({ service: 'indexer', level: config.logLevel });
  const app = await createHttpService(IndexerModule.forRoot(config, logger), logger);
  const port = await listen(app, config.http);
  const indexer = app.get<IndexerAssembly>(INDEXER);
  logger.info({ port, host: config.http.host, auth: config.auth.enabled, storage: app.get<Storage>(STORAGE).mode }, 'indexer listening');
  return { app, indexer, port, close: closeOnce(app) };
}

if (isMainModule(import.meta.url)) {
  runMain(
    'indexer',
    () => loadIndexerConfig(),
    async (config) => {
      (await startIndexer(config)).app.enableShutdownHooks(['SIGTERM', 'SIGINT']);
    },
  );
}
