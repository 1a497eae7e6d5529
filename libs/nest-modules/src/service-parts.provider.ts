/** The shared parts an assembly takes (libs/*'s `assemble*`), read from the shared modules' providers. */
import type { TextEmbedderHandle } from '@discovery/embeddings';
import type { Logger, Metrics } from '@discovery/observability';
import type { ServiceParts } from '@discovery/service-host';
import type { Storage } from '@discovery/storage';
import { EMBEDDER, LOGGER, METRICS, SERVICE_NAME, STORAGE } from './tokens.js';

export const PARTS_TOKENS = [SERVICE_NAME, LOGGER, METRICS, STORAGE, EMBEDDER] as const;

export function serviceParts(service: string, logger: Logger, metrics: Metrics, storage: Storage, embedder: TextEmbedderHandle | undefined): ServiceParts {
  return { service, logger, metrics, storage, embedder };
}
