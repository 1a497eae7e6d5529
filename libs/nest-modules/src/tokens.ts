/**
 * The injection tokens of the shared parts every component module uses (docs/architecture.md
 * "Assembly"): the process's name and shutdown grace (ConfigModule), logger and metrics
 * (ObservabilityModule), storage (StorageModule), the embedding model (EmbeddingsModule).
 */
export const SERVICE_NAME = Symbol('service name');
export const SHUTDOWN_GRACE_MS = Symbol('shutdown grace ms');
export const CONFIG = Symbol('service config');
export const LOGGER = Symbol('logger');
export const METRICS = Symbol('metrics');
export const STORAGE = Symbol('storage');
export const EMBEDDER = Symbol('embedder');
/** `serve`: the generation queue the indexer's producer and the generator's worker share. */
export const GENERATION_QUEUE = Symbol('generate queue');
/** The component assemblies (exported by their modules). */
export const INDEXER = Symbol('indexer assembly');
export const GENERATOR = Symbol('generator assembly');
export const BRIDGE = Symbol('bridge assembly');
export const CONSOLE = Symbol('console assembly');
