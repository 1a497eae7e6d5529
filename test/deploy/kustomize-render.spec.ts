/**
 * The kustomize-subset renderer and its JSON patches: what it renders, and
 * that everything outside the subset fails loudly instead of being ignored.
 */
import { afterEach, beforeEach, describe, expect, it } from '@jest/globals';
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { applyPatch, parsePatch, type JsonValue } from './json-patch.js';
import { renderFolder } from './kustomize-render.js';

let dir: string;
const HEADER = 'apiVersion: kustomize.config.k8s.io/v1beta1\nkind: Kustomization\n';
const DEPLOYMENT = `apiVersion: apps/v1
kind: Deployment
metadata:
  name: web
spec:
  replicas: 2
  template:
    spec:
      containers:
        - name: web
          image: app:1.0
`;

function write(path: string, content: string): void {
  mkdirSync(join(dir, path, '..'), { recursive: true });
  writeFileSync(join(dir, path), content);
}

beforeEach(() => {
  dir = mkdtempSync(join(tmpdir(), 'kustomize-'));
  write('base/app.yaml', `${DEPLOYMENT}---\napiVersion: v1\nkind: ConfigMap\nmetadata:\n  name: cfg\ndata:\n  A: "1"\n`);
  write('base/kustomization.yaml', `${HEADER}resources:\n  - app.yaml\nlabels:\n  - pairs:\n      team: x\n`);
});
afterEach(() => rmSync(dir, { recursive: true, force: true }));

describe('renderFolder', () => {
  it('renders an overlay: base resources, JSON patches, namespace, labels and images', () => {
    write(
      'overlay/kustomization.yaml',
      `${HEADER}namespace: prod\nresources:\n  - ../base\nimages:\n  - name: app\n    newTag: "2.0"\npatches:\n  - target:\n      kind: Deployment\n      name: web\n    patch: |-\n      - op: replace\n        path: /spec/replicas\n        value: 5\n`,
    );
    const rendered = renderFolder(join(dir, 'overlay'), dir);
    const deployment = rendered.find((r) => r.object.kind === 'Deployment')!.object as unknown as {
      metadata: unknown;
      spec: { replicas: number; template: { spec: { containers: { image: string }[] } } };
    };
    expect(deployment.metadata).toEqual({ name: 'web', namespace: 'prod', labels: { team: 'x' } });
    expect(deployment.spec.replicas).toBe(5);
    expect(deployment.spec.template.spec.containers[0]?.image).toBe('app:2.0');
    expect(rendered.map((r) => r.source)).toEqual(['base/app.yaml', 'base/app.yaml']);
  });

  it.each([
    ['an unsupported field', `${HEADER}resources:\n  - ../base\ncommonLabels:\n  a: b\n`, /field "commonLabels" is not supported/],
    ['a strategic-merge patch', `${HEADER}resources:\n  - ../base\npatches:\n  - path: p.yaml\n`, /a target is required/],
    [
      'a patch target matching nothing',
      `${HEADER}resources:\n  - ../base\npatches:\n  - target:\n      kind: Deployment\n      name: api\n    patch: "[]"\n`,
      /matches no resource/,
    ],
    [
      'a patch path that does not exist',
      `${HEADER}resources:\n  - ../base\npatches:\n  - target:\n      name: web\n    patch: |-\n      - op: replace\n        path: /spec/paused\n        value: true\n`,
      /\/spec\/paused does not exist/,
    ],
    ['a duplicate resource', `${HEADER}resources:\n  - ../base\n  - dup.yaml\n`, /duplicate resource apps\/Deployment\/\/web/],
    ['a missing resource', `${HEADER}resources:\n  - nothing.yaml\n`, /resource nothing.yaml does not exist/],
    ['an image no container uses', `${HEADER}resources:\n  - ../base\nimages:\n  - name: other\n    newTag: x\n`, /no container uses image other/],
  ])('rejects %s', (_label, kustomization, message) => {
    write('overlay/dup.yaml', DEPLOYMENT);
    write('overlay/kustomization.yaml', kustomization);
    expect(() => renderFolder(join(dir, 'overlay'), dir)).toThrow(message);
  });

  it('rejects a file outside the kustomization root', () => {
    write('overlay/kustomization.yaml', `${HEADER}resources:\n  - ../base/app.yaml\n`);
    expect(() => renderFolder(join(dir, 'overlay'), dir)).toThrow(/outside the kustomization root/);
  });
});

describe('JSON patch', () => {
  const doc = (): JsonValue => ({ a: { list: [1, 2, 3], 'x/y': 'slash' } });

  it.each([
    [[{ op: 'add', path: '/a/list/1', value: 9 }], { a: { list: [1, 9, 2, 3], 'x/y': 'slash' } }],
    [[{ op: 'add', path: '/a/list/-', value: 4 }], { a: { list: [1, 2, 3, 4], 'x/y': 'slash' } }],
    [[{ op: 'remove', path: '/a/list/0' }], { a: { list: [2, 3], 'x/y': 'slash' } }],
    [[{ op: 'replace', path: '/a/x~1y', value: 'ok' }], { a: { list: [1, 2, 3], 'x/y': 'ok' } }],
    [
      [
        { op: 'test', path: '/a/list/2', value: 3 },
        { op: 'add', path: '/b', value: true },
      ],
      { a: { list: [1, 2, 3], 'x/y': 'slash' }, b: true },
    ],
  ])('%j', (operations, expected) => {
    const value = doc();
    applyPatch(value, parsePatch(operations, 'test'));
    expect(value).toEqual(expected);
  });

  it.each([
    [[{ op: 'move', from: '/a', path: '/b' }], /unsupported op "move"/],
    [[{ op: 'replace', path: '/a/missing', value: 1 }], /does not exist/],
    [[{ op: 'remove', path: '/a/list/3' }], /out of range/],
    [[{ op: 'test', path: '/a/list/0', value: 2 }], /test failed/],
    [[{ op: 'add', path: 'a', value: 1 }], /must start with/],
    [{ op: 'add' }, /must be a list/],
  ])('rejects %j', (operations, message) => {
    expect(() => applyPatch(doc(), parsePatch(operations, 'test'))).toThrow(message);
  });
});
