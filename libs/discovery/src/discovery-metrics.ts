/** Records the discovery service's events as Prometheus metrics. */
import type { BuildTracker, Metrics } from '@discovery/observability';
import type { DiscoveryObserver } from './ports.js';

export function metricsObserver(metrics: Metrics): DiscoveryObserver {
  const running = new Map<string, BuildTracker>();
  return {
    buildStarted: (indexId) => running.set(indexId, metrics.builds.start(indexId)),
    buildProgress: (indexId, done, total) => running.get(indexId)?.progress(done, total),
    buildFinished: (indexId, outcome, _seconds, symbols) => {
      const tracker = running.get(indexId);
      running.delete(indexId);
      if (outcome === 'ready') tracker?.succeeded(symbols);
      else tracker?.failed('build_error');
    },
    cacheLookup: (hit) => (hit ? metrics.cache.hit('index') : metrics.cache.miss('index')),
    indexesHeld: (count, bytes) => metrics.indexes.setHeld(count, bytes),
    indexEvicted: (reason, count) => metrics.indexes.evicted(reason, count),
    unsatisfied: (_indexId, count) => metrics.indexes.unsatisfied(count),
  };
}
