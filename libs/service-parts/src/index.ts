/**
 * @discovery/service-parts: the contract between a component's assembly (discovery's indexer,
 * generation's generator, mcp's bridge) and the Nest module that hosts it (libs/nest-modules):
 * the process's shared parts it takes, and what it gives back. Types only.
 */
import type { TextEmbedderHandle } from '@discovery/embeddings';
import type { Logger, Metrics, ReadinessCheck, ReadinessDetails } from '@discovery/observability';
import type { Storage } from '@discovery/storage';
import type { IncomingMessage, ServerResponse } from 'node:http';

/** What every process has: its name, logger and the one metrics registry. */
export interface ProcessParts {
  /** `indexer`, `generator`, `bridge` or `serve`: the `service` label of logs and metrics. */
  readonly service: string;
  readonly logger: Logger;
  readonly metrics: Metrics;
  readonly storage?: Storage;
  readonly embedder?: TextEmbedderHandle | undefined;
}

/** The parts of a process that keeps state: storage, and the embedding model when it needs one. */
export interface ServiceParts extends ProcessParts {
  readonly storage: Storage;
  /** Undefined when embeddings are off or not needed by this process. */
  readonly embedder: TextEmbedderHandle | undefined;
}

/** A Node request handler that serves its own paths and calls `next` for any other. */
export type NodeHandler = (req: IncomingMessage, res: ServerResponse, next: () => void) => void;

/** What an assembly gives its module: checks and details for /readyz, its HTTP handler, start and stop. */
export interface ServiceComponent {
  readonly name: string;
  /** Readiness checks added to /readyz. */
  readonly checks?: Readonly<Record<string, ReadinessCheck>>;
  /** Fields added to the /readyz body. */
  readonly details?: ReadinessDetails;
  /** Serves the component's paths on the application's listener. */
  readonly handler?: NodeHandler;
  /** Called once the application's modules are initialized (in import order). */
  start?(): Promise<void>;
  /** Stops taking work; what runs finishes or is handed back (after the listener closed, before the storage). */
  stop?(): Promise<void>;
}
