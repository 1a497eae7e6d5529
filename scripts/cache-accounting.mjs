// In-process check of what IndexReader counts against the heap and ArrayBuffer growth it holds (docs/performance.md, "What the cache counts, measured").
// node_modules/.bin/node --expose-gc scripts/cache-accounting.mjs [copies] [searches] [schema name prefix]  (after npm run build)
import { buildSchemaFromSdl, extractSymbols, searchHitRecord } from '@discovery/schema-symbols';
import { buildSearchIndex, writeIndexArtifact } from '@discovery/ranking';
import { IndexReader } from '@discovery/index-reader';
import { benchCorpus } from './bench-corpus.mjs';

const copies = Number(process.argv[2] ?? 4);
const searches = Number(process.argv[3] ?? 40);
const only = process.argv[4];
const { bases, queries } = benchCorpus();
const built = [];
for (const b of bases) {
  if (only && !b.name.startsWith(only)) continue;
  const symbols = extractSymbols(buildSchemaFromSdl(b.sdl).schema);
  const parts = writeIndexArtifact(buildSearchIndex(symbols));
  built.push({ name: b.name, n: symbols.length, index: Buffer.from(parts.index), sdl: b.sdl });
}
const store = {
  ids: new Map(),
  async getMeta(id) {
    return { state: 'ready', builtVersion: 'v', indexedAt: 1, storedBytes: this.ids.get(id).index.byteLength };
  },
  async claimOf() {
    return 1;
  },
  async touch() {},
  async getSdl(id) {
    return this.ids.get(id).sdl;
  },
  async getArtifacts(id) {
    return { index: Buffer.from(this.ids.get(id).index) };
  },
};
let held = { count: 0, bytes: 0 };
let evictions = 0;
const reader = new IndexReader(
  store,
  undefined,
  { idleTtlMs: 1e9, currentVersion: 'v', cacheMaxBytes: 64 * 1024 ** 3, vectorWeight: 0 },
  {
    indexesHeld: (count, bytes) => (held = { count, bytes }),
    indexEvicted: () => evictions++,
  },
);
const gc = globalThis.gc;
const mib = (x) => (x / 2 ** 20).toFixed(1);
const d = (a, b) => ({ heap: b.heap - a.heap, ab: b.ab - a.ab });
const heap = () => {
  gc();
  gc();
  const m = process.memoryUsage();
  return { heap: m.heapUsed, ab: m.arrayBuffers, ext: m.external };
};
const ids = [];
for (let c = 0; c < copies; c++)
  for (const b of built) {
    const id = `${b.name}#${c}`;
    store.ids.set(id, b);
    ids.push(id);
  }
const symbolsTotal = copies * built.reduce((s, b) => s + b.n, 0);
const h0 = heap();
const loaded = [];
for (const id of ids) loaded.push(await reader.open(id));
const h1 = heap();
const countedOpen = held.bytes;
const artifactBytes = loaded.reduce((s, l) => s + l.search.stored.artifact.byteLength, 0);
const heapEst = loaded.reduce((s, l) => s + l.search.heapBytes, 0);
let q = 0;
const payloads = new WeakMap();
const payloadOf = (r) => {
  let p = payloads.get(r);
  if (p === undefined) {
    p = JSON.stringify(r);
    payloads.set(r, p);
  }
  return p;
};
for (let r = 0; r < searches; r++)
  for (const l of loaded) {
    const hits = await reader.search(l, { query: queries[q++ % queries.length], limit: 20 });
    for (const h of hits) payloadOf(searchHitRecord(h.symbol.record));
  }
const h2 = heap();
const dec = reader['decoded'];
held = { bytes: reader['cache'].bytes + dec.bytes };
const symTotal = dec.symbols.total;
const symN = dec.symbols.size;
const blkTotal = dec.blocks.total;
const blkN = dec.blocks.size;
dec.symbols['entries'].clear();
const h3 = heap();
dec.blocks['entries'].clear();
const h4 = heap();
console.log(
  `decoded symbols: counted ${mib(symTotal)} MiB (${symN}), measured heap ${mib(h2.heap - h3.heap)} ab ${mib(h2.ab - h3.ab)}; ratio ${(symTotal / (h2.heap - h3.heap + h2.ab - h3.ab)).toFixed(2)}`,
);
console.log(
  `inflated blocks: counted ${mib(blkTotal)} MiB (${blkN}), measured heap ${mib(h3.heap - h4.heap)} ab ${mib(h3.ab - h4.ab)}; ratio ${(blkTotal / (h3.heap - h4.heap + h3.ab - h4.ab)).toFixed(2)}`,
);
const rest = d(h1, h4);
console.log(
  `indexes after searches, without decoded/blocks: growth since open heap ${mib(rest.heap)} ab ${mib(rest.ab)}; indexes counted ${mib(reader['cache'].bytes)} vs measured ${mib(h4.heap - h0.heap + h4.ab - h0.ab)} KB ${(reader['cache'].bytes / 1024).toFixed(0)} vs ${((h4.heap - h0.heap + h4.ab - h0.ab) / 1024).toFixed(0)} ratio ${(reader['cache'].bytes / (h4.heap - h0.heap + h4.ab - h0.ab)).toFixed(2)}`,
);

const open = d(h0, h1);
const after = d(h0, h2);
console.log(JSON.stringify({ copies, searches, indexes: ids.length, symbolsTotal, evictions }));
console.log(`artifact ${mib(artifactBytes)} MiB, heapEstimate ${mib(heapEst)} MiB, counted at open ${mib(countedOpen)} MiB`);
console.log(
  `measured at open: heap ${mib(open.heap)} + arrayBuffers ${mib(open.ab)} = ${mib(open.heap + open.ab)} MiB; ratio counted/measured ${(countedOpen / (open.heap + open.ab)).toFixed(2)}; heap-only est/measured ${(heapEst / open.heap).toFixed(2)}`,
);
console.log(
  `after searches: counted ${mib(held.bytes)} MiB (decoded symbols ${mib(dec.symbols.total)} n=${dec.symbols.size}, blocks ${mib(dec.blocks.total)} n=${dec.blocks.size}); measured heap ${mib(after.heap)} + ab ${mib(after.ab)} = ${mib(after.heap + after.ab)}; growth heap ${mib(after.heap - open.heap)} ab ${mib(after.ab - open.ab)}; ratio ${(held.bytes / (after.heap + after.ab)).toFixed(2)}`,
);
console.log(`per symbol: counted ${(held.bytes / symbolsTotal).toFixed(0)} B, measured ${((after.heap + after.ab) / symbolsTotal).toFixed(0)} B`);
for (const l of loaded) {
  const nt = l.search.nameTerms;
  nt.own.fill(undefined);
  nt.owner.fill(undefined);
  nt.returned.fill(undefined);
}
const h5 = heap();
console.log(
  `name-term arrays: heap ${mib(h4.heap - h5.heap)} ab ${mib(h4.ab - h5.ab)}; filled ${loaded.reduce((s, l) => s + l.search.nameTerms.own.length, 0)}`,
);
if (process.env.SNAP) {
  const v8 = await import('node:v8');
  gc();
  v8.writeHeapSnapshot(process.env.SNAP);
}
