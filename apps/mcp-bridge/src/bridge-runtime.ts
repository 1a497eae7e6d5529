/**
 * The bridge's long-lived parts, independent of the MCP transport: the Connect client of the
 * discovery service, the index sync and the schema source that feeds it. `start()` never waits
 * for the indexer; `serverOptions()` gives what each MCP server instance needs.
 */
import type { McpConfig, SchemaSource as SchemaSourceConfig } from '@discovery/config';
import {
  examplesFromSdl,
  FileSchemaSource,
  IndexSync,
  IntrospectionSchemaSource,
  type BridgeLogger,
  type BridgeServerOptions,
  type DiscoveryApiClient,
  type DiscoveryClient,
  type SchemaSource,
  type ToolExamples,
} from '@discovery/mcp';
import { createDiscoveryApiClient, createDiscoveryTransport, createYokoClient } from '@discovery/proto/client';
import type { BridgeMetrics } from './bridge-metrics.js';

export interface BridgeRuntimeOptions {
  discovery: { url: string; token: string | undefined };
  mcp: McpConfig & { schemaSource: SchemaSourceConfig };
  logger: BridgeLogger;
  metrics?: BridgeMetrics;
}

export class BridgeRuntime {
  readonly client: DiscoveryClient;
  readonly api: DiscoveryApiClient;
  readonly sync: IndexSync;
  readonly source: SchemaSource;
  private started = false;
  private examplesCache?: { sdl: string; examples: ToolExamples | undefined } | undefined;

  constructor(private readonly options: BridgeRuntimeOptions) {
    const discovery = { baseUrl: options.discovery.url, ...(options.discovery.token ? { token: options.discovery.token } : {}) };
    const transport = createDiscoveryTransport(discovery);
    this.client = createYokoClient(transport);
    this.api = createDiscoveryApiClient(transport);
    this.sync = new IndexSync({
      client: this.client,
      pollIntervalMs: options.mcp.sync.pollIntervalMs,
      timeoutMs: options.mcp.sync.timeoutMs,
      serviceUrl: options.discovery.url,
      logger: options.logger,
    });
    this.source = createSchemaSource(options.mcp.schemaSource, options.logger);
    this.sync.onChange((status) => options.metrics?.syncPhase(status.phase));
  }

  get graphqlEndpoint(): string | undefined {
    const source = this.options.mcp.schemaSource;
    return this.options.mcp.graphqlEndpoint ?? (source.kind === 'introspection' ? source.url : undefined);
  }

  /** Loads the schema and starts indexing it in the background. */
  async start(): Promise<void> {
    if (this.started) return;
    this.started = true;
    this.options.logger.info({ source: this.source.description, discovery: this.options.discovery.url }, 'bridge starting');
    await this.source.start({
      schema: (sdl) => this.sync.offer(sdl),
      failed: (reason) => this.sync.sourceFailed(reason),
    });
  }

  /** Tool-text examples from the latest schema, computed once per schema. */
  examples(): ToolExamples | undefined {
    const sdl = this.sync.latestSdl();
    if (sdl !== this.examplesCache?.sdl) this.examplesCache = sdl === undefined ? undefined : { sdl, examples: examplesFromSdl(sdl) };
    return this.examplesCache?.examples;
  }

  serverOptions(): BridgeServerOptions {
    const endpoint = this.graphqlEndpoint;
    const serviceUrl = this.sync.status().serviceUrl;
    const metrics = this.options.metrics;
    return {
      sync: this.sync,
      client: this.client,
      api: this.api,
      examples: () => this.examples(),
      ...(serviceUrl ? { serviceUrl } : {}),
      logger: this.options.logger,
      ...(endpoint ? { graphqlEndpoint: endpoint } : {}),
      ...(metrics ? { onToolCall: (tool, outcome, seconds) => metrics.toolCall(tool, outcome, seconds) } : {}),
    };
  }

  async stop(): Promise<void> {
    this.sync.close();
    await this.source.close();
  }
}

function createSchemaSource(config: SchemaSourceConfig, logger: BridgeLogger): SchemaSource {
  return config.kind === 'file'
    ? new FileSchemaSource(config.path, { logger })
    : new IntrospectionSchemaSource(config.url, { headers: { ...config.headers }, intervalMs: config.intervalMs, logger });
}
