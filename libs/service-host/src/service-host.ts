/**
 * ServiceHost: the one runner of every service process. It hosts components (the indexer, the
 * generator, the bridge, or all three in `serve`) over the process's shared parts: one HTTP
 * listener that answers /healthz, /readyz (every component's checks) and /metrics (the one
 * registry) and passes other requests to the components' handlers in order; start in order;
 * on SIGTERM/SIGINT, or `close()`, it drains (/readyz 503), stops listening (requests in flight
 * get SHUTDOWN_GRACE), stops the components in reverse order (running jobs finish or are
 * handed back), then closes the storage and the embedding model. Every step runs even when
 * one fails; each failure is logged, then `<service> stopped`.
 */
import { flushLogs, OpsEndpoints, type ReadinessCheck, type ReadinessDetails } from '@discovery/observability';
import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import type { ProcessParts } from './service-parts.js';

/** A Node request handler that serves its own paths and calls `next` for any other. */
export type NodeHandler = (req: IncomingMessage, res: ServerResponse, next: () => void) => void;

/** What an assembly gives the host. */
export interface ServiceComponent {
  readonly name: string;
  /** Readiness checks added to /readyz. */
  readonly checks?: Readonly<Record<string, ReadinessCheck>>;
  /** Fields added to the /readyz body. */
  readonly details?: ReadinessDetails;
  /** Serves the component's paths on the host's listener. */
  readonly handler?: NodeHandler;
  start?(): Promise<void>;
  /** Stops taking work; what runs finishes or is handed back. */
  stop?(): Promise<void>;
}

export interface ServiceHostOptions {
  /** How long requests in flight get once the listener closes (SHUTDOWN_GRACE). */
  shutdownGraceMs: number;
}

export interface ListenOptions {
  port: number;
  host: string;
}

export class ServiceHost {
  readonly ops: OpsEndpoints;
  private readonly components: ServiceComponent[] = [];
  private server: Server | undefined;
  private started = 0;
  private closing: Promise<void> | undefined;

  constructor(
    readonly parts: ProcessParts,
    private readonly options: ServiceHostOptions,
  ) {
    this.ops = new OpsEndpoints({ metrics: parts.metrics });
  }

  /** Adds a component (its checks at once); started by `start()`, or at once when the host already runs. */
  async add(component: ServiceComponent): Promise<this> {
    this.components.push(component);
    for (const [name, check] of Object.entries(component.checks ?? {})) this.ops.addCheck(name, check);
    if (component.details) this.ops.addDetails(component.details);
    if (this.started > 0) await this.startFrom(this.components.length - 1);
    return this;
  }

  /** Starts the components added so far, in order. */
  async start(): Promise<void> {
    await this.startFrom(this.started);
  }

  private async startFrom(first: number): Promise<void> {
    for (let i = first; i < this.components.length; i++) {
      await this.components[i]!.start?.();
      this.started = i + 1;
    }
  }

  /** Opens the one HTTP listener; returns the bound port (port 0 picks a free one). */
  async listen(options: ListenOptions): Promise<number> {
    const server = createServer((req, res) => this.handle(req, res));
    await new Promise<void>((resolve, reject) => {
      server.once('error', reject);
      server.listen(options.port, options.host, () => {
        server.off('error', reject);
        resolve();
      });
    });
    this.server = server;
    return this.port;
  }

  get port(): number {
    return (this.server?.address() as AddressInfo | null)?.port ?? 0;
  }

  /** Closes on SIGTERM and SIGINT, then ends the process by the same signal (as an unhandled one would). */
  closeOnSignals(): this {
    const onSignal = (signal: NodeJS.Signals) => {
      process.off('SIGTERM', onSignal).off('SIGINT', onSignal);
      this.parts.logger.info({ signal }, `${this.parts.service} shutting down`);
      void this.close()
        .then(() => flushLogs(this.parts.logger))
        .finally(() => process.kill(process.pid, signal));
    };
    process.on('SIGTERM', onSignal).on('SIGINT', onSignal);
    return this;
  }

  /** Stops everything once (later calls wait for the first); resolves with the number of failed steps. */
  close(): Promise<number> {
    this.closing ??= this.shutdown();
    return this.closing.then(() => this.failedSteps);
  }

  private failedSteps = 0;

  private async shutdown(): Promise<void> {
    this.ops.startDraining();
    const steps: [string, () => Promise<void> | undefined][] = [
      ['listener', () => this.closeListener()],
      ...[...this.components].reverse().map((component): [string, () => Promise<void> | undefined] => [component.name, () => component.stop?.()]),
      ['storage', () => this.parts.storage?.close()],
      ['embeddings', () => this.parts.embedder?.close()],
    ];
    for (const [step, run] of steps) {
      try {
        await run();
      } catch (error) {
        this.failedSteps++;
        this.parts.logger.error({ err: error, step }, 'a shutdown step failed');
      }
    }
    this.parts.logger.info({ failedSteps: this.failedSteps }, `${this.parts.service} stopped`);
  }

  private async closeListener(): Promise<void> {
    const server = this.server;
    if (!server) return;
    const closed = new Promise<void>((resolve) => server.close(() => resolve()));
    server.closeIdleConnections();
    const grace = setTimeout(() => server.closeAllConnections(), this.options.shutdownGraceMs);
    grace.unref();
    await closed;
    clearTimeout(grace);
  }

  private handle(req: IncomingMessage, res: ServerResponse): void {
    const handlers = this.components.flatMap((component) => (component.handler ? [component.handler] : []));
    let next = 0;
    const step = (): void => {
      const handler = handlers[next++];
      if (handler) { handler(req, res, step); return; }
      res.writeHead(404, { 'content-type': 'application/json; charset=utf-8' });
      res.end(JSON.stringify({ error: 'not found' }));
    };
    this.ops.handle(req, res, step);
  }
}
