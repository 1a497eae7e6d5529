// Builds the console's browser code (web/) into dist/web with esbuild: one ES module bundle, the
// stylesheet and the page. Run by this library's `build` (npm run build); nothing is fetched.
import { build } from 'esbuild';
import { copyFileSync, mkdirSync } from 'node:fs';
import { fileURLToPath } from 'node:url';

const here = (path) => fileURLToPath(new URL(`../${path}`, import.meta.url));
mkdirSync(here('dist/web'), { recursive: true });
await build({
  entryPoints: [here('web/main.tsx')],
  outfile: here('dist/web/console.js'),
  bundle: true,
  format: 'esm',
  platform: 'browser',
  target: ['es2022'],
  minify: true,
  sourcemap: false,
  jsx: 'automatic',
  jsxImportSource: 'preact',
  legalComments: 'none',
  logLevel: 'warning',
});
copyFileSync(here('web/index.html'), here('dist/web/index.html'));
copyFileSync(here('web/console.css'), here('dist/web/console.css'));
