/**
 * k8s/overlays/routed (routing by index, docs/deployment.md "A routed deployment"): rendered as
 * `kubectl apply -k` would and checked as the other manifests are (Kubernetes schemas, unknown
 * fields, the bridge's configuration loads), then for what routing needs: ingress-nginx hashes on
 * exactly the header the clients send (INDEX_HEADER), both Connect services' paths go to the
 * indexer's Service port, an SDL of MAX_SDL_BYTES fits the body limit, GenerateQuery's budget fits
 * the read timeout, the bridge calls the controller, and the controller may reach the indexer.
 */
import { beforeAll, describe, expect, it } from '@jest/globals';
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { indexerVars, loadBridgeConfig, parseDuration, parseSize } from '@discovery/config';
import { INDEX_HEADER } from '@discovery/proto';
import { unknownFieldErrors, validateAgainstSchema } from './k8s-validate.js';
import { readManifestFile, renderFolder, type K8sObject } from './kustomize-render.js';
import { configMapData, containerEnvironment, find, objects, podLabels, quantityBytes } from './manifest-model.js';
import { allows, type PodRef } from './network-policy.js';

const root = fileURLToPath(new URL('../..', import.meta.url));
const NS = 'schema-discovery';
let routed: K8sObject[];

interface IngressPath {
  path: string;
  pathType: string;
  backend: { service: { name: string; port: { name?: string; number?: number } } };
}

beforeAll(() => {
  routed = objects(renderFolder(join(root, 'k8s/overlays/routed'), root)).map((o) => ({ ...o, metadata: { ...o.metadata, namespace: NS } }));
});

describe('the routed overlay', () => {
  it('is valid for the Kubernetes schemas, with no unknown field', async () => {
    const failures: string[] = [];
    for (const object of routed) for (const error of await validateAgainstSchema(object)) failures.push(`${object.kind}/${object.metadata.name}: ${error}`);
    for (const [i, messages] of unknownFieldErrors(routed, root)) failures.push(`${routed[i]!.kind}/${routed[i]!.metadata.name}: ${messages.join('; ')}`);
    expect(failures).toEqual([]);
  });

  it('hashes on the discovery-index header, consistently, for both Connect services', () => {
    const ingress = find(routed, 'Ingress', 'discovery-indexer-routed');
    const annotations = ingress.metadata['annotations'] as Record<string, string>;
    // nginx names a request header $http_<name>, lower case with "-" as "_".
    expect(annotations['nginx.ingress.kubernetes.io/upstream-hash-by']).toBe(`$http_${INDEX_HEADER.replaceAll('-', '_')}`);
    const spec = ingress['spec'] as unknown as { ingressClassName: string; rules: { host?: string; http: { paths: IngressPath[] } }[] };
    expect(spec.ingressClassName).toBe('nginx');
    const paths = spec.rules.flatMap((rule) => rule.http.paths);
    expect(paths.map((p) => [p.path, p.pathType]).sort()).toEqual([
      ['/discovery.v1.DiscoveryService/', 'Prefix'],
      ['/yoko.v1.YokoService/', 'Prefix'],
    ]);
    const service = find(routed, 'Service', 'discovery-indexer')['spec'] as { ports: { name: string }[] };
    for (const path of paths) {
      expect(path.backend.service.name).toBe('discovery-indexer');
      expect(service.ports.map((p) => p.name)).toContain(path.backend.service.port.name);
    }
  });

  it('lets the largest SDL and the longest generation through', () => {
    const annotations = find(routed, 'Ingress', 'discovery-indexer-routed').metadata['annotations'] as Record<string, string>;
    const indexer = configMapData(routed, 'discovery-indexer');
    const maxSdl = parseSize(indexer['MAX_SDL_BYTES'] ?? indexerVars.MAX_SDL_BYTES.default ?? '16MiB');
    // nginx sizes: "17m" is 17 MiB.
    expect(quantityBytes(annotations['nginx.ingress.kubernetes.io/proxy-body-size']!.replace(/m$/, 'Mi'))).toBeGreaterThan(maxSdl);
    const generateMs = parseDuration(indexer['GENERATE_TIMEOUT'] ?? '30s');
    expect(Number(annotations['nginx.ingress.kubernetes.io/proxy-read-timeout']) * 1000).toBeGreaterThan(generateMs);
  });

  it('points the bridge at the ingress controller, and its configuration loads', () => {
    const secrets = objects(readManifestFile(join(root, 'k8s/base/secret.example.yaml'), 'k8s/base/secret.example.yaml'));
    const env = containerEnvironment(routed, find(routed, 'Deployment', 'discovery-bridge'), secrets, mkdtempSync(join(tmpdir(), 'k8s-routed-')));
    expect(env['DISCOVERY_URL']).toBe('http://ingress-nginx-controller.ingress-nginx.svc.cluster.local');
    expect(() => loadBridgeConfig(env)).not.toThrow();
  });

  it('lets the ingress controller reach the indexer on its API port only, and still nobody else', () => {
    const controller: PodRef = {
      namespace: 'ingress-nginx',
      labels: { 'app.kubernetes.io/name': 'ingress-nginx' },
      namespaceLabels: { 'kubernetes.io/metadata.name': 'ingress-nginx' },
    };
    const indexer: PodRef = { namespace: NS, labels: podLabels(find(routed, 'Deployment', 'discovery-indexer')) };
    const stranger: PodRef = { namespace: 'default', labels: { app: 'curl' }, namespaceLabels: { 'kubernetes.io/metadata.name': 'default' } };
    expect(allows(routed, { from: controller, to: indexer, port: 4100 })).toBe(true);
    expect(allows(routed, { from: controller, to: indexer, port: 22 })).toBe(false);
    expect(allows(routed, { from: stranger, to: indexer, port: 4100 })).toBe(false);
  });
});
