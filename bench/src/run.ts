/**
 * Entry point of `npm run bench`: loads every section file in sections/, runs
 * them (all, or `--only a,b`), prints their tables and writes each section's
 * JSON to bench/results/<section>.json. Extra arguments after `--` reach the
 * sections as `args`.
 */
import { mkdir, readdir, writeFile } from 'node:fs/promises';
import { dirname, join } from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { registeredSections, type BenchContext } from './bench-section.js';
import { formatTable } from './bench-table.js';

const here = dirname(fileURLToPath(import.meta.url));
const benchDir = join(here, '..');

async function loadSections(): Promise<void> {
  const dir = join(here, 'sections');
  const files = (await readdir(dir)).filter((f) => f.endsWith('.section.js')).sort();
  for (const file of files) await import(pathToFileURL(join(dir, file)).href);
}

function parseArgs(argv: string[]): { only?: string[]; rest: string[] } {
  const rest: string[] = [];
  let only: string[] | undefined;
  for (let i = 0; i < argv.length; i++) {
    const arg = argv[i]!;
    if (arg === '--only') {
      const value = argv[++i];
      if (value === undefined) throw new Error('--only needs a section name (comma-separated for several).');
      only = [...(only ?? []), ...value.split(',').filter((s) => s.length > 0)];
    } else if (arg.startsWith('--only=')) {
      only = [
        ...(only ?? []),
        ...arg
          .slice('--only='.length)
          .split(',')
          .filter((s) => s.length > 0),
      ];
    } else {
      rest.push(arg);
    }
  }
  return only === undefined ? { rest } : { only, rest };
}

async function main(): Promise<void> {
  const { only, rest } = parseArgs(process.argv.slice(2));
  await loadSections();
  const all = registeredSections();
  const unknown = (only ?? []).filter((name) => !all.some((s) => s.name === name));
  if (unknown.length > 0) {
    throw new Error(`Unknown bench section(s): ${unknown.join(', ')}. Known: ${all.map((s) => s.name).join(', ')}.`);
  }
  const chosen = only === undefined ? all : all.filter((s) => only.includes(s.name));
  const resultsDir = join(benchDir, 'results');
  await mkdir(resultsDir, { recursive: true });
  const context: BenchContext = {
    dataDir: join(benchDir, 'data'),
    resultsDir,
    args: rest,
    log: (message) => process.stderr.write(`${message}\n`),
  };
  for (const section of chosen) {
    context.log(`# ${section.name}: ${section.description}`);
    const started = performance.now();
    const result = await section.run(context);
    for (const table of result.tables) process.stdout.write(`${formatTable(table)}\n\n`);
    const file = join(resultsDir, `${section.name}.json`);
    const record = { section: section.name, at: new Date().toISOString(), seconds: (performance.now() - started) / 1000, data: result.data };
    await writeFile(file, `${JSON.stringify(record, null, 2)}\n`);
    context.log(`wrote ${file}`);
  }
}

main().catch((error: unknown) => {
  process.stderr.write(`bench failed: ${error instanceof Error ? (error.stack ?? error.message) : String(error)}\n`);
  process.exitCode = 1;
});
