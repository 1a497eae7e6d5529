/**
 * docker-compose.yml against the Compose specification's JSON schema and
 * dclint's correctness rules (the `docker compose config` stand-in: Docker is
 * not available here). Style and ordering rules are off; building and tagging
 * the one image in the same service entry is intended.
 */
import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { DCLinter } from 'dclint';

const root = fileURLToPath(new URL('../..', import.meta.url));
const linter = new DCLinter({
  rules: {
    'no-duplicate-container-names': 2,
    'no-duplicate-exported-ports': 2,
    'no-quotes-in-volumes': 2,
    'no-unbound-port-interfaces': 2,
    'no-version-field': 2,
    'require-project-name-field': 2,
    'service-image-require-explicit-tag': 2,
    'no-build-and-image': 0,
    'require-quotes-in-ports': 0,
    'service-container-name-regex': 0,
    'service-dependencies-alphabetical-order': 0,
    'service-keys-order': 0,
    'service-ports-alphabetical-order': 0,
    'services-alphabetical-order': 0,
    'top-level-properties-order': 0,
  },
  quiet: false,
  debug: false,
  exclude: [],
});
let dir: string;

beforeAll(() => {
  dir = mkdtempSync(join(tmpdir(), 'compose-lint-'));
});
afterAll(() => rmSync(dir, { recursive: true, force: true }));

/** What this test reads of dclint's LintResult (its declaration files do not resolve under NodeNext). */
interface LintResult {
  errorCount: number;
  messages: { line: number; column: number; rule: string; message: string }[];
}

function lint(path: string): { errors: number; messages: string[] } {
  const [result] = linter.lintFiles([path], false) as LintResult[];
  if (!result) throw new Error(`dclint returned no result for ${path}`);
  return { errors: result.errorCount, messages: result.messages.map((m) => `${m.line}:${m.column} ${m.rule} ${m.message}`) };
}

describe('docker-compose.yml lint', () => {
  it('follows the Compose schema and breaks no correctness rule', () => {
    expect(lint(join(root, 'docker-compose.yml'))).toEqual({ errors: 0, messages: [] });
  });

  it.each([
    [
      'a misspelt service key',
      (text: string) =>
        text.replace(
          '    healthcheck:\n      <<: *healthcheck\n      test: ["CMD", "redis-cli", "ping"]',
          '    healthchek:\n      test: ["CMD", "redis-cli", "ping"]',
        ),
    ],
    ['a port published twice', (text: string) => text.replace('"127.0.0.1:4200:4200"', '"127.0.0.1:4100:4200"')],
    ['an image without a tag', (text: string) => text.replace('redis:7.4-alpine', 'redis')],
  ])('catches %s', (_label, breakIt) => {
    const original = readFileSync(join(root, 'docker-compose.yml'), 'utf8');
    const broken = breakIt(original);
    expect(broken).not.toBe(original);
    const path = join(dir, 'docker-compose.yml');
    writeFileSync(path, broken);
    expect(lint(path).errors).toBeGreaterThan(0);
  });
});
