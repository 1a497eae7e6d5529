/**
 * ObservabilityModule: the process's logger (pino, redacted) and its one metrics registry, the
 * ops endpoints (/healthz, /readyz, /metrics) with the checks the component modules add, the
 * listener's shutdown (drain, grace) and the last line, `<service> stopped`, with the logs flushed.
 * Global, and registered first, so its shutdown hook runs last, after the storage's.
 */
import { Global, Inject, Injectable, Module, type DynamicModule, type OnApplicationShutdown } from '@nestjs/common';
import { createLogger, flushLogs, Metrics, OpsEndpoints, type Logger, type LogLevelName } from '@discovery/observability';
import { HttpListenerShutdown } from './http-listener.shutdown.js';
import { OpsController } from './ops.controller.js';
import { ShutdownSteps } from './shutdown-steps.js';
import { LOGGER, METRICS, SERVICE_NAME } from './tokens.js';

export interface ObservabilityModuleOptions {
  service: string;
  logLevel: LogLevelName;
  /** A logger made by the caller (stdio: logs go to stderr; serve: to a file); default one for `service` at `logLevel`. */
  logger?: Logger;
  /** Process metrics (CPU, memory) in the registry; default true. */
  processMetrics?: boolean;
}

@Injectable()
class StoppedLine implements OnApplicationShutdown {
  constructor(
    @Inject(LOGGER) private readonly logger: Logger,
    @Inject(SERVICE_NAME) private readonly service: string,
    @Inject(ShutdownSteps) private readonly steps: ShutdownSteps,
  ) {}

  async onApplicationShutdown(): Promise<void> {
    this.logger.info({ failedSteps: this.steps.failed }, `${this.service} stopped`);
    await flushLogs(this.logger);
  }
}

@Global()
@Module({})
export class ObservabilityModule {
  static forRoot(options: ObservabilityModuleOptions): DynamicModule {
    const logger = options.logger ?? createLogger({ service: options.service, level: options.logLevel });
    const metrics = new Metrics({ service: options.service, processMetrics: options.processMetrics ?? true });
    return {
      module: ObservabilityModule,
      controllers: [OpsController],
      providers: [
        { provide: LOGGER, useValue: logger },
        { provide: METRICS, useValue: metrics },
        { provide: OpsEndpoints, useValue: new OpsEndpoints({ metrics }) },
        { provide: ShutdownSteps, useValue: new ShutdownSteps(logger) },
        HttpListenerShutdown,
        StoppedLine,
      ],
      exports: [LOGGER, METRICS, OpsEndpoints, ShutdownSteps],
    };
  }
}
