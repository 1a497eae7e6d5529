/**
 * Every document a source file names must be in this repository: a
 * `docs/<name>.md` path must exist, and the design documents that live
 * outside it (named bare, `<NAME>.md` in capitals) are never cited, because
 * someone who clones the repository cannot read them. Scans apps/, libs/,
 * bench/, test/, k8s/, docker/, the Dockerfile and the compose file
 * (comments, strings and the libraries' READMEs alike).
 */
import { beforeAll, describe, expect, it } from '@jest/globals';
import { existsSync, readdirSync, readFileSync, statSync } from 'node:fs';
import { join, relative } from 'node:path';
import { fileURLToPath } from 'node:url';

const root = fileURLToPath(new URL('../..', import.meta.url));
const SCANNED = ['apps', 'libs', 'bench', 'test', 'k8s', 'docker', 'Dockerfile', 'docker-compose.yml'];
const SKIPPED_DIRECTORIES = new Set(['node_modules', 'dist', 'fixtures', 'data', 'results', 'gen']);
const TEXT_FILE = /(\.(ts|js|mjs|cjs|proto|ya?ml|sh|md)|^Dockerfile)$/;
const OUTSIDE_DOCUMENTS = ['WIRE', 'ARCHITECTURE', 'TOOLCHAIN', 'STYLE'];
const OUTSIDE = new RegExp(`(?<![\\w-])(${OUTSIDE_DOCUMENTS.join('|')})\\.md\\b`, 'g');
const DOCS_PATH = /(?<![\w/.-])(?:\.\.\/)*(docs\/[\w.-]+\.md)/g;
const SELF = relative(root, fileURLToPath(import.meta.url))
  .split('\\')
  .join('/');

/** A broken reference: the file, its line, and what it names. */
interface BrokenReference {
  at: string;
  names: string;
}

/** The references in one text that point nowhere, given which `docs/` paths exist. */
function brokenReferences(path: string, text: string, exists: (docsPath: string) => boolean): BrokenReference[] {
  const broken: BrokenReference[] = [];
  text.split('\n').forEach((line, number) => {
    const at = `${path}:${number + 1}`;
    for (const match of line.matchAll(OUTSIDE)) broken.push({ at, names: match[0] });
    for (const match of line.matchAll(DOCS_PATH)) if (!exists(match[1]!)) broken.push({ at, names: match[1]! });
  });
  return broken;
}

function textFiles(path: string, into: string[]): void {
  const full = join(root, path);
  if (!existsSync(full)) return;
  if (statSync(full).isDirectory()) {
    for (const name of readdirSync(full)) if (!SKIPPED_DIRECTORIES.has(name)) textFiles(`${path}/${name}`, into);
  } else if (TEXT_FILE.test(path.split('/').pop()!) && path !== SELF) {
    into.push(path);
  }
}

describe('document references in sources', () => {
  let files: string[];

  beforeAll(() => {
    files = [];
    for (const top of SCANNED) textFiles(top, files);
  });

  it('scans the sources, the manifests and the protos', () => {
    expect(files.length).toBeGreaterThan(300);
    expect(files).toContain('libs/proto/proto/yoko/v1/yoko.proto');
    expect(files).toContain('Dockerfile');
    expect(files.some((file) => file.startsWith('k8s/'))).toBe(true);
  });

  it('every document they name exists in the repository', () => {
    const exists = (docsPath: string) => existsSync(join(root, docsPath));
    const broken = files.flatMap((file) => brokenReferences(file, readFileSync(join(root, file), 'utf8'), exists));
    expect(broken).toEqual([]);
  });

  it('tells a broken reference from a good one', () => {
    const text = [
      '// contract: WIRE.md §2, see also TOOLCHAIN.md',
      ' * ARCHITECTURE.md, "Variables schema"; STYLE.md',
      '# sizes in docs/deployment.md and docs/missing.md',
      'see ../docs/wire.md; apps/x/docs/notes.md is not a root doc; MY-WIRE.md is not ours',
    ].join('\n');
    const known = new Set(['docs/deployment.md', 'docs/wire.md']);
    expect(brokenReferences('x.ts', text, (path) => known.has(path))).toEqual([
      { at: 'x.ts:1', names: 'WIRE.md' },
      { at: 'x.ts:1', names: 'TOOLCHAIN.md' },
      { at: 'x.ts:2', names: 'ARCHITECTURE.md' },
      { at: 'x.ts:2', names: 'STYLE.md' },
      { at: 'x.ts:3', names: 'docs/missing.md' },
    ]);
  });
});
