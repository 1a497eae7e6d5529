/**
 * The layering rules of docs/development.md, checked over the real import
 * graph so that breaking one fails the build: apps never import other apps,
 * and libraries never import apps; apps wire library assemblies into Nest modules
 * and import no HTTP framework, storage or queue driver, metrics client or model
 * client; Nest (`@nestjs/*`) lives in the apps and libs/nest-modules only;
 * the core libraries (schema-symbols, ranking, schema-slice, index-reader,
 * generation) import no Nest, ioredis or BullMQ; discovery reaches generation
 * only through its `contract` entry point, and neither it nor the schema slice
 * loads the model client (`openai`); test helpers
 * are imported from test code only; and no import cycles, neither between files
 * of a package nor between packages.
 */
import { beforeAll, describe, expect, it } from '@jest/globals';
import { fileURLToPath } from 'node:url';
import {
  addEdge,
  findCycles,
  isTestPath,
  ownerOf,
  reachableFrom,
  readSources,
  resolveRelative,
  resolveWorkspace,
  workspacePackage,
  type SourceFile,
} from './import-graph.js';

const root = fileURLToPath(new URL('../..', import.meta.url));
const APPS = ['cli', 'generator', 'indexer', 'mcp-bridge', 'serve'];
const CORE_LIBRARIES = ['libs/schema-symbols', 'libs/ranking', 'libs/schema-slice', 'libs/index-reader', 'libs/generation'];
/** What only libraries touch: apps get them through the assemblies and their Nest modules (@discovery/nest-modules). */
const FORBIDDEN_IN_APPS = /^(express$|ioredis$|ioredis\/|bullmq$|bullmq\/|prom-client$|openai$|openai\/|@connectrpc\/connect-node$)/;
const FORBIDDEN_IN_CORE = /^(@nestjs\/|ioredis$|ioredis\/|bullmq$|bullmq\/)/;
/** Nest is where things are wired: the apps and the one library of Nest modules. */
const NEST = /^@nestjs\//;
const NEST_LIBRARIES = ['libs/nest-modules'];
/** The language model client: the generator's alone. */
const MODEL_CLIENT = /^openai($|\/)/;
/** What discovery may import of generation: the job contract. */
const GENERATION_ENTRIES_FOR_DISCOVERY = ['@discovery/generation/contract'];

let sources: SourceFile[];
let production: SourceFile[];
let known: Set<string>;

beforeAll(() => {
  sources = readSources(root);
  production = sources.filter((file) => !file.isTest);
  known = new Set(sources.map((file) => file.path));
});

/** `file -> specifier` lines for the imports a predicate rejects. */
function violations(files: SourceFile[], rejects: (file: SourceFile, specifier: string) => boolean): string[] {
  return files.flatMap((file) => file.specifiers.filter((specifier) => rejects(file, specifier)).map((specifier) => `${file.path} -> ${specifier}`));
}

describe('layering', () => {
  it('reads the whole tree', () => {
    expect(production.length).toBeGreaterThan(200);
    expect(known.has('libs/ranking/src/search.ts')).toBe(true);
  });

  it('apps never import other apps, by package name or by relative path', () => {
    const found = violations(
      production.filter((file) => file.owner.startsWith('apps/')),
      (file, specifier) => {
        const named = workspacePackage(specifier);
        if (named !== undefined) return APPS.includes(named) && `apps/${named}` !== file.owner;
        const target = resolveRelative(file.path, specifier, known);
        return target !== undefined && ownerOf(target) !== file.owner;
      },
    );
    expect(found).toEqual([]);
  });

  it('libraries never import apps', () => {
    const found = violations(
      production.filter((file) => file.owner.startsWith('libs/')),
      (_file, specifier) => {
        const named = workspacePackage(specifier);
        return named !== undefined && APPS.includes(named);
      },
    );
    expect(found).toEqual([]);
  });

  it('apps wire assemblies: no HTTP framework, storage or queue driver, metrics client or model client of their own', () => {
    const found = violations(
      production.filter((file) => file.owner.startsWith('apps/')),
      (_file, specifier) => FORBIDDEN_IN_APPS.test(specifier),
    );
    expect(found).toEqual([]);
  });

  it('Nest is imported by the apps and libs/nest-modules only: every other library stays free of it', () => {
    const found = violations(
      production.filter((file) => file.owner.startsWith('libs/') && !NEST_LIBRARIES.includes(file.owner)),
      (_file, specifier) => NEST.test(specifier),
    );
    expect(found).toEqual([]);
    expect(production.some((file) => file.owner.startsWith('apps/') && file.specifiers.some((specifier) => NEST.test(specifier)))).toBe(true);
  });

  it('schema-symbols, ranking, schema-slice, index-reader and generation import no Nest, ioredis or BullMQ', () => {
    const found = violations(
      production.filter((file) => CORE_LIBRARIES.includes(file.owner)),
      (_file, specifier) => FORBIDDEN_IN_CORE.test(specifier),
    );
    expect(found).toEqual([]);
  });

  it('discovery imports generation only through its contract entry point, and never the model client', () => {
    const found = violations(
      production.filter((file) => file.owner === 'libs/discovery'),
      (_file, specifier) =>
        MODEL_CLIENT.test(specifier) || (workspacePackage(specifier) === 'generation' && !GENERATION_ENTRIES_FOR_DISCOVERY.includes(specifier)),
    );
    expect(found).toEqual([]);
  });

  it('nothing the contract of generation or the schema slice loads imports the model client', () => {
    const entries = [...GENERATION_ENTRIES_FOR_DISCOVERY, '@discovery/schema-slice'].map((specifier) => resolveWorkspace(specifier, known));
    expect(entries).not.toContain(undefined);
    const reached = reachableFrom(entries as string[], production);
    expect(reached.size).toBeGreaterThan(entries.length);
    const loaders = production.filter((file) => reached.has(file.path) && file.specifiers.some((s) => MODEL_CLIENT.test(s))).map((file) => file.path);
    expect(loaders).toEqual([]);
  });

  it("libs/testing and the libraries' testing entry points are imported only from test code (and the benchmarks)", () => {
    // The benchmarks drive generation against the scripted model server of libs/testing, as the tests do.
    const shipped = production.filter((file) => file.owner !== 'bench');
    const found = violations(shipped, (_file, specifier) => specifier === '@discovery/testing' || /^@discovery\/[a-z0-9-]+\/testing$/.test(specifier));
    expect(found).toEqual([]);
  });

  it('no import cycles between the files of a package', () => {
    const graph = new Map<string, Set<string>>();
    for (const file of production) {
      graph.set(file.path, graph.get(file.path) ?? new Set());
      for (const specifier of file.specifiers) {
        const target = resolveRelative(file.path, specifier, known);
        if (target !== undefined && !isTestPath(target)) addEdge(graph, file.path, target);
      }
    }
    expect(findCycles(graph)).toEqual([]);
  });

  it('no import cycles between packages', () => {
    const graph = new Map<string, Set<string>>();
    for (const file of production) {
      for (const specifier of file.specifiers) {
        const named = workspacePackage(specifier);
        if (named === undefined) continue;
        const target = APPS.includes(named) ? `apps/${named}` : `libs/${named}`;
        if (target !== file.owner) addEdge(graph, file.owner, target);
      }
    }
    expect(findCycles(graph)).toEqual([]);
  });
});

describe('the cycle finder', () => {
  it('finds a cycle of three and a self-import, and nothing in a tree', () => {
    const graph = new Map<string, Set<string>>();
    addEdge(graph, 'a', 'b');
    addEdge(graph, 'b', 'c');
    addEdge(graph, 'c', 'a');
    addEdge(graph, 'c', 'd');
    addEdge(graph, 'e', 'e');
    addEdge(graph, 'f', 'd');
    expect(findCycles(graph).sort()).toEqual([['a', 'b', 'c'], ['e']]);
  });

  it('resolves relative specifiers to files and folders', () => {
    const files = new Set(['libs/x/src/a.ts', 'libs/x/src/b/index.ts']);
    expect(resolveRelative('libs/x/src/b/index.ts', '../a.js', files)).toBe('libs/x/src/a.ts');
    expect(resolveRelative('libs/x/src/a.ts', './b/index.js', files)).toBe('libs/x/src/b/index.ts');
    expect(resolveRelative('libs/x/src/a.ts', './b', files)).toBe('libs/x/src/b/index.ts');
    expect(resolveRelative('libs/x/src/a.ts', 'graphql', files)).toBeUndefined();
  });

  it('tells test code from production code', () => {
    expect(isTestPath('libs/ranking/src/search.spec.ts')).toBe(true);
    expect(isTestPath('libs/mcp/src/testing/fake-discovery.ts')).toBe(true);
    expect(isTestPath('apps/indexer/test/support.ts')).toBe(true);
    expect(isTestPath('test/reliability/load.reliability.ts')).toBe(true);
    expect(isTestPath('libs/ranking/src/search.ts')).toBe(false);
  });
});
