/**
 * A schema fetched from a GraphQL endpoint by introspection (with configured headers, e.g. an
 * authorization header, never logged) and fetched again on an interval. The result is printed
 * as SDL by graphql-js, so an unchanged schema prints the same text and hashes the same.
 */
import { buildClientSchema, getIntrospectionQuery, printSchema, type IntrospectionQuery } from 'graphql';
import { silentLogger, type BridgeLogger } from '../logger.js';
import type { SchemaSink, SchemaSource } from './schema-source.js';

export interface IntrospectionSchemaSourceOptions {
  /** Extra request headers (authorization, tenant, ...). */
  headers?: Record<string, string>;
  /** Refresh interval in milliseconds; 0 fetches once (default 5 min). */
  intervalMs?: number;
  /** Deadline of one introspection request (default 30 s). */
  timeoutMs?: number;
  logger?: BridgeLogger;
}

const QUERY = getIntrospectionQuery({ descriptions: true });

export class IntrospectionSchemaSource implements SchemaSource {
  readonly description: string;
  readonly label: string;
  private readonly url: URL;
  private readonly options: Required<Omit<IntrospectionSchemaSourceOptions, 'logger'>>;
  private readonly logger: BridgeLogger;
  private timer?: NodeJS.Timeout;
  private inFlight?: AbortController;

  constructor(url: string, options: IntrospectionSchemaSourceOptions = {}) {
    try {
      this.url = new URL(url);
    } catch {
      throw new TypeError('The introspection URL is not a valid URL');
    }
    if (this.url.protocol !== 'http:' && this.url.protocol !== 'https:') {
      throw new TypeError('The introspection URL must use http or https');
    }
    this.description = `introspection of ${this.url.origin}${this.url.pathname}`;
    // Origin and path only: a query string or user info may carry a secret.
    this.label = `${this.url.origin}${this.url.pathname}`;
    this.options = { headers: options.headers ?? {}, intervalMs: options.intervalMs ?? 300_000, timeoutMs: options.timeoutMs ?? 30_000 };
    this.logger = options.logger ?? silentLogger;
  }

  async start(sink: SchemaSink): Promise<void> {
    await this.refresh(sink);
    if (this.options.intervalMs > 0) {
      this.timer = setInterval(() => void this.refresh(sink), this.options.intervalMs);
      this.timer.unref();
    }
  }

  async close(): Promise<void> {
    clearInterval(this.timer);
    this.inFlight?.abort();
  }

  private async refresh(sink: SchemaSink): Promise<void> {
    if (this.inFlight) return;
    this.inFlight = new AbortController();
    try {
      sink.schema(await this.fetchSdl(this.inFlight.signal));
    } catch (error) {
      const reason = error instanceof IntrospectionFailure ? error.message : 'the introspection endpoint cannot be reached';
      this.logger.warn({ source: this.description }, reason);
      sink.failed(reason);
    } finally {
      this.inFlight = undefined;
    }
  }

  private async fetchSdl(signal: AbortSignal): Promise<string> {
    const response = await fetch(this.url, {
      method: 'POST',
      headers: { ...this.options.headers, 'content-type': 'application/json', accept: 'application/graphql-response+json, application/json' },
      body: JSON.stringify({ query: QUERY, operationName: 'IntrospectionQuery' }),
      signal: AbortSignal.any([signal, AbortSignal.timeout(this.options.timeoutMs)]),
    });
    let body: { data?: IntrospectionQuery | null; errors?: unknown[] };
    try {
      body = (await response.json()) as typeof body;
    } catch {
      throw new IntrospectionFailure(`the introspection endpoint answered HTTP ${response.status} without JSON`);
    }
    if (!body.data?.__schema) {
      const detail = !response.ok ? `HTTP ${response.status}` : Array.isArray(body.errors) ? 'GraphQL errors' : 'no schema';
      throw new IntrospectionFailure(`introspection failed (${detail})`);
    }
    try {
      return printSchema(buildClientSchema(body.data));
    } catch {
      throw new IntrospectionFailure('the introspection result is not a valid schema');
    }
  }
}

class IntrospectionFailure extends Error {}
