/**
 * A strict renderer for the subset of kustomize that k8s/ uses, so the tests
 * can check what `kubectl apply -k` would send without a kustomize binary:
 * `resources` (files and other kustomization folders), `namespace`, `labels`
 * (metadata only), `images` and `patches` written as JSON 6902 operation
 * lists with a target. Any other field, a strategic-merge patch, a patch
 * target matching nothing or a duplicate resource is an error, so the
 * manifests cannot drift into features this renderer would silently ignore.
 */
import { existsSync, readFileSync, statSync } from 'node:fs';
import { join, relative, resolve } from 'node:path';
import { parseAllDocuments, parse as parseYaml } from 'yaml';
import { applyPatch, parsePatch, type JsonValue } from './json-patch.js';

export type K8sObject = { [key: string]: JsonValue } & {
  apiVersion: string;
  kind: string;
  metadata: { name: string; namespace?: string; labels?: Record<string, string> } & { [key: string]: JsonValue };
};

export interface RenderedResource {
  object: K8sObject;
  /** The file the resource came from, relative to the repository root given to render. */
  source: string;
}

const SUPPORTED_FIELDS = new Set(['apiVersion', 'kind', 'resources', 'namespace', 'labels', 'images', 'patches']);
const CLUSTER_SCOPED = new Set([
  'Namespace',
  'ClusterRole',
  'ClusterRoleBinding',
  'CustomResourceDefinition',
  'PersistentVolume',
  'StorageClass',
  'PriorityClass',
]);
const POD_SPEC_PATHS: Record<string, string[]> = {
  Deployment: ['spec', 'template', 'spec'],
  StatefulSet: ['spec', 'template', 'spec'],
  DaemonSet: ['spec', 'template', 'spec'],
  ReplicaSet: ['spec', 'template', 'spec'],
  Job: ['spec', 'template', 'spec'],
  CronJob: ['spec', 'jobTemplate', 'spec', 'template', 'spec'],
  Pod: ['spec'],
};

type Dict = Record<string, unknown>;

function isDict(value: unknown): value is Dict {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

function fail(where: string, message: string): never {
  throw new Error(`${where}: ${message}`);
}

/** Reads every YAML document of a manifest file as a Kubernetes object. */
export function readManifestFile(file: string, label: string): RenderedResource[] {
  const documents = parseAllDocuments(readFileSync(file, 'utf8'), { prettyErrors: true });
  const out: RenderedResource[] = [];
  for (const document of documents) {
    if (document.errors.length > 0) fail(label, document.errors.map((e) => e.message).join('; '));
    const value: unknown = document.toJS();
    if (value === null || value === undefined) continue;
    if (!isDict(value)) fail(label, 'a document is not a mapping');
    const { apiVersion, kind, metadata } = value;
    if (typeof apiVersion !== 'string' || typeof kind !== 'string') fail(label, 'a document lacks apiVersion or kind');
    if (!isDict(metadata) || typeof metadata['name'] !== 'string') fail(label, `${kind} lacks metadata.name`);
    out.push({ object: value as K8sObject, source: label });
  }
  return out;
}

function resourceId(object: K8sObject): string {
  return `${object.apiVersion.split('/')[0]}/${object.kind}/${object.metadata.namespace ?? ''}/${object.metadata.name}`;
}

function loadKustomization(dir: string, label: string): Dict {
  const file = ['kustomization.yaml', 'kustomization.yml', 'Kustomization'].map((n) => join(dir, n)).find((f) => existsSync(f));
  if (!file) fail(label, 'no kustomization.yaml in this folder');
  const value: unknown = parseYaml(readFileSync(file, 'utf8'));
  if (!isDict(value)) fail(label, 'kustomization is not a mapping');
  if (value['kind'] !== 'Kustomization' || value['apiVersion'] !== 'kustomize.config.k8s.io/v1beta1') {
    fail(label, 'expected apiVersion kustomize.config.k8s.io/v1beta1 and kind Kustomization');
  }
  for (const key of Object.keys(value)) {
    if (!SUPPORTED_FIELDS.has(key)) fail(label, `field "${key}" is not supported by this renderer`);
  }
  return value;
}

function stringList(value: unknown, where: string): string[] {
  if (value === undefined) return [];
  if (!Array.isArray(value) || !value.every((v) => typeof v === 'string')) fail(where, 'expected a list of strings');
  return value as string[];
}

function loadResources(dir: string, root: string, kustomization: Dict, label: string): RenderedResource[] {
  const out: RenderedResource[] = [];
  for (const entry of stringList(kustomization['resources'], `${label} resources`)) {
    if (/^[a-z]+:\/\//i.test(entry) || entry.startsWith('github.com/')) fail(label, `remote resource ${entry} is not supported`);
    const path = resolve(dir, entry);
    if (!existsSync(path)) fail(label, `resource ${entry} does not exist`);
    if (statSync(path).isDirectory()) {
      out.push(...renderFolder(path, root));
    } else {
      if (relative(dir, path).startsWith('..')) fail(label, `file ${entry} is outside the kustomization root`);
      out.push(...readManifestFile(path, relative(root, path)));
    }
  }
  return out;
}

function matchesTarget(object: K8sObject, target: Dict): boolean {
  const [group, version] = object.apiVersion.includes('/') ? object.apiVersion.split('/') : ['', object.apiVersion];
  const checks: [string, string | undefined][] = [
    ['kind', object.kind],
    ['name', object.metadata.name],
    ['namespace', object.metadata.namespace],
    ['group', group],
    ['version', version],
  ];
  return checks.every(([key, actual]) => target[key] === undefined || target[key] === actual);
}

function applyPatches(resources: RenderedResource[], dir: string, kustomization: Dict, label: string): void {
  const patches = kustomization['patches'];
  if (patches === undefined) return;
  if (!Array.isArray(patches)) fail(label, 'patches must be a list');
  patches.forEach((entry: unknown, i) => {
    const where = `${label} patches[${i}]`;
    if (!isDict(entry)) fail(where, 'not a mapping');
    const { patch, path, target, ...rest } = entry;
    if (Object.keys(rest).length > 0) fail(where, `unsupported keys ${Object.keys(rest).join(', ')}`);
    if (!isDict(target)) fail(where, 'a target is required (strategic-merge patches are not supported)');
    for (const key of Object.keys(target)) {
      if (!['kind', 'name', 'namespace', 'group', 'version'].includes(key)) fail(where, `target.${key} is not supported`);
    }
    if ((patch === undefined) === (path === undefined)) fail(where, 'exactly one of patch and path is required');
    const text =
      typeof patch === 'string' ? patch : typeof path === 'string' ? readFileSync(resolve(dir, path), 'utf8') : fail(where, 'patch/path must be a string');
    const operations = parsePatch(parseYaml(text), where);
    const matched = resources.filter((r) => matchesTarget(r.object, target));
    if (matched.length === 0) fail(where, `target ${JSON.stringify(target)} matches no resource`);
    for (const resource of matched) {
      try {
        applyPatch(resource.object, operations);
      } catch (error) {
        fail(where, `${resource.object.kind}/${resource.object.metadata.name}: ${(error as Error).message}`);
      }
    }
  });
}

function applyLabels(resources: RenderedResource[], kustomization: Dict, label: string): void {
  const labels = kustomization['labels'];
  if (labels === undefined) return;
  if (!Array.isArray(labels)) fail(label, 'labels must be a list');
  for (const entry of labels as unknown[]) {
    if (!isDict(entry) || !isDict(entry['pairs'])) fail(label, 'each labels entry needs pairs');
    const { pairs, includeSelectors, includeTemplates, ...rest } = entry;
    if (Object.keys(rest).length > 0) fail(label, `labels: unsupported keys ${Object.keys(rest).join(', ')}`);
    if (includeSelectors === true || includeTemplates === true) fail(label, 'labels: includeSelectors/includeTemplates are not supported');
    for (const { object } of resources) {
      object.metadata.labels = { ...(object.metadata.labels ?? {}), ...(pairs as Record<string, string>) };
    }
  }
}

function applyNamespace(resources: RenderedResource[], kustomization: Dict, label: string): void {
  const namespace = kustomization['namespace'];
  if (namespace === undefined) return;
  if (typeof namespace !== 'string' || namespace === '') fail(label, 'namespace must be a non-empty string');
  for (const { object } of resources) {
    if (object.kind === 'Namespace') {
      if (object.metadata.name !== namespace) fail(label, `Namespace ${object.metadata.name} differs from namespace ${namespace}`);
    } else if (!CLUSTER_SCOPED.has(object.kind)) {
      object.metadata.namespace = namespace;
    }
  }
}

function podSpecOf(object: K8sObject): Dict | undefined {
  const path = POD_SPEC_PATHS[object.kind];
  if (!path) return undefined;
  let current: unknown = object;
  for (const key of path) current = isDict(current) ? current[key] : undefined;
  return isDict(current) ? current : undefined;
}

function imageName(image: string): string {
  const at = image.indexOf('@');
  const withoutDigest = at >= 0 ? image.slice(0, at) : image;
  const colon = withoutDigest.lastIndexOf(':');
  return colon > withoutDigest.lastIndexOf('/') ? withoutDigest.slice(0, colon) : withoutDigest;
}

function applyImages(resources: RenderedResource[], kustomization: Dict, label: string): void {
  const images = kustomization['images'];
  if (images === undefined) return;
  if (!Array.isArray(images)) fail(label, 'images must be a list');
  for (const entry of images as unknown[]) {
    if (!isDict(entry) || typeof entry['name'] !== 'string') fail(label, 'each images entry needs a name');
    const { name, newName, newTag, digest, ...rest } = entry;
    if (Object.keys(rest).length > 0) fail(label, `images: unsupported keys ${Object.keys(rest).join(', ')}`);
    let used = false;
    for (const { object } of resources) {
      const spec = podSpecOf(object);
      for (const key of ['containers', 'initContainers']) {
        const containers = spec?.[key];
        if (!Array.isArray(containers)) continue;
        for (const container of containers as Dict[]) {
          if (typeof container['image'] !== 'string' || imageName(container['image']) !== name) continue;
          const base = typeof newName === 'string' ? newName : name;
          container['image'] = typeof digest === 'string' ? `${base}@${digest}` : typeof newTag === 'string' ? `${base}:${newTag}` : base;
          used = true;
        }
      }
    }
    if (!used) fail(label, `images: no container uses image ${name}`);
  }
}

/** Renders the kustomization in `dir`; `root` only shortens source labels. */
export function renderFolder(dir: string, root: string = dir): RenderedResource[] {
  const label = relative(root, dir) || '.';
  const kustomization = loadKustomization(dir, label);
  const resources = loadResources(dir, root, kustomization, label);
  const seen = new Set<string>();
  applyLabels(resources, kustomization, label);
  applyPatches(resources, dir, kustomization, label);
  applyNamespace(resources, kustomization, label);
  applyImages(resources, kustomization, label);
  for (const { object, source } of resources) {
    const id = resourceId(object);
    if (seen.has(id)) fail(label, `duplicate resource ${id} (from ${source})`);
    seen.add(id);
  }
  return resources;
}
