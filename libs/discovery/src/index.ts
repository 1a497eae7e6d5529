/**
 * @discovery/discovery: content-addressed schema indexes (ensure, build,
 * read, search, evict) with tenancy, and the yoko.v1 Connect API over them.
 */
export { DiscoveryError, DiscoveryErrorCode } from './discovery.errors.js';
export {
  BUILD_QUEUE,
  type BuildJobData,
  type BuildJobResult,
  type Caller,
  type GenerateInput,
  type IndexDetailsView,
  type IndexView,
  type SearchInput,
  type SliceInput,
  type SliceView,
  type SymbolsInput,
  type SymbolView,
} from './discovery.types.js';
export { type DiscoveryObserver, type GenerationPort, type Log, silentLog, type TextEmbedder } from './ports.js';
export { indexIdForSdl, isIndexId, INDEX_ID_PATTERN } from '@discovery/proto';
export { indexVersion } from '@discovery/index-reader';
export { DiscoveryService, buildJobId, DEMAND_DEFAULT_LIMIT, DEMAND_MAX_LIMIT, type DiscoveryServiceOptions } from './discovery.service.js';
export { IndexBuilder, type IndexBuilderOptions } from './index-builder.js';
export { yokoRoutes, toIndex, type YokoRoutesOptions } from './connect/yoko.routes.js';
export { discoveryRoutes, type DiscoveryRoutesOptions } from './connect/discovery.routes.js';
export { errorMappingInterceptor, toConnectError } from './connect/error-mapping.interceptor.js';
export {
  createDiscoveryRuntime,
  type DiscoveryRuntime,
  type DiscoveryRuntimeOptions,
  type NodeHandler,
} from './discovery.runtime.js';
export { GenerationClient, NO_WORKER_MESSAGE, type GenerationClientOptions } from './generation-client.js';
export { metricsObserver } from './discovery-metrics.js';
export { discoveryFromConfig, type DiscoveryFromConfigOptions } from './discovery.factory.js';
export { assembleIndexer, type IndexerAssembly, type IndexerAssemblyConfig } from './indexer.assembly.js';
export { inProcessPipeline, workerPipeline, type BuildPipeline, type PreparedBuild } from './index-build/build-pipeline.js';
