/**
 * Starts the indexer: validated configuration, the shared parts, the indexer assembly hosted by
 * the ServiceHost: the Connect API at the root of PORT next to /healthz, /readyz and /metrics, and
 * the web console at /console.
 */
import { isMainModule, loadIndexerConfig, runMain, type IndexerConfig } from '@discovery/config';
import { assembleConsole } from '@discovery/console';
import { assembleIndexer } from '@discovery/discovery';
import { createServiceParts, ServiceHost } from '@discovery/service-host';

export async function startIndexer(config: IndexerConfig) {
  const parts = await createServiceParts({ service: 'indexer', logLevel: config.logLevel, redis: config.redis, embeddings: config.embeddings });
  const host = new ServiceHost(parts, { shutdownGraceMs: config.shutdownGraceMs });
  const indexer = assembleIndexer(parts, config);
  await host.add(indexer);
  // The web console at /console: the page asks for a token of this indexer (docs/console.md).
  await host.add(assembleConsole({ mode: 'indexer', auth: config.auth.enabled }));
  await host.start();
  const port = await host.listen(config.http);
  parts.logger.info({ port, host: config.http.host, auth: config.auth.enabled, storage: parts.storage.mode }, 'indexer listening');
  return { host, indexer, port };
}

if (isMainModule(import.meta.url)) {
  runMain('indexer', () => loadIndexerConfig(), async (config) => (await startIndexer(config)).host.closeOnSignals());
}
