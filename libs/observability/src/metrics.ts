/**
 * Metrics: one prom-client Registry per service holding the metric set every
 * service shares (requests, index builds, caches, queues, model calls, held
 * and evicted indexes). Services record through the typed handles below and
 * never touch prom-client; `/metrics` renders the registry.
 */
import { collectDefaultMetrics, Counter, Gauge, Histogram, Registry } from 'prom-client';

export interface MetricsOptions {
  /** Added as the `service` label of every metric. */
  readonly service: string;
  /** Metric name prefix (default `discovery_`). */
  readonly prefix?: string;
  /** Process metrics (CPU, memory, event loop, GC); default true. */
  readonly processMetrics?: boolean;
}

const LATENCY = [0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10, 30];
const LONG = [0.1, 0.5, 1, 2.5, 5, 10, 30, 60, 120, 300, 600, 1800];
const COUNTS = [10, 100, 1_000, 5_000, 10_000, 50_000, 100_000, 500_000];

/** Requests by method and result code, latency by method. */
export class RequestMetrics {
  constructor(
    private readonly total: Counter<'method' | 'code'>,
    private readonly duration: Histogram<'method'>,
  ) {}

  /** Records one finished request; `code` is `ok` or the error code (`not_found`, ...). */
  observe(method: string, code: string, seconds: number): void {
    this.total.inc({ method, code });
    this.duration.observe({ method }, seconds);
  }
}

/** A running build: report progress, then exactly one of succeeded/failed. */
export interface BuildTracker {
  progress(done: number, total: number): void;
  succeeded(symbols: number): void;
  failed(reason: string): void;
}

export class BuildMetrics {
  constructor(
    private readonly total: Counter<'result'>,
    private readonly failures: Counter<'reason'>,
    private readonly duration: Histogram<'result'>,
    private readonly symbols: Histogram,
    private readonly progressRatio: Gauge<'index'>,
    private readonly running: Gauge,
  ) {}

  /** Starts timing the build of `indexId`; its progress gauge exists until it ends. */
  start(indexId: string): BuildTracker {
    const started = performance.now();
    let ended = false;
    this.running.inc();
    this.progressRatio.set({ index: indexId }, 0);
    const end = (result: 'success' | 'failure'): boolean => {
      if (ended) return false;
      ended = true;
      this.running.dec();
      this.progressRatio.remove({ index: indexId });
      this.total.inc({ result });
      this.duration.observe({ result }, (performance.now() - started) / 1000);
      return true;
    };
    return {
      progress: (done, total) => {
        if (!ended && total > 0) this.progressRatio.set({ index: indexId }, Math.min(1, Math.max(0, done / total)));
      },
      succeeded: (symbols) => {
        if (end('success')) this.symbols.observe(symbols);
      },
      failed: (reason) => {
        if (end('failure')) this.failures.inc({ reason });
      },
    };
  }
}

export class CacheMetrics {
  constructor(private readonly lookups: Counter<'cache' | 'result'>) {}
  hit(cache: string, count = 1): void {
    this.lookups.inc({ cache, result: 'hit' }, count);
  }
  miss(cache: string, count = 1): void {
    this.lookups.inc({ cache, result: 'miss' }, count);
  }
}

/** Jobs waiting/active/... per queue, sampled at scrape time. */
export type QueueDepthSource = () => Promise<Readonly<Record<string, number>>> | Readonly<Record<string, number>>;

export class QueueMetrics {
  private readonly sources = new Map<string, QueueDepthSource>();

  constructor(
    private readonly depth: Gauge<'queue' | 'state'>,
    private readonly jobs: Counter<'queue' | 'result'>,
    private readonly wait: Histogram<'queue'>,
    private readonly run: Histogram<'queue' | 'result'>,
  ) {}

  /** Samples `source` (job counts by state) for `queue` on every scrape. */
  trackDepth(queue: string, source: QueueDepthSource): void {
    this.sources.set(queue, source);
  }

  /** Records a finished job: time it waited in the queue and time it ran. */
  jobFinished(queue: string, result: 'success' | 'failure', waitSeconds: number, runSeconds: number): void {
    this.jobs.inc({ queue, result });
    this.wait.observe({ queue }, Math.max(0, waitSeconds));
    this.run.observe({ queue, result }, Math.max(0, runSeconds));
  }

  /** @internal called by the depth gauge at scrape time. */
  async collect(): Promise<void> {
    this.depth.reset();
    await Promise.all(
      [...this.sources].map(async ([queue, source]) => {
        try {
          const counts = await source();
          for (const [state, count] of Object.entries(counts)) this.depth.set({ queue, state }, count);
        } catch {
          // A queue that cannot be sampled (Redis down) is left out of this scrape; /readyz reports the cause.
        }
      }),
    );
  }
}

export interface ModelCall {
  readonly model: string;
  readonly seconds: number;
  readonly promptTokens?: number;
  readonly completionTokens?: number;
  /** Set when the call failed: `timeout`, `rate_limited`, `server_error`, `invalid_output`... */
  readonly failure?: string;
}

export class ModelMetrics {
  constructor(
    private readonly calls: Counter<'model' | 'result'>,
    private readonly duration: Histogram<'model'>,
    private readonly tokens: Counter<'model' | 'kind'>,
    private readonly failures: Counter<'model' | 'reason'>,
  ) {}

  record(call: ModelCall): void {
    const { model } = call;
    this.calls.inc({ model, result: call.failure === undefined ? 'success' : 'failure' });
    this.duration.observe({ model }, call.seconds);
    if (call.promptTokens) this.tokens.inc({ model, kind: 'prompt' }, call.promptTokens);
    if (call.completionTokens) this.tokens.inc({ model, kind: 'completion' }, call.completionTokens);
    if (call.failure !== undefined) this.failures.inc({ model, reason: call.failure });
  }
}

export class IndexMetrics {
  constructor(
    private readonly held: Gauge,
    private readonly heldBytes: Gauge,
    private readonly evictions: Counter<'reason'>,
    private readonly unsatisfiedReasons: Counter,
  ) {}

  /**
   * Reasons generated answers left unsatisfied, over every index: /metrics is unauthenticated, so it
   * names no index (issue 23 finding 8); per index and tenant they are in the demand report (GetDemand).
   */
  unsatisfied(count: number): void {
    this.unsatisfiedReasons.inc(count);
  }

  /** Indexes loaded in this process's cache and their estimated size. */
  setHeld(count: number, bytes: number): void {
    this.held.set(count);
    this.heldBytes.set(bytes);
  }

  /** `idle` (unused past INDEX_IDLE_TTL), `memory` (dropped from the cache), `deleted`... */
  evicted(reason: string, count = 1): void {
    this.evictions.inc({ reason }, count);
  }
}

export class Metrics {
  readonly registry = new Registry();
  /** Registries rendered after the shared one (a component's own metric set, the MCP bridge's). */
  private readonly adopted: Registry[] = [];
  readonly requests: RequestMetrics;
  readonly builds: BuildMetrics;
  readonly cache: CacheMetrics;
  readonly queue: QueueMetrics;
  readonly model: ModelMetrics;
  readonly indexes: IndexMetrics;

  constructor(options: MetricsOptions) {
    const p = options.prefix ?? 'discovery_';
    const registers = [this.registry];
    this.registry.setDefaultLabels({ service: options.service });
    if (options.processMetrics ?? true) collectDefaultMetrics({ register: this.registry, prefix: p });
    const counter = <L extends string>(name: string, help: string, labelNames: readonly L[] = []) =>
      new Counter<L>({ name: p + name, help, labelNames, registers });
    const histogram = <L extends string>(name: string, help: string, buckets: number[], labelNames: readonly L[] = []) =>
      new Histogram<L>({ name: p + name, help, labelNames, buckets, registers });
    const gauge = <L extends string>(name: string, help: string, labelNames: readonly L[] = []) =>
      new Gauge<L>({ name: p + name, help, labelNames, registers });

    this.requests = new RequestMetrics(
      counter('requests_total', 'Requests by method and result code.', ['method', 'code']),
      histogram('request_duration_seconds', 'Request latency by method.', LATENCY, ['method']),
    );
    this.builds = new BuildMetrics(
      counter('index_builds_total', 'Finished index builds by result.', ['result']),
      counter('index_build_failures_total', 'Failed index builds by reason.', ['reason']),
      histogram('index_build_duration_seconds', 'Index build duration.', LONG, ['result']),
      histogram('index_build_symbols', 'Symbols per successful index build.', COUNTS),
      gauge('index_build_progress_ratio', 'Progress (0-1) of each running index build.', ['index']),
      gauge('index_builds_running', 'Index builds running in this process.'),
    );
    this.cache = new CacheMetrics(counter('cache_lookups_total', 'Cache lookups by cache and hit/miss.', ['cache', 'result']));
    const queue: QueueMetrics = new QueueMetrics(
      new Gauge({
        name: `${p}queue_jobs`,
        help: 'Jobs per queue and state, sampled at scrape.',
        labelNames: ['queue', 'state'],
        registers,
        collect: () => queue.collect(),
      }),
      counter('jobs_total', 'Finished jobs by queue and result.', ['queue', 'result']),
      histogram('job_wait_seconds', 'Time jobs waited in the queue.', LATENCY.concat([60, 120]), ['queue']),
      histogram('job_duration_seconds', 'Time jobs ran.', LONG, ['queue', 'result']),
    );
    this.queue = queue;
    this.model = new ModelMetrics(
      counter('model_calls_total', 'Language model calls by model and result.', ['model', 'result']),
      histogram('model_call_duration_seconds', 'Language model call latency.', LONG, ['model']),
      counter('model_tokens_total', 'Language model tokens by model and kind (prompt, completion).', ['model', 'kind']),
      counter('model_failures_total', 'Failed language model calls by reason.', ['model', 'reason']),
    );
    this.indexes = new IndexMetrics(
      gauge('indexes_held', 'Indexes loaded in this process.'),
      gauge('index_cache_bytes', 'Estimated memory of the loaded indexes.'),
      counter('indexes_evicted_total', 'Indexes evicted by reason.', ['reason']),
      counter('generate_unsatisfied_total', 'Unsatisfied reasons of generated answers, all indexes together (per index and tenant: GetDemand).'),
    );
  }

  get contentType(): string {
    return this.registry.contentType;
  }

  /**
   * Renders `registry` on this process's /metrics too, after the shared set: a component whose
   * metrics keep their own names and labels (the bridge's `mcp_*`) joins the one exposition.
   */
  adopt(registry: Registry): void {
    if (!this.adopted.includes(registry)) this.adopted.push(registry);
  }

  /** The Prometheus text exposition of every metric (the shared set, then the adopted registries). */
  async render(): Promise<string> {
    const texts = await Promise.all([this.registry, ...this.adopted].map((registry) => registry.metrics()));
    return texts.map((text) => (text.endsWith('\n') || text === '' ? text : `${text}\n`)).join('');
  }
}
