// In-process Zipf(1) traffic over N copies of the bench schemas through one IndexReader (docs/performance.md, "What evicts at 200 graphs").
// MAXMIB=512 node_modules/.bin/node --expose-gc scripts/cache-zipf.mjs <graphs> <requests> <decoded share 1/x> <block share 1/x>  (after npm run build)
import { buildSchemaFromSdl, extractSymbols, searchHitRecord } from '@discovery/schema-symbols';
import { buildSearchIndex, writeIndexArtifact } from '@discovery/ranking';
import { IndexReader } from '@discovery/index-reader';
import { benchCorpus } from './bench-corpus.mjs';
import { seeded, zipf } from '@discovery/bench/dist/many-graphs/graph-set.js';

const [graphs, requests, dDen, bDen] = process.argv.slice(2).map(Number);
const { bases, queries } = benchCorpus();
const built = bases.map((b) => {
  const symbols = extractSymbols(buildSchemaFromSdl(b.sdl).schema);
  return {
    name: b.name,
    n: symbols.length,
    index: Buffer.from(writeIndexArtifact(buildSearchIndex(symbols)).index),
    coords: symbols.filter((_, i) => i % 37 === 0).map((s) => s.coordinate),
  };
});
const ids = Array.from({ length: graphs }, (_, g) => `g${g}`);
const graphOf = (id) => built[Number(id.slice(1)) % built.length];
const store = {
  async getMeta(id) {
    return { state: 'ready', builtVersion: 'v', indexedAt: 1, storedBytes: graphOf(id).index.byteLength };
  },
  async claimOf() {
    return 1;
  },
  async touch() {},
  async getArtifacts(id) {
    return { index: Buffer.from(graphOf(id).index) };
  },
};
let hits = 0;
let misses = 0;
let evictions = 0;
const MiB = 2 ** 20;
const max = Number(process.env.MAXMIB ?? 512) * MiB;
const reader = new IndexReader(
  store,
  undefined,
  {
    idleTtlMs: 1e9,
    currentVersion: 'v',
    cacheMaxBytes: max,
    vectorWeight: 0,
    verifyIntervalMs: 1e9,
    decodedSymbolBytes: dDen ? Math.floor(max / dDen) : 0,
    inflatedBlockBytes: bDen ? Math.floor(max / bDen) : 0,
  },
  { cacheLookup: (hit) => (hit ? hits++ : misses++), indexEvicted: () => evictions++ },
);
const dec = reader['decoded'];
let inflates = 0;
let blockReads = 0;
const scope = dec.scope.bind(dec);
dec.scope = () => {
  const s = scope();
  const block = s.block;
  s.block = (b) => {
    blockReads++;
    const x = block(b);
    if (x === undefined) inflates++;
    return x;
  };
  return s;
};
const payloads = new WeakMap();
const serve = (symbol) => {
  const r = searchHitRecord(symbol.record);
  if (!payloads.has(r)) payloads.set(r, JSON.stringify(r));
};
const random = seeded(21);
const pick = zipf(graphs, 1, random);
const touched = new Map();
let _searches = 0;
const t0 = process.cpuUsage();
for (let r = 0; r < requests; r++) {
  const id = ids[pick()];
  const index = await reader.open(id, 't');
  touched.set(id, index.bytes);
  const draw = random();
  if (draw < 0.95 && draw >= 0.75) {
    const g = graphOf(id);
    for (const s of reader.getSymbols(index, g.coords.slice(r % Math.max(1, g.coords.length - 5), (r % Math.max(1, g.coords.length - 5)) + 5))) serve(s);
  } else {
    _searches++;
    for (const h of await reader.search(index, { query: queries[Math.floor(random() * queries.length)], limit: 20 })) serve(h.symbol);
  }
}
const cpu = process.cpuUsage(t0);
globalThis.gc?.();
globalThis.gc?.();
const m = process.memoryUsage();
const touchedBytes = [...touched.values()].reduce((a, b) => a + b, 0);
console.log(
  JSON.stringify({
    graphs,
    requests,
    split: `1/${dDen} decoded, 1/${bDen} blocks`,
    hitRate: +((100 * hits) / (hits + misses)).toFixed(2),
    coldLoads: misses,
    evictions,
    distinctGraphs: touched.size,
    touchedCountedMiB: +(touchedBytes / MiB).toFixed(1),
    indexBudgetMiB: +(reader['cache'].maxBytes / MiB).toFixed(1),
    heldMiB: +((reader['cache'].bytes + dec.bytes) / MiB).toFixed(1),
    blockReadsPerRequest: +(blockReads / requests).toFixed(2),
    inflatesPerRequest: +(inflates / requests).toFixed(2),
    cpuMsPerRequest: +((cpu.user + cpu.system) / 1000 / requests).toFixed(3),
    heapPlusAbMiB: +((m.heapUsed + m.arrayBuffers) / MiB).toFixed(0),
    rssMiB: +(m.rss / MiB).toFixed(0),
  }),
);
