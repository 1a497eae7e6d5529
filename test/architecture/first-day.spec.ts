/**
 * The first day of a new user, as the README leads it (issue 26): the two commands on its first
 * lines, the service commands naming REDIS_URL, the image with Docker and Podman, npm pack's
 * tarball ignored by git, no text saying generate_query needs a model, and nx's output kept out
 * of `npm start`'s terminal unless the build fails.
 */
import { describe, expect, it } from '@jest/globals';
import { execFileSync } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { runQuietly } from '../../scripts/build-if-stale.js';

const root = fileURLToPath(new URL('../..', import.meta.url));
const readme = readFileSync(`${root}README.md`, 'utf8');

describe('the first day', () => {
  it("keeps the two commands that set up and run, and test, on the README's first lines", () => {
    const first = readme.split('\n').slice(0, 6).join('\n');
    expect(first).toContain('npm ci && npm start -- --schema path/to/schema.graphql');
    expect(first).toContain('npm ci && npm test');
  });

  it('names REDIS_URL in the service commands, and builds and runs the image with Docker and Podman', () => {
    const services = readme.slice(readme.indexOf('**As a service**'), readme.indexOf('A Cosmo router points'));
    expect(services).toContain('REDIS_URL=');
    expect(readme).toMatch(/podman build -t schema-discovery \./);
    expect(readme).toMatch(/podman run --rm -p 127\.0\.0\.1:4200:4200/);
    expect(readme).toMatch(/docker run --rm -p 127\.0\.0\.1:4200:4200/);
  });

  it("ignores npm pack's tarball", () => {
    expect(execFileSync('git', ['check-ignore', 'graphql-schema-discovery-0.1.0.tgz'], { cwd: root, encoding: 'utf8' }).trim()).toBe(
      'graphql-schema-discovery-0.1.0.tgz',
    );
  });

  it('never says that generate_query needs a model', () => {
    const texts = [readme, readFileSync(`${root}docs/deployment.md`, 'utf8'), readFileSync(`${root}libs/nest-modules/src/serve/serve-banner.ts`, 'utf8')];
    for (const text of texts) expect(text).not.toMatch(/(generate_query|Generation) needs (a|an OpenAI-compatible) model/);
  });

  it("keeps a build's output out of the terminal unless it fails", () => {
    const noise = 'console.log("NX   Successfully ran target build"); process.exit(CODE)';
    const shown: string[] = [];
    expect(runQuietly(process.execPath, ['-e', noise.replace('CODE', '0')], root, (t) => shown.push(t))).toBe(0);
    expect(shown).toEqual([]);
    expect(runQuietly(process.execPath, ['-e', noise.replace('CODE', '3')], root, (t) => shown.push(t))).toBe(3);
    expect(shown.join('')).toContain('Successfully ran target build');
  });
});
