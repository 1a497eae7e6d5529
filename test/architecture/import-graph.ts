/**
 * The import graph of the monorepo's TypeScript sources, read with the
 * compiler's own pre-processor (`ts.preProcessFile`: static imports, `export
 * ... from`, `import type` and literal dynamic `import()`), for the layering
 * rules in layering.spec.ts. Paths are relative to the repository root, with
 * forward slashes.
 */
import { existsSync, readdirSync, readFileSync, statSync } from 'node:fs';
import { dirname, join, posix, relative } from 'node:path';
import ts from 'typescript';

/** One source file and the module specifiers it imports. */
export interface SourceFile {
  /** Path from the repository root, e.g. `libs/ranking/src/search.ts`. */
  path: string;
  /** The package the file belongs to: `apps/indexer`, `libs/ranking`, `bench` or `test`. */
  owner: string;
  /** Test-only code: a spec, a `test/` or `testing/` folder, or the `test/` tree. */
  isTest: boolean;
  specifiers: string[];
}

const ROOTS = ['apps', 'libs', 'bench', 'test'];
const SKIPPED_DIRECTORIES = new Set(['node_modules', 'dist', 'fixtures', 'data', 'results']);
const TEST_FILE = /\.(spec|int-spec|e2e-spec|cluster-spec|reliability)\.ts$/;

/** Every `.ts` file under apps/, libs/, bench/ and test/ (no node_modules, dist or data). */
export function readSources(root: string): SourceFile[] {
  const files: SourceFile[] = [];
  for (const top of ROOTS) walk(root, join(root, top), files);
  return files;
}

function walk(root: string, directory: string, into: SourceFile[]): void {
  if (!existsSync(directory)) return;
  for (const name of readdirSync(directory)) {
    const full = join(directory, name);
    if (statSync(full).isDirectory()) {
      if (!SKIPPED_DIRECTORIES.has(name)) walk(root, full, into);
    } else if (name.endsWith('.ts') && !name.endsWith('.d.ts')) {
      const path = relative(root, full).split('\\').join('/');
      const imports = ts.preProcessFile(readFileSync(full, 'utf8'), true, true).importedFiles;
      into.push({ path, owner: ownerOf(path), isTest: isTestPath(path), specifiers: imports.map((entry) => entry.fileName) });
    }
  }
}

/** The package a path belongs to. */
export function ownerOf(path: string): string {
  const parts = path.split('/');
  return parts[0] === 'apps' || parts[0] === 'libs' ? `${parts[0]}/${parts[1]}` : (parts[0] ?? path);
}

/** Whether a path is test-only code (specs, `test/` and `testing/` folders, the root `test/` tree). */
export function isTestPath(path: string): boolean {
  const folders = path.split('/').slice(0, -1);
  return TEST_FILE.test(path) || folders.includes('test') || folders.includes('testing');
}

/** A relative specifier resolved to a source path (`./x.js` -> `x.ts` or `x/index.ts`); undefined when not a relative import of a source file. */
export function resolveRelative(from: string, specifier: string, known: ReadonlySet<string>): string | undefined {
  if (!specifier.startsWith('.')) return undefined;
  const base = posix.normalize(posix.join(dirname(from).split('\\').join('/'), specifier));
  const stem = base.replace(/\.(js|ts|mjs)$/, '');
  return [`${stem}.ts`, `${base}/index.ts`, `${stem}/index.ts`].find((candidate) => known.has(candidate));
}

/** The workspace package a `@discovery/...` specifier names (`@discovery/mcp/testing` -> `mcp`). */
export function workspacePackage(specifier: string): string | undefined {
  return /^@discovery\/([a-z0-9-]+)/.exec(specifier)?.[1];
}

/** A `@discovery/<lib>[/<entry>]` specifier resolved to the library's entry file, when it is one of `known`. */
export function resolveWorkspace(specifier: string, known: ReadonlySet<string>): string | undefined {
  const match = /^@discovery\/([a-z0-9-]+)(?:\/([a-z0-9-]+))?$/.exec(specifier);
  if (!match) return undefined;
  const file = match[2] === undefined ? `libs/${match[1]}/src/index.ts` : `libs/${match[1]}/src/${match[2]}/index.ts`;
  return known.has(file) ? file : undefined;
}

/** Every file reachable from `starts` by relative and workspace imports (the starts included). */
export function reachableFrom(starts: readonly string[], files: readonly SourceFile[]): Set<string> {
  const byPath = new Map(files.map((file) => [file.path, file]));
  const known = new Set(byPath.keys());
  const seen = new Set<string>();
  const work = [...starts];
  while (work.length > 0) {
    const path = work.pop()!;
    if (seen.has(path)) continue;
    seen.add(path);
    for (const specifier of byPath.get(path)?.specifiers ?? []) {
      const target = resolveRelative(path, specifier, known) ?? resolveWorkspace(specifier, known);
      if (target !== undefined && !seen.has(target)) work.push(target);
    }
  }
  return seen;
}

/**
 * Strongly connected components with more than one node, or a node importing
 * itself: every import cycle of the graph (Tarjan's algorithm, iterative).
 */
export function findCycles(graph: ReadonlyMap<string, ReadonlySet<string>>): string[][] {
  const index = new Map<string, number>();
  const low = new Map<string, number>();
  const onStack = new Set<string>();
  const stack: string[] = [];
  const cycles: string[][] = [];
  let counter = 0;
  for (const start of graph.keys()) {
    if (index.has(start)) continue;
    const work: Array<{ node: string; next: Iterator<string> }> = [];
    const enter = (node: string): void => {
      index.set(node, counter);
      low.set(node, counter++);
      stack.push(node);
      onStack.add(node);
      work.push({ node, next: (graph.get(node) ?? new Set<string>()).values() });
    };
    enter(start);
    while (work.length > 0) {
      const frame = work[work.length - 1]!;
      const step = frame.next.next();
      if (!step.done) {
        const target = step.value;
        if (!index.has(target)) enter(target);
        else if (onStack.has(target)) low.set(frame.node, Math.min(low.get(frame.node)!, index.get(target)!));
        continue;
      }
      work.pop();
      const parent = work[work.length - 1];
      if (parent) low.set(parent.node, Math.min(low.get(parent.node)!, low.get(frame.node)!));
      if (low.get(frame.node) !== index.get(frame.node)) continue;
      const component: string[] = [];
      let member: string;
      do {
        member = stack.pop()!;
        onStack.delete(member);
        component.push(member);
      } while (member !== frame.node);
      if (component.length > 1 || graph.get(frame.node)?.has(frame.node)) cycles.push(component.sort());
    }
  }
  return cycles;
}

/** Adds an edge to an adjacency map. */
export function addEdge(graph: Map<string, Set<string>>, from: string, to: string): void {
  const targets = graph.get(from) ?? new Set<string>();
  targets.add(to);
  graph.set(from, targets);
}
