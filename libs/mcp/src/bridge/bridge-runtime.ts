/**
 * The bridge's long-lived parts, independent of the MCP transport: the Connect client of the
 * discovery service, the index sync and the schema source that feeds it. `start()` never waits
 * for the indexer; `serverOptions()` gives what each MCP server instance needs.
 */
import type { Transport } from '@connectrpc/connect';
import type { McpConfig, SchemaSource as SchemaSourceConfig } from '@discovery/config';
import { createDiscoveryApiClient, createYokoClient } from '@discovery/proto/client';
import type { BridgeServerOptions } from '../bridge-server.factory.js';
import { IndexSync } from '../index-sync/index-sync.js';
import type { BridgeLogger } from '../logger.js';
import { examplesFromSdl, type ToolExamples } from '../schema-examples.js';
import { FileSchemaSource } from '../schema-sources/file-schema.source.js';
import { IntrospectionSchemaSource } from '../schema-sources/introspection-schema.source.js';
import type { SchemaSource } from '../schema-sources/schema-source.js';
import type { DiscoveryApiClient, DiscoveryClient } from '../tool-definition.js';
import { createOperationTools } from '../operations/operation-tools.factory.js';
import type { OperationTools } from '../operations/operation-tools.js';
import type { BridgeMetrics } from './bridge-metrics.js';
import { ClientModelGeneration } from '../sampling/client-model.generation.js';

/** How the bridge reaches the discovery API: a Connect transport (HTTP with a token, or in process in `serve`). */
export interface DiscoveryConnection {
  transport: Transport;
  /** Shown in progress lines and tool texts (`at http://...`); none in process. */
  serviceUrl?: string;
}

export interface BridgeRuntimeOptions {
  discovery: DiscoveryConnection;
  mcp: McpConfig & { schemaSource: SchemaSourceConfig };
  logger: BridgeLogger;
  metrics?: BridgeMetrics;
  /** A tool call made while the first build runs waits for it (within SYNC_TIMEOUT) instead of "still building" (stdio). */
  waitForFirstIndex?: boolean;
}

export class BridgeRuntime {
  readonly client: DiscoveryClient;
  readonly api: DiscoveryApiClient;
  readonly sync: IndexSync;
  readonly source: SchemaSource;
  /** generate_query through the client's model (MCP_SAMPLING=auto): one per process, it keeps the built schemas. */
  private readonly sampling: ClientModelGeneration | undefined;
  /** The operation tools and built-in tools, when configured (docs/wire.md §5). */
  readonly operations: OperationTools | undefined;
  private started = false;
  private examplesCache?: { sdl: string; examples: ToolExamples | undefined } | undefined;

  constructor(private readonly options: BridgeRuntimeOptions) {
    this.client = createYokoClient(options.discovery.transport);
    this.api = createDiscoveryApiClient(options.discovery.transport);
    this.source = createSchemaSource(options.mcp.schemaSource, options.logger);
    this.sync = new IndexSync({
      client: this.client,
      api: this.api,
      ...(this.source.label ? { label: this.source.label } : {}),
      pollIntervalMs: options.mcp.sync.pollIntervalMs,
      timeoutMs: options.mcp.sync.timeoutMs,
      ...(options.discovery.serviceUrl ? { serviceUrl: options.discovery.serviceUrl } : {}),
      logger: options.logger,
    });
    const sampling = options.mcp.sampling ?? { enabled: true, timeoutMs: 120_000 };
    this.sampling = sampling.enabled ? new ClientModelGeneration({ timeoutMs: sampling.timeoutMs }, options.logger) : undefined;
    this.operations = createOperationTools(options.mcp, this.graphqlEndpoint, options.logger);
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
    this.options.logger.info({ source: this.source.description, discovery: this.options.discovery.serviceUrl }, 'bridge starting');
    await this.operations?.catalog.start();
    await this.source.start({
      schema: (sdl) => {
        this.sync.offer(sdl);
        this.operations?.catalog.setSchema(sdl);
      },
      failed: (reason) => this.sync.sourceFailed(reason),
      note: (text) => this.sync.sourceNote(text),
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
      ...(this.sampling ? { sampling: this.sampling } : {}),
      ...(endpoint ? { graphqlEndpoint: endpoint } : {}),
      ...(metrics ? { onToolCall: (tool, outcome, seconds) => metrics.toolCall(tool, outcome, seconds) } : {}),
      ...(this.operations ? { operations: this.operations } : {}),
      ...(this.options.waitForFirstIndex ? { waitForIndexMs: this.options.mcp.sync.timeoutMs } : {}),
    };
  }

  async stop(): Promise<void> {
    this.sync.close();
    await this.source.close();
    await this.operations?.catalog.close();
  }
}

function createSchemaSource(config: SchemaSourceConfig, logger: BridgeLogger): SchemaSource {
  return config.kind === 'file'
    ? new FileSchemaSource(config.path, { logger })
    : new IntrospectionSchemaSource(config.url, { headers: { ...config.headers }, intervalMs: config.intervalMs, logger });
}
