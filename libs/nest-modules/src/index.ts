/**
 * @discovery/nest-modules: the Nest modules every service process is assembled from
 * (docs/architecture.md "Assembly"): the shared ones (ConfigModule, ObservabilityModule,
 * StorageModule, EmbeddingsModule, GenerateQueueModule) and how a process boots
 * (createHttpService, createServiceContext). One module per component, each its own entry point
 * so that a process loads only its components: `/discovery`, `/generation`, `/mcp`, `/console`.
 */
export { ConfigModule, type ConfigModuleOptions } from './config.module.js';
export { ObservabilityModule, type ObservabilityModuleOptions } from './observability.module.js';
export { StorageModule, storageOptions, type StorageModuleOptions } from './storage.module.js';
export { EmbeddingsModule } from './embeddings.module.js';
export { GenerateQueueModule } from './generate-queue.module.js';
export { boundPort, closeOnce, createHttpService, createServiceContext, listen } from './nest-application.js';
export { ShutdownSteps } from './shutdown-steps.js';
export {
  BRIDGE,
  CONFIG,
  CONSOLE,
  EMBEDDER,
  EVENTS_SERVER,
  GENERATION_QUEUE,
  GENERATOR,
  INDEXER,
  LOGGER,
  METRICS,
  SERVICE_NAME,
  SHUTDOWN_GRACE_MS,
  STORAGE,
} from './tokens.js';
export { EventBusClient, EventBusServer } from './events/event-bus.transport.js';
export { NestEventBus } from './events/nest-event.bus.js';
export { IndexEventsController } from './events/index-events.controller.js';
