/**
 * Measures the embedding providers: agreement of the static (distilled)
 * model with USE-Lite (mean cosine per text, top-20 overlap of the rankings
 * the two give for the benchmark questions, field recall@20 of each), and
 * speed (texts/s on 2,000 GitHub symbol texts, query latency).
 *
 *   npx nx run embeddings:build && npx node libs/embeddings/scripts/measure.ts [sifA ...]
 *
 * The GitHub and Singapore texts are not in the table's training corpus.
 * USE-Lite vectors of the corpus are cached in /tmp/use-lite-measure-cache.bin between runs.
 */
import { existsSync, readFileSync, writeFileSync } from 'node:fs';
import { dot, StaticEmbeddingProvider, UseLiteProvider } from '@discovery/embeddings';
// Node runs the .ts sibling (type stripping); tsc checks it through the type-only import.
import type * as SchemaTexts from './schema-texts.js';
import type { SchemaText } from './schema-texts.js';

const { schemaTexts } = (await import(new URL('./schema-texts.ts', import.meta.url).href)) as typeof SchemaTexts;

const data = new URL('../../../bench/data/search/', import.meta.url);
const CACHE = '/tmp/use-lite-measure-cache.bin';
interface Query {
  schemaId: string;
  query: string;
  targetFields: string[];
}
const queries = readFileSync(new URL('queries.jsonl', data), 'utf8')
  .trim()
  .split('\n')
  .map((l) => JSON.parse(l) as Query);
const schemas = ['github', 'singapore'];
const corpus = new Map<string, SchemaText[]>(schemas.map((s) => [s, schemaTexts(new URL(`schemas/${s}.graphql`, data))]));
const rows = queries.filter((q) => corpus.has(q.schemaId));
const allTexts = [...[...corpus.values()].flat().map((t) => t.text), ...rows.map((q) => q.query)];

const percentile = (xs: number[], p: number): number => [...xs].sort((a, b) => a - b)[Math.min(xs.length - 1, Math.floor(p * xs.length))] as number;
const topK = (q: Float32Array, vs: Float32Array[], k: number): number[] =>
  vs
    .map((v, i) => [dot(q, v), i] as const)
    .sort((a, b) => b[0] - a[0])
    .slice(0, k)
    .map(([, i]) => i);

async function realVectors(useLite: UseLiteProvider): Promise<Float32Array[]> {
  if (existsSync(CACHE)) {
    const flat = new Float32Array(readFileSync(CACHE).buffer.slice(0));
    if (flat.length === allTexts.length * 512) return allTexts.map((_, i) => flat.slice(i * 512, (i + 1) * 512));
  }
  const vs = await useLite.embed(allTexts);
  const flat = new Float32Array(vs.length * 512);
  vs.forEach((v, i) => {
    flat.set(v, i * 512);
  });
  writeFileSync(CACHE, flat);
  return vs;
}

function quality(vectors: Float32Array[], label: string, reference?: Float32Array[]): void {
  let offset = 0;
  const recall: number[] = [];
  const overlap: number[] = [];
  for (const [schema, texts] of corpus) {
    const fieldIdx = texts.map((t, i) => (t.isField ? i : -1)).filter((i) => i >= 0);
    const fields = fieldIdx.map((i) => vectors[offset + i] as Float32Array);
    const refFields = reference ? fieldIdx.map((i) => reference[offset + i] as Float32Array) : undefined;
    offset += texts.length;
    rows.forEach((q, r) => {
      if (q.schemaId !== schema) return;
      const qi = allTexts.length - rows.length + r;
      const top = topK(vectors[qi] as Float32Array, fields, 20);
      const names = new Set(top.map((i) => texts[fieldIdx[i] as number]?.name));
      recall.push(q.targetFields.filter((f) => names.has(f)).length / Math.max(1, q.targetFields.length));
      if (reference && refFields) {
        const refTop = new Set(topK(reference[qi] as Float32Array, refFields, 20));
        overlap.push(top.filter((i) => refTop.has(i)).length / 20);
      }
    });
  }
  const mean = (xs: number[]): string => ((100 * xs.reduce((a, b) => a + b, 0)) / Math.max(1, xs.length)).toFixed(1);
  const agreement = reference ? vectors.map((v, i) => dot(v, reference[i] as Float32Array)) : [];
  const questions = agreement.slice(agreement.length - rows.length);
  console.log(
    `${label.padEnd(28)} field recall@20 ${mean(recall)} %` +
      (reference
        ? `, top-20 overlap with USE-Lite ${mean(overlap)} %, mean cosine to USE-Lite ${(agreement.reduce((a, b) => a + b, 0) / agreement.length).toFixed(3)} (questions ${(questions.reduce((a, b) => a + b, 0) / Math.max(1, questions.length)).toFixed(3)})`
        : ''),
  );
}

async function speed(label: string, embed: (t: string[]) => Promise<Float32Array[]>, texts: string[]): Promise<void> {
  const t0 = performance.now();
  const cpu0 = process.cpuUsage();
  await embed(texts);
  const s = (performance.now() - t0) / 1000;
  const cpu = process.cpuUsage(cpu0);
  const cpuSeconds = (cpu.user + cpu.system) / 1e6;
  console.log(
    `${label.padEnd(28)} ${texts.length} texts in ${s.toFixed(2)} s: ${(texts.length / s).toFixed(0)} texts/s ` +
      `(${cpuSeconds.toFixed(2)} CPU s, all threads: ${(texts.length / cpuSeconds).toFixed(0)} texts per CPU second)`,
  );
}

const useLite = new UseLiteProvider();
try {
  await useLite.init();
  console.log(`corpus: ${allTexts.length - rows.length} symbol texts (${schemas.join(', ')}), ${rows.length} questions`);
  const real = await realVectors(useLite);
  quality(real, 'use-lite');
  const sifValues = process.argv.slice(2).map(Number);
  for (const sifA of sifValues.length > 0 ? sifValues : [1e-3]) {
    const fast = new StaticEmbeddingProvider({ sifA });
    await fast.init();
    quality(await fast.embed(allTexts), `static sifA=${sifA}`, real);
  }
  const gh = (corpus.get('github') ?? []).map((t) => t.text);
  const sample = Array.from({ length: 2000 }, (_, i) => gh[(i * 7919) % gh.length] as string);
  const fast = new StaticEmbeddingProvider();
  await fast.init();
  await speed('static', (t) => fast.embed(t), sample);
  await speed('use-lite (2 workers)', (t) => useLite.embed(t), sample);
  const lat = (fn: (q: string) => unknown): number[] =>
    rows.map((q) => {
      const t = performance.now();
      fn(q.query);
      return (performance.now() - t) * 1000;
    });
  const staticLat = lat((q) => fast.embedSync(q));
  console.log(`static query latency: p50 ${percentile(staticLat, 0.5).toFixed(0)} µs, p99 ${percentile(staticLat, 0.99).toFixed(0)} µs`);
  const realLat: number[] = [];
  for (const q of rows.slice(0, 100)) {
    const t = performance.now();
    await useLite.embed([q.query]);
    realLat.push((performance.now() - t) * 1000);
  }
  console.log(`use-lite query latency: p50 ${(percentile(realLat, 0.5) / 1000).toFixed(1)} ms, p99 ${(percentile(realLat, 0.99) / 1000).toFixed(1)} ms`);
} finally {
  await useLite.close();
}
