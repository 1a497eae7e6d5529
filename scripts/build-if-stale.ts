/**
 * `npm start` and the other start scripts: build only when something changed since the last
 * build. Each workspace package whose sources (src/, package.json) or the shared build settings
 * are newer than its newest dist/ file, or that has no dist/, makes this run `npm run build`
 * (nx, cached per package). A built checkout starts at once instead of spending ~20 s in nx.
 * Run by Node 24 directly (type stripping): no imports of the project, no build of its own.
 * `--check` prints what is stale and exits 1 instead of building.
 */
import { spawnSync } from 'node:child_process';
import { existsSync, readdirSync, readFileSync, statSync } from 'node:fs';
import { join } from 'node:path';

const root = join(import.meta.dirname, '..');
const SHARED = ['swc.build.json', 'tsconfig.base.json', 'package-lock.json'].map((f) => join(root, f));
const TEST_FILE = /\.(spec|int-spec|e2e-spec|cluster-spec)\.ts$/;

/** Newest modification time of the files under `path` that `keep` accepts (0 when none). */
function newest(path: string, keep: (file: string) => boolean = () => true): number {
  if (!existsSync(path)) return 0;
  if (!statSync(path).isDirectory()) return statSync(path).mtimeMs;
  let latest = 0;
  for (const entry of readdirSync(path, { recursive: true, withFileTypes: true })) {
    if (!entry.isFile() || !keep(entry.name)) continue;
    latest = Math.max(latest, statSync(join(entry.parentPath, entry.name)).mtimeMs);
  }
  return latest;
}

/** The workspace packages with a build script, as folders relative to the root. */
function buildablePackages(): string[] {
  const manifest = JSON.parse(readFileSync(join(root, 'package.json'), 'utf8')) as { workspaces: string[] };
  const folders = manifest.workspaces.flatMap((pattern) =>
    pattern.endsWith('/*') ? readdirSync(join(root, pattern.slice(0, -2))).map((name) => `${pattern.slice(0, -2)}/${name}`) : [pattern],
  );
  return folders.filter((folder) => {
    const file = join(root, folder, 'package.json');
    return existsSync(file) && Boolean((JSON.parse(readFileSync(file, 'utf8')) as { scripts?: { build?: string } }).scripts?.build);
  });
}

export function stalePackages(): string[] {
  const shared = Math.max(...SHARED.map((file) => newest(file)));
  return buildablePackages().filter((folder) => {
    const built = newest(join(root, folder, 'dist'));
    const sources = Math.max(newest(join(root, folder, 'src'), (f) => !TEST_FILE.test(f)), newest(join(root, folder, 'package.json')), shared);
    return built === 0 || sources > built;
  });
}

const stale = stalePackages();
if (process.argv.includes('--check')) {
  process.stdout.write(stale.length ? `stale: ${stale.join(', ')}\n` : 'up to date\n');
  process.exit(stale.length ? 1 : 0);
}
if (stale.length > 0) {
  process.stderr.write(`Building (changed since the last build: ${stale.join(', ')})...\n`);
  const result = spawnSync('npm', ['run', 'build', '--silent'], { cwd: root, stdio: 'inherit' });
  process.exit(result.status ?? 1);
}
