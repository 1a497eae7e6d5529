/**
 * Read-only views over rendered manifests for the deployment tests: find
 * objects, a Deployment's container, the environment a container would see
 * (ConfigMap envFrom + env, secret files resolved from the example Secrets)
 * and Kubernetes quantities in bytes.
 */
import { mkdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import type { K8sObject, RenderedResource } from './kustomize-render.js';

type Dict = Record<string, unknown>;

export interface Container {
  name: string;
  image: string;
  args?: string[];
  ports?: { name?: string; containerPort: number }[];
  env?: { name: string; value?: string }[];
  envFrom?: { configMapRef?: { name: string } }[];
  volumeMounts?: { name: string; mountPath: string }[];
  resources?: { requests?: Record<string, string>; limits?: Record<string, string> };
  livenessProbe?: Dict;
  readinessProbe?: Dict;
  startupProbe?: Dict;
}

export function objects(resources: RenderedResource[]): K8sObject[] {
  return resources.map((r) => r.object);
}

export function find(all: K8sObject[], kind: string, name: string): K8sObject {
  const found = all.find((o) => o.kind === kind && o.metadata.name === name);
  if (!found) throw new Error(`no ${kind}/${name}`);
  return found;
}

export function podSpec(workload: K8sObject): Dict {
  return ((workload['spec'] as Dict)['template'] as Dict)['spec'] as Dict;
}

export function podLabels(workload: K8sObject): Record<string, string> {
  return (((workload['spec'] as Dict)['template'] as Dict)['metadata'] as Dict)['labels'] as Record<string, string>;
}

export function onlyContainer(workload: K8sObject): Container {
  const containers = podSpec(workload)['containers'] as Container[];
  if (containers.length !== 1) throw new Error(`${workload.metadata.name}: expected one container`);
  return containers[0]!;
}

/** Data of a ConfigMap (string values only). */
export function configMapData(all: K8sObject[], name: string): Record<string, string> {
  return (find(all, 'ConfigMap', name)['data'] ?? {}) as Record<string, string>;
}

/**
 * The environment `container` of `workload` would get. Secret volumes are
 * materialized under `secretsDir` from the `secrets` objects (stringData), and
 * file paths inside the container are rewritten to those files.
 */
export function containerEnvironment(all: K8sObject[], workload: K8sObject, secrets: K8sObject[], secretsDir: string): Record<string, string> {
  const container = onlyContainer(workload);
  const env: Record<string, string> = {};
  for (const source of container.envFrom ?? []) {
    if (!source.configMapRef) throw new Error(`${workload.metadata.name}: only configMapRef envFrom is supported`);
    Object.assign(env, configMapData(all, source.configMapRef.name));
  }
  for (const entry of container.env ?? []) {
    if (entry.value === undefined) throw new Error(`${workload.metadata.name}: env ${entry.name} must have a literal value`);
    env[entry.name] = entry.value;
  }
  const volumes = (podSpec(workload)['volumes'] ?? []) as { name: string; secret?: { secretName: string } }[];
  for (const mount of container.volumeMounts ?? []) {
    const secretName = volumes.find((v) => v.name === mount.name)?.secret?.secretName;
    if (!secretName) continue;
    const secret = secrets.find((s) => s.kind === 'Secret' && s.metadata.name === secretName);
    if (!secret) throw new Error(`${workload.metadata.name} mounts Secret ${secretName}, which the example does not define`);
    const dir = join(secretsDir, workload.metadata.name, secretName);
    mkdirSync(dir, { recursive: true });
    for (const [key, value] of Object.entries((secret['stringData'] ?? {}) as Record<string, string>)) writeFileSync(join(dir, key), value);
    for (const [name, value] of Object.entries(env)) {
      if (value.startsWith(`${mount.mountPath}/`)) env[name] = join(dir, value.slice(mount.mountPath.length + 1));
    }
  }
  return env;
}

const BINARY: Record<string, number> = { Ki: 2 ** 10, Mi: 2 ** 20, Gi: 2 ** 30, Ti: 2 ** 40 };
const DECIMAL: Record<string, number> = { k: 1e3, M: 1e6, G: 1e9, T: 1e12 };

/** A Kubernetes memory quantity (`512Mi`, `1G`, `1073741824`) in bytes. */
export function quantityBytes(quantity: string): number {
  const match = /^([0-9]+(?:\.[0-9]+)?)(Ki|Mi|Gi|Ti|k|M|G|T)?$/.exec(quantity);
  if (!match) throw new Error(`unsupported quantity ${quantity}`);
  const unit = match[2];
  const factor = unit === undefined ? 1 : (BINARY[unit] ?? DECIMAL[unit] ?? Number.NaN);
  return Number(match[1]) * factor;
}
