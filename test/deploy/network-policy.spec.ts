/**
 * The NetworkPolicies of k8s/, evaluated connection by connection: only the
 * bridge and labelled routers reach the indexer, nothing reaches the
 * generator, the generator reaches only DNS, Redis and the model, and (in the
 * single-node overlay) Redis accepts only the indexer and the generator.
 */
import { beforeAll, describe, expect, it } from '@jest/globals';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { renderFolder, type K8sObject } from './kustomize-render.js';
import { find, objects, podLabels } from './manifest-model.js';
import { allows, type PodRef } from './network-policy.js';

const root = fileURLToPath(new URL('../..', import.meta.url));
const NS = 'schema-discovery';
let overlay: K8sObject[];
const pod = (workload: string): PodRef => ({
  namespace: NS,
  labels: podLabels(find(overlay, workload === 'discovery-redis' ? 'StatefulSet' : 'Deployment', workload)),
});
const router: PodRef = { namespace: 'router', labels: { app: 'cosmo-router', 'discovery.io/client': 'true' } };
const stranger: PodRef = { namespace: 'default', labels: { app: 'curl' } };
const strangerHere: PodRef = { namespace: NS, labels: { app: 'debug' } };
const model: PodRef = { namespace: 'models', labels: { app: 'ollama' } };

beforeAll(() => {
  overlay = objects(renderFolder(join(root, 'k8s/overlays/single-node'), root));
});

describe('who reaches the indexer', () => {
  it.each([
    ['the bridge', () => pod('discovery-bridge'), true],
    ['a router labelled discovery.io/client in another namespace', () => router, true],
    ['an unlabelled pod in another namespace', () => stranger, false],
    ['an unlabelled pod in the same namespace', () => strangerHere, false],
    ['the generator', () => pod('discovery-generator'), false],
  ])('%s: %s', (_label, from, expected) => {
    expect(allows(overlay, { from: from(), to: pod('discovery-indexer'), port: 4100 })).toBe(expected);
  });

  it('a labelled router reaches no other port of the indexer', () => {
    expect(allows(overlay, { from: router, to: pod('discovery-indexer'), port: 22 })).toBe(false);
  });
});

describe('who reaches the generator', () => {
  it.each([
    ['the bridge', () => pod('discovery-bridge')],
    ['the indexer', () => pod('discovery-indexer')],
    ['a labelled router', () => router],
    ['an unlabelled pod', () => strangerHere],
  ])('%s: nobody', (_label, from) => {
    expect(allows(overlay, { from: from(), to: pod('discovery-generator'), port: 4300 })).toBe(false);
  });
});

describe('where the generator may call', () => {
  it.each([
    ['Redis', () => pod('discovery-redis'), 6379, 'TCP', true],
    ['DNS', () => ({ namespace: 'kube-system', labels: { 'k8s-app': 'kube-dns' } }), 53, 'UDP', true],
    ['a hosted model over HTTPS', () => model, 443, 'TCP', true],
    ['Ollama', () => model, 11434, 'TCP', true],
    ['the indexer', () => pod('discovery-indexer'), 4100, 'TCP', false],
    ['the bridge', () => pod('discovery-bridge'), 4200, 'TCP', false],
  ] as const)('%s', (_label, to, port, protocol, expected) => {
    expect(allows(overlay, { from: pod('discovery-generator'), to: to(), port, protocol })).toBe(expected);
  });
});

describe('who reaches Redis (single-node overlay)', () => {
  it.each([
    ['the indexer', 'discovery-indexer', true],
    ['the generator', 'discovery-generator', true],
    ['the bridge (it keeps no state)', 'discovery-bridge', false],
  ])('%s', (_label, workload, expected) => {
    expect(allows(overlay, { from: pod(workload), to: pod('discovery-redis'), port: 6379 })).toBe(expected);
  });

  it('an unlabelled pod does not', () => {
    expect(allows(overlay, { from: strangerHere, to: pod('discovery-redis'), port: 6379 })).toBe(false);
  });
});

describe('the bridge', () => {
  it('accepts MCP clients on its port only', () => {
    expect(allows(overlay, { from: stranger, to: pod('discovery-bridge'), port: 4200 })).toBe(true);
    expect(allows(overlay, { from: stranger, to: pod('discovery-bridge'), port: 4100 })).toBe(false);
  });
});
