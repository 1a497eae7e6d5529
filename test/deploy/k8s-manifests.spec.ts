/**
 * The Kubernetes manifests: k8s/base and k8s/overlays/single-node rendered as
 * `kubectl apply -k` would, checked against the Kubernetes schemas (strict:
 * unknown fields fail), then for what the services need: every variable
 * exists in libs/config and the configuration each container would see loads,
 * secrets are mounted where the *_FILE variables point, probes hit the health
 * endpoints on the configured port, and the NetworkPolicies allow exactly the
 * intended connections.
 */
import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { bridgeVars, generatorVars, indexerVars, loadBridgeConfig, loadGeneratorConfig, loadIndexerConfig, parseSize } from '@discovery/config';
import { unknownFieldErrors, validateAgainstSchema } from './k8s-validate.js';
import { readManifestFile, renderFolder, type K8sObject } from './kustomize-render.js';
import { containerEnvironment, find, objects, onlyContainer, podLabels, podSpec, quantityBytes } from './manifest-model.js';

const root = fileURLToPath(new URL('../..', import.meta.url));
const SERVICES = {
  indexer: { deployment: 'discovery-indexer', vars: indexerVars, load: loadIndexerConfig, portVar: 'PORT' },
  generator: { deployment: 'discovery-generator', vars: generatorVars, load: loadGeneratorConfig, portVar: 'METRICS_PORT' },
  bridge: { deployment: 'discovery-bridge', vars: bridgeVars, load: loadBridgeConfig, portVar: 'PORT' },
} as const;
type ServiceKey = keyof typeof SERVICES;
const SERVICE_KEYS = Object.keys(SERVICES) as ServiceKey[];

let base: K8sObject[];
let overlay: K8sObject[];
let secrets: K8sObject[];
let secretsDir: string;

beforeAll(() => {
  base = objects(renderFolder(join(root, 'k8s/base'), root));
  overlay = objects(renderFolder(join(root, 'k8s/overlays/single-node'), root));
  secrets = objects(readManifestFile(join(root, 'k8s/base/secret.example.yaml'), 'k8s/base/secret.example.yaml'));
  secretsDir = mkdtempSync(join(tmpdir(), 'k8s-secrets-'));
});
afterAll(() => rmSync(secretsDir, { recursive: true, force: true }));

function allowedNames(service: ServiceKey): Set<string> {
  const names = new Set<string>();
  for (const variable of Object.values(SERVICES[service].vars)) {
    names.add(variable.name);
    if (variable.secret) names.add(`${variable.name}_FILE`);
  }
  return names;
}

describe('schema validation', () => {
  it('every rendered object and example Secret is valid for its Kubernetes schema', async () => {
    const all = [...base, ...overlay, ...secrets];
    const failures: string[] = [];
    for (const object of all) {
      for (const error of await validateAgainstSchema(object)) failures.push(`${object.kind}/${object.metadata.name}: ${error}`);
    }
    expect(failures).toEqual([]);
  });

  it('no object has an unknown or misspelt field', () => {
    const all = [...base, ...overlay, ...secrets];
    const errors = unknownFieldErrors(all, root);
    const failures = [...errors].map(([i, messages]) => `${all[i]!.kind}/${all[i]!.metadata.name}: ${messages.join('; ')}`);
    expect(failures).toEqual([]);
  });

  it('the strict check rejects a misspelt field and the schema check a wrong type', async () => {
    const broken = structuredClone(find(base, 'Deployment', 'discovery-indexer'));
    (onlyContainer(broken) as unknown as Record<string, unknown>)['livenesProbe'] = {};
    (broken['spec'] as Record<string, unknown>)['replicas'] = 'two';
    expect([...unknownFieldErrors([broken], root).values()].flat().join('\n')).toMatch(/livenesProbe/);
    expect((await validateAgainstSchema(broken)).join('\n')).toMatch(/replicas must be integer/);
  });
});

describe.each(SERVICE_KEYS)('the %s Deployment', (service) => {
  const spec = SERVICES[service];

  it('runs the image with the service argument as a non-root user', () => {
    const deployment = find(base, 'Deployment', spec.deployment);
    const container = onlyContainer(deployment);
    expect(container.args).toEqual([service]);
    expect(container.image).toBe('schema-discovery:0.1.0');
    expect(podSpec(deployment)['securityContext']).toMatchObject({ runAsNonRoot: true, runAsUser: 1000 });
    expect(podSpec(deployment)['automountServiceAccountToken']).toBe(false);
  });

  it('sets only variables of its configuration schema, and that configuration loads', () => {
    for (const rendered of [base, overlay]) {
      const env = containerEnvironment(rendered, find(rendered, 'Deployment', spec.deployment), secrets, secretsDir);
      const unknown = Object.keys(env).filter((name) => !allowedNames(service).has(name));
      expect(unknown).toEqual([]);
      expect(() => spec.load(env)).not.toThrow();
    }
  });

  it('probes /healthz and /readyz on the port the service listens on', () => {
    const deployment = find(base, 'Deployment', spec.deployment);
    const container = onlyContainer(deployment);
    const env = containerEnvironment(base, deployment, secrets, secretsDir);
    const listenPort = Number(env[spec.portVar] ?? Object.values(spec.vars).find((v) => v.name === spec.portVar)?.default);
    const portName = container.ports?.find((p) => p.containerPort === listenPort)?.name;
    expect(portName).toBeDefined();
    expect(container.livenessProbe).toMatchObject({ httpGet: { path: '/healthz', port: portName } });
    expect(container.startupProbe).toMatchObject({ httpGet: { path: '/healthz', port: portName } });
    expect(container.readinessProbe).toMatchObject({ httpGet: { path: '/readyz', port: portName } });
  });

  it('requests CPU and memory and caps memory', () => {
    const { resources } = onlyContainer(find(base, 'Deployment', spec.deployment));
    expect(resources?.requests?.['cpu']).toBeDefined();
    const request = quantityBytes(resources?.requests?.['memory'] ?? '0');
    const limit = quantityBytes(resources?.limits?.['memory'] ?? '0');
    expect(request).toBeGreaterThan(0);
    expect(limit).toBeGreaterThanOrEqual(request);
  });

  it('spreads its replicas over nodes without blocking scheduling', () => {
    const deployment = find(base, 'Deployment', spec.deployment);
    expect(podSpec(deployment)['topologySpreadConstraints']).toEqual([
      {
        maxSkew: 1,
        topologyKey: 'kubernetes.io/hostname',
        whenUnsatisfiable: 'ScheduleAnyway',
        labelSelector: { matchLabels: { 'app.kubernetes.io/name': spec.deployment } },
      },
    ]);
  });

  it('has a PodDisruptionBudget selecting its pods', () => {
    const pdb = find(base, 'PodDisruptionBudget', spec.deployment);
    const selector = (pdb['spec'] as { selector: { matchLabels: Record<string, string> } }).selector.matchLabels;
    expect(podLabels(find(base, 'Deployment', spec.deployment))).toMatchObject(selector);
  });
});

describe('sizing and wiring', () => {
  it('gives the indexer room for its index cache on top of the process itself', () => {
    const indexer = find(base, 'Deployment', 'discovery-indexer');
    const env = containerEnvironment(base, indexer, secrets, secretsDir);
    const cache = parseSize(env['INDEX_CACHE_MAX_BYTES'] ?? '512MiB') + parseSize(env['SLICE_CACHE_MAX_BYTES'] ?? '256MiB');
    const limit = quantityBytes(onlyContainer(indexer).resources?.limits?.['memory'] ?? '0');
    expect(limit).toBeGreaterThanOrEqual(cache + 512 * 2 ** 20);
  });

  it('points the bridge at the indexer Service and each Service at its pods', () => {
    const bridgeEnv = containerEnvironment(base, find(base, 'Deployment', 'discovery-bridge'), secrets, secretsDir);
    const service = find(base, 'Service', 'discovery-indexer')['spec'] as { ports: { port: number }[]; selector: Record<string, string> };
    expect(bridgeEnv['DISCOVERY_URL']).toBe(`http://discovery-indexer:${service.ports[0]!.port}`);
    for (const name of ['discovery-indexer', 'discovery-bridge']) {
      const svc = find(base, 'Service', name)['spec'] as { ports: { targetPort: string }[]; selector: Record<string, string> };
      const deployment = find(base, 'Deployment', name);
      expect(podLabels(deployment)).toMatchObject(svc.selector);
      expect(onlyContainer(deployment).ports?.map((p) => p.name)).toContain(svc.ports[0]!.targetPort);
    }
  });

  it('autoscales the generator Deployment', () => {
    const hpa = find(base, 'HorizontalPodAutoscaler', 'discovery-generator')['spec'] as Record<string, unknown>;
    expect(hpa['scaleTargetRef']).toEqual({ apiVersion: 'apps/v1', kind: 'Deployment', name: 'discovery-generator' });
    expect(hpa['maxReplicas']).toBeGreaterThan(hpa['minReplicas'] as number);
  });
});

describe('the single-node overlay', () => {
  it('puts every namespaced object in one namespace and runs one replica of each service', () => {
    for (const object of overlay) {
      if (object.kind !== 'Namespace') expect(`${object.kind}/${object.metadata.name}:${object.metadata.namespace}`).toMatch(/:schema-discovery$/);
    }
    for (const key of SERVICE_KEYS) expect((find(overlay, 'Deployment', SERVICES[key].deployment)['spec'] as { replicas: number }).replicas).toBe(1);
    for (const pdb of overlay.filter((o) => o.kind === 'PodDisruptionBudget')) expect(pdb['spec']).toMatchObject({ maxUnavailable: 1 });
  });

  it('runs Redis as a StatefulSet behind the Service that REDIS_URL names', () => {
    const statefulSet = find(overlay, 'StatefulSet', 'discovery-redis');
    const serviceName = (statefulSet['spec'] as { serviceName: string }).serviceName;
    expect(find(overlay, 'Service', serviceName)['spec']).toMatchObject({ clusterIP: 'None' });
    for (const key of ['indexer', 'generator'] as const) {
      const env = containerEnvironment(overlay, find(overlay, 'Deployment', SERVICES[key].deployment), secrets, secretsDir);
      expect(env['REDIS_URL']).toBe(`redis://${serviceName}:6379`);
    }
  });
});
