import { describe, expect, it } from '@jest/globals';
import { Counter, Registry } from 'prom-client';
import { Metrics } from './metrics.js';

type Labels = Record<string, string>;

/** The value of one sample of a metric (labels must match exactly, the service label aside). */
async function sample(metrics: Metrics, name: string, labels: Labels = {}): Promise<number | undefined> {
  const metric = metrics.registry.getSingleMetric(name);
  if (metric === undefined) throw new Error(`no metric ${name}`);
  const { values } = await metric.get();
  const found = values.find((value) => {
    const own = Object.fromEntries(Object.entries(value.labels).filter(([key]) => key !== 'service' && key !== 'le'));
    return JSON.stringify(own, Object.keys(own).sort()) === JSON.stringify(labels, Object.keys(labels).sort()) && !('le' in value.labels);
  });
  return found?.value;
}

describe('Metrics', () => {
  it('counts requests by method and code with a latency histogram', async () => {
    const metrics = new Metrics({ service: 'indexer', processMetrics: false });
    metrics.requests.observe('SearchSchema', 'ok', 0.004);
    metrics.requests.observe('SearchSchema', 'ok', 0.2);
    metrics.requests.observe('SearchSchema', 'not_found', 0.001);
    expect(await sample(metrics, 'discovery_requests_total', { method: 'SearchSchema', code: 'ok' })).toBe(2);
    expect(await sample(metrics, 'discovery_requests_total', { method: 'SearchSchema', code: 'not_found' })).toBe(1);
    const text = await metrics.render();
    expect(text).toMatch(/^discovery_request_duration_seconds_bucket\{(?=.*le="0.005")(?=.*method="SearchSchema").*\} 2$/m);
    expect(text).toMatch(/^discovery_request_duration_seconds_count\{(?=.*service="indexer")(?=.*method="SearchSchema").*\} 3$/m);
    expect(metrics.contentType).toContain('text/plain');
  });

  it('tracks builds: progress while running, then count, duration, symbols or failure', async () => {
    const metrics = new Metrics({ service: 'indexer', processMetrics: false });
    const build = metrics.builds.start('sha256:aa');
    build.progress(250, 1000);
    const other = metrics.builds.start('sha256:cc');
    // /metrics needs no token: a running build is a slot number, never its index id (issue 23 finding 8).
    expect(await sample(metrics, 'discovery_index_build_progress_ratio', { build: '0' })).toBe(0.25);
    expect(await sample(metrics, 'discovery_index_build_progress_ratio', { build: '1' })).toBe(0);
    expect(await metrics.render()).not.toMatch(/sha256:(aa|cc)/);
    other.succeeded(1);
    expect(await sample(metrics, 'discovery_index_builds_running')).toBe(1);
    build.succeeded(1000);
    build.failed('late');
    expect(await sample(metrics, 'discovery_index_build_progress_ratio', { build: '0' })).toBeUndefined();
    expect(await sample(metrics, 'discovery_index_builds_running')).toBe(0);
    metrics.builds.start('sha256:bb').failed('parse_error');
    expect(await sample(metrics, 'discovery_index_builds_total', { result: 'success' })).toBe(2);
    expect(await sample(metrics, 'discovery_index_builds_total', { result: 'failure' })).toBe(1);
    expect(await sample(metrics, 'discovery_index_build_failures_total', { reason: 'parse_error' })).toBe(1);
    expect(await sample(metrics, 'discovery_index_build_failures_total', { reason: 'late' })).toBeUndefined();
    expect(await metrics.render()).toMatch(/^discovery_index_build_symbols_sum\{service="indexer"\} 1001$/m);
  });

  it('counts cache hits and misses, model calls, tokens and failures, held and evicted indexes', async () => {
    const metrics = new Metrics({ service: 'generator', processMetrics: false });
    metrics.cache.hit('index');
    metrics.cache.hit('index');
    metrics.cache.miss('embedding', 5);
    metrics.model.record({ model: 'm', seconds: 1.2, promptTokens: 900, completionTokens: 100 });
    metrics.model.record({ model: 'm', seconds: 20, failure: 'timeout' });
    metrics.indexes.setHeld(3, 1_000_000);
    metrics.indexes.evicted('idle', 2);
    expect(await sample(metrics, 'discovery_cache_lookups_total', { cache: 'index', result: 'hit' })).toBe(2);
    expect(await sample(metrics, 'discovery_cache_lookups_total', { cache: 'embedding', result: 'miss' })).toBe(5);
    expect(await sample(metrics, 'discovery_model_calls_total', { model: 'm', result: 'success' })).toBe(1);
    expect(await sample(metrics, 'discovery_model_calls_total', { model: 'm', result: 'failure' })).toBe(1);
    expect(await sample(metrics, 'discovery_model_tokens_total', { model: 'm', kind: 'prompt' })).toBe(900);
    expect(await sample(metrics, 'discovery_model_tokens_total', { model: 'm', kind: 'completion' })).toBe(100);
    expect(await sample(metrics, 'discovery_model_failures_total', { model: 'm', reason: 'timeout' })).toBe(1);
    expect(await sample(metrics, 'discovery_indexes_held')).toBe(3);
    expect(await sample(metrics, 'discovery_index_cache_bytes')).toBe(1_000_000);
    expect(await sample(metrics, 'discovery_indexes_evicted_total', { reason: 'idle' })).toBe(2);
  });

  it('samples queue depth at scrape time and records job latency', async () => {
    const metrics = new Metrics({ service: 'generator', processMetrics: false });
    let waiting = 3;
    metrics.queue.trackDepth('generate', () => ({ waiting, active: 1 }));
    metrics.queue.trackDepth('broken', () => Promise.reject(new Error('redis down')));
    expect(await sample(metrics, 'discovery_queue_jobs', { queue: 'generate', state: 'waiting' })).toBe(3);
    expect(await metrics.render()).toMatch(/^discovery_queue_jobs\{.*state="waiting".*\} 3$/m);
    waiting = 0;
    expect(await sample(metrics, 'discovery_queue_jobs', { queue: 'generate', state: 'waiting' })).toBe(0);
    expect(await sample(metrics, 'discovery_queue_jobs', { queue: 'generate', state: 'active' })).toBe(1);
    metrics.queue.jobFinished('generate', 'success', 0.5, 4);
    expect(await sample(metrics, 'discovery_jobs_total', { queue: 'generate', result: 'success' })).toBe(1);
    expect(await metrics.render()).toMatch(/^discovery_job_wait_seconds_sum\{.*queue="generate".*\} 0.5$/m);
  });

  it('keeps registries apart and includes process metrics by default', async () => {
    const a = new Metrics({ service: 'indexer' });
    const b = new Metrics({ service: 'bridge', prefix: 'other_' });
    a.cache.hit('index');
    expect(await a.render()).toContain('discovery_process_resident_memory_bytes');
    expect(await b.render()).not.toContain('discovery_');
    expect(await b.render()).toContain('other_cache_lookups_total');
  });

  it('renders adopted registries after the shared set, with their own names and labels', async () => {
    const metrics = new Metrics({ service: 'serve', processMetrics: false });
    const own = new Registry();
    new Counter({ name: 'mcp_things_total', help: 'Things.', labelNames: ['tool'], registers: [own] }).inc({ tool: 'x' });
    metrics.adopt(own);
    metrics.adopt(own);
    const text = await metrics.render();
    expect(text).toContain('mcp_things_total{tool="x"} 1');
    expect(text.match(/# HELP mcp_things_total/g)).toHaveLength(1);
    expect(text.indexOf('discovery_requests_total')).toBeLessThan(text.indexOf('mcp_things_total'));
  });
});
