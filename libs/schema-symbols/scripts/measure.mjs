/**
 * Measures buildSchemaFromSdl and extractSymbols on SDL files (median of runs
 * after a warm-up). Run after `npm run build -w @discovery/schema-symbols`:
 *   npx node libs/schema-symbols/scripts/measure.mjs <file.graphql>...
 */
import { readFileSync } from 'node:fs';
import { buildSchemaFromSdl, extractSymbols } from '../dist/index.js';

const RUNS = Number(process.env.RUNS ?? 5);

function median(values) {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.floor(sorted.length / 2)];
}

function time(fn) {
  const start = performance.now();
  const result = fn();
  return [performance.now() - start, result];
}

for (const file of process.argv.slice(2)) {
  const sdl = readFileSync(file, 'utf8');
  const builds = [];
  const extracts = [];
  let built;
  let symbols;
  for (let run = 0; run <= RUNS; run++) {
    const [buildMs, b] = time(() => buildSchemaFromSdl(sdl));
    const [extractMs, s] = time(() => extractSymbols(b.schema));
    if (run > 0) {
      builds.push(buildMs);
      extracts.push(extractMs);
    }
    built = b;
    symbols = s;
  }
  const recordBytes = symbols.reduce((sum, symbol) => sum + JSON.stringify(symbol.record).length, 0);
  console.log(
    `${file}: ${(sdl.length / 1e6).toFixed(2)} MB, lenient=${built.lenient}, ${symbols.length} symbols, ` +
      `build ${median(builds).toFixed(0)} ms, extract ${median(extracts).toFixed(0)} ms (median of ${RUNS}), ` +
      `records ${(recordBytes / 1e6).toFixed(2)} MB`,
  );
}
