/**
 * OpsEndpoints: `/healthz` (the process is alive), `/readyz` (named async
 * checks run in parallel, each with a timeout; 503 listing the failing ones,
 * and 503 once draining for shutdown) and `/metrics` (Prometheus), as a plain
 * Node request handler that apps mount next to their Connect or MCP handler.
 */
import type { IncomingMessage, ServerResponse } from 'node:http';
import type { Metrics } from './metrics.js';
import { redactText } from './redaction.js';

/** A readiness check: resolves when ready; rejects, throws or returns false when not. */
export type ReadinessCheck = () => Promise<unknown> | unknown;

export interface OpsEndpointsOptions {
  readonly metrics?: Metrics;
  readonly checks?: Readonly<Record<string, ReadinessCheck>>;
  /** Time each readiness check gets (default 2000 ms). */
  readonly checkTimeoutMs?: number;
}

/** Fields a component adds to the /readyz body (the bridge's index sync `phase`). */
export type ReadinessDetails = () => Readonly<Record<string, unknown>>;

export interface ReadinessReport {
  readonly ready: boolean;
  readonly status: 'ready' | 'unavailable' | 'draining';
  /** `ok`, or why the check failed (error message, redacted and capped). */
  readonly checks: Readonly<Record<string, string>>;
  readonly failing: readonly string[];
}

const PATHS = new Set(['/healthz', '/readyz', '/metrics']);

function send(response: ServerResponse, status: number, contentType: string, body: string, head: boolean): void {
  response.writeHead(status, { 'content-type': contentType, 'cache-control': 'no-store', 'content-length': Buffer.byteLength(body) });
  response.end(head ? undefined : body);
}

function sendJson(response: ServerResponse, status: number, body: unknown, head: boolean): void {
  send(response, status, 'application/json; charset=utf-8', JSON.stringify(body), head);
}

export class OpsEndpoints {
  private readonly checks = new Map<string, ReadinessCheck>();
  private readonly details: ReadinessDetails[] = [];
  private draining = false;
  private readonly timeoutMs: number;

  constructor(private readonly options: OpsEndpointsOptions = {}) {
    this.timeoutMs = options.checkTimeoutMs ?? 2_000;
    for (const [name, check] of Object.entries(options.checks ?? {})) this.addCheck(name, check);
  }

  /** Adds (or replaces) a named readiness check. */
  addCheck(name: string, check: ReadinessCheck): void {
    this.checks.set(name, check);
  }

  /** Adds fields to the /readyz body. */
  addDetails(details: ReadinessDetails): void {
    this.details.push(details);
  }

  /** From now on /readyz answers 503 `draining` (call first on SIGTERM). */
  startDraining(): void {
    this.draining = true;
  }

  /** True for the paths this handler serves (`/healthz`, `/readyz`, `/metrics`). */
  handles(url: string | undefined): boolean {
    return PATHS.has(new URL(url ?? '/', 'http://localhost').pathname);
  }

  /** Runs every check now. */
  async readiness(): Promise<ReadinessReport> {
    const names = [...this.checks.keys()];
    const results = await Promise.all(names.map((name) => this.run(this.checks.get(name) as ReadinessCheck)));
    const checks = Object.fromEntries(names.map((name, i) => [name, results[i] ?? 'ok']));
    const failing = names.filter((_name, i) => results[i] !== 'ok');
    const status = this.draining ? 'draining' : failing.length > 0 ? 'unavailable' : 'ready';
    return { ready: status === 'ready', status, checks, failing };
  }

  /** Node request handler; requests for other paths go to `next` (or get 404 without one). */
  readonly handle = (request: IncomingMessage, response: ServerResponse, next?: () => void): void => {
    if (!this.handles(request.url)) {
      if (next) next();
      else sendJson(response, 404, { error: 'not found' }, request.method === 'HEAD');
      return;
    }
    if (request.method !== 'GET' && request.method !== 'HEAD') {
      response.setHeader('allow', 'GET, HEAD');
      sendJson(response, 405, { error: 'method not allowed' }, false);
      return;
    }
    this.serve(new URL(request.url ?? '/', 'http://localhost').pathname, response, request.method === 'HEAD').catch(() => {
      if (!response.headersSent) sendJson(response, 500, { error: 'internal error' }, false);
      else response.destroy();
    });
  };

  private async serve(path: string, response: ServerResponse, head: boolean): Promise<void> {
    if (path === '/healthz') return sendJson(response, 200, { status: 'ok' }, head);
    if (path === '/readyz') {
      const report = await this.readiness();
      const extra = Object.assign({}, ...this.details.map((details) => details()));
      const body = { status: report.status, ...extra, checks: report.checks, ...(report.failing.length > 0 ? { failing: report.failing } : {}) };
      return sendJson(response, report.ready ? 200 : 503, body, head);
    }
    const metrics = this.options.metrics;
    if (metrics === undefined) return sendJson(response, 404, { error: 'metrics are not enabled' }, head);
    return send(response, 200, metrics.contentType, await metrics.render(), head);
  }

  private async run(check: ReadinessCheck): Promise<string> {
    let timer: NodeJS.Timeout | undefined;
    const timeout = new Promise<string>((resolve) => {
      timer = setTimeout(() => resolve(`timed out after ${this.timeoutMs}ms`), this.timeoutMs);
    });
    const outcome = (async () => {
      try {
        return (await check()) === false ? 'not ready' : 'ok';
      } catch (error) {
        const message = error instanceof Error ? error.message : String(error);
        return redactText(message).slice(0, 200) || 'failed';
      }
    })();
    try {
      return await Promise.race([outcome, timeout]);
    } finally {
      clearTimeout(timer);
    }
  }
}
