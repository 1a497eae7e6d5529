/**
 * Lines of wiring code per app: the non-blank, non-comment lines of the TypeScript files under
 * apps/<app>/src (tests excluded), the figure docs/architecture.md ("Assembly") records.
 * Run by Node 24 directly: `node scripts/wiring-lines.ts`.
 */
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';

const root = join(import.meta.dirname, '..');
const TEST_FILE = /\.(spec|int-spec|e2e-spec|cluster-spec)\.ts$/;

/** Lines that are neither blank nor inside a comment (`//`, `/* ... *\/`). */
function codeLines(text: string): number {
  let count = 0;
  let inBlock = false;
  for (const raw of text.split('\n')) {
    let line = raw.trim();
    if (inBlock) {
      const end = line.indexOf('*/');
      if (end < 0) continue;
      inBlock = false;
      line = line.slice(end + 2).trim();
    }
    if (line.startsWith('/*')) {
      const end = line.indexOf('*/', 2);
      if (end < 0) {
        inBlock = true;
        continue;
      }
      line = line.slice(end + 2).trim();
    }
    if (line === '' || line.startsWith('//')) continue;
    count++;
  }
  return count;
}

const rows: [string, number, number][] = [];
for (const app of readdirSync(join(root, 'apps')).sort()) {
  const src = join(root, 'apps', app, 'src');
  let files = 0;
  let lines = 0;
  try {
    for (const entry of readdirSync(src, { recursive: true, withFileTypes: true })) {
      if (!entry.isFile() || !entry.name.endsWith('.ts') || TEST_FILE.test(entry.name)) continue;
      files++;
      lines += codeLines(readFileSync(join(entry.parentPath, entry.name), 'utf8'));
    }
  } catch {
    continue;
  }
  rows.push([app, files, lines]);
}
for (const [app, files, lines] of rows) console.log(`${app.padEnd(12)} ${String(files).padStart(3)} files ${String(lines).padStart(5)} lines`);
console.log(
  `${'total'.padEnd(12)} ${String(rows.reduce((n, r) => n + r[1], 0)).padStart(3)} files ${String(rows.reduce((n, r) => n + r[2], 0)).padStart(5)} lines`,
);
