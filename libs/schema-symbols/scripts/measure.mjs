/**
 * Measures buildSchemaFromSdl and extractSymbols on SDL files (median of runs
 * after a warm-up). Run after `npm run build -w @discovery/schema-symbols`:
 *   npx node libs/schema-symbols/scripts/measure.mjs <file.graphql>...
 */
import { readFileSync } from 'node:fs';
import { buildSchemaFromSdl, extractSymbols, searchHitRecord } from '../dist/index.js';

const RUNS = Number(process.env.RUNS ?? 5);

function median(values) {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.floor(sorted.length / 2)];
}

/** Wall time and CPU time (user + system, all threads) of one call, in ms. */
function time(fn) {
  const cpu = process.cpuUsage();
  const start = performance.now();
  const result = fn();
  const used = process.cpuUsage(cpu);
  return [performance.now() - start, (used.user + used.system) / 1000, result];
}

for (const file of process.argv.slice(2)) {
  const sdl = readFileSync(file, 'utf8');
  const builds = [];
  const extracts = [];
  const buildCpu = [];
  const extractCpu = [];
  let built;
  let symbols;
  for (let run = 0; run <= RUNS; run++) {
    const [buildMs, buildCpuMs, b] = time(() => buildSchemaFromSdl(sdl));
    const [extractMs, extractCpuMs, s] = time(() => extractSymbols(b.schema));
    if (run > 0) {
      builds.push(buildMs);
      extracts.push(extractMs);
      buildCpu.push(buildCpuMs);
      extractCpu.push(extractCpuMs);
    }
    built = b;
    symbols = s;
  }
  const recordBytes = symbols.reduce((sum, symbol) => sum + JSON.stringify(symbol.record).length, 0);
  const largest = (view) =>
    symbols.map((symbol) => [symbol.coordinate, Buffer.byteLength(JSON.stringify(view(symbol.record)))]).reduce((a, b) => (b[1] > a[1] ? b : a));
  console.log(
    `${file}: ${(sdl.length / 1e6).toFixed(2)} MB, lenient=${built.lenient}, ${symbols.length} symbols, ` +
      `build ${median(builds).toFixed(0)} ms (cpu ${median(buildCpu).toFixed(0)}), ` +
      `extract ${median(extracts).toFixed(0)} ms (cpu ${median(extractCpu).toFixed(0)}) (median of ${RUNS}), ` +
      `records ${(recordBytes / 1e6).toFixed(2)} MB, largest record ${largest((r) => r).join(' ')} B, ` +
      `largest search hit ${largest(searchHitRecord).join(' ')} B`,
  );
}
