import { describe, expect, it } from '@jest/globals';
import { sumMetric } from './discovery-api.js';

const TEXT = [
  '# HELP discovery_indexes_evicted_total Indexes evicted by reason.',
  '# TYPE discovery_indexes_evicted_total counter',
  'discovery_indexes_evicted_total{service="indexer",reason="memory"} 3',
  'discovery_indexes_evicted_total{service="indexer",reason="idle"} 2',
  'discovery_indexes_evicted_totals{service="indexer",reason="idle"} 100',
  'discovery_indexes_held 7',
].join('\n');

describe('sumMetric', () => {
  it('sums every series of a metric, and only that metric (not one whose name it prefixes)', () => {
    expect(sumMetric(TEXT, 'discovery_indexes_evicted_total')).toBe(5);
    expect(sumMetric(TEXT, 'discovery_indexes_held')).toBe(7);
    expect(sumMetric(TEXT, 'discovery_missing')).toBe(0);
  });

  it('keeps only the series carrying every label asked for', () => {
    expect(sumMetric(TEXT, 'discovery_indexes_evicted_total', { reason: 'idle' })).toBe(2);
    expect(sumMetric(TEXT, 'discovery_indexes_evicted_total', { service: 'indexer', reason: 'memory' })).toBe(3);
    expect(sumMetric(TEXT, 'discovery_indexes_evicted_total', { reason: 'deleted' })).toBe(0);
    expect(sumMetric(TEXT, 'discovery_indexes_held', { reason: 'idle' })).toBe(0);
  });
});
