/**
 * The graphs of the many-graphs bench: the real schemas of bench/data/search and
 * test/fixtures/schemas, and renamed variants of them (every type the SDL defines, root types
 * and built-in scalars excepted, gets a suffix), so N distinct indexes of real shapes and sizes.
 * Popularity is Zipf over a seeded shuffle of the graphs, so popular graphs are of every size.
 */
import { readdir, readFile } from 'node:fs/promises';
import { join } from 'node:path';

export type SizeClass = 'S (<1k symbols)' | 'M (1k-5k)' | 'L (5k-12k, GitHub-size)' | 'XL (>12k, Shopify-size)';
export const SIZE_CLASSES: readonly SizeClass[] = ['S (<1k symbols)', 'M (1k-5k)', 'L (5k-12k, GitHub-size)', 'XL (>12k, Shopify-size)'];

export function sizeClassOf(symbols: number): SizeClass {
  if (symbols < 1000) return SIZE_CLASSES[0]!;
  if (symbols < 5000) return SIZE_CLASSES[1]!;
  if (symbols <= 12_000) return SIZE_CLASSES[2]!;
  return SIZE_CLASSES[3]!;
}

export interface BaseSchema {
  name: string;
  sdl: string;
}

export interface Graph {
  /** Position in the set (0-based). */
  n: number;
  base: string;
  sdl: string;
  /** Set once built. */
  indexId?: string;
  symbols?: number;
  sizeClass?: SizeClass;
  /** Coordinates of the graph's symbols, a sample (GetSymbols requests). */
  coordinates?: string[];
}

const ROOTS = new Set(['Query', 'Mutation', 'Subscription']);
const DEFINED = /^\s*(?:extend\s+)?(?:type|input|enum|interface|union|scalar)\s+([A-Za-z_]\w*)/gm;

export async function loadBaseSchemas(repoRoot: string): Promise<BaseSchema[]> {
  const dirs = [join(repoRoot, 'bench/data/search/schemas'), join(repoRoot, 'test/fixtures/schemas')];
  const out: BaseSchema[] = [];
  for (const dir of dirs) {
    for (const file of (await readdir(dir)).filter((f) => f.endsWith('.graphql')).sort()) {
      out.push({ name: file.replace(/\.graphql$/, ''), sdl: await readFile(join(dir, file), 'utf8') });
    }
  }
  return out;
}

/** The SDL with every defined type renamed `<Name>V<k>` (k = 0: the schema itself). */
export function renamedVariant(sdl: string, k: number): string {
  if (k === 0) return sdl;
  const names = new Set<string>();
  for (const match of sdl.matchAll(DEFINED)) if (!ROOTS.has(match[1]!)) names.add(match[1]!);
  return sdl.replace(/\b[A-Za-z_]\w*\b/g, (word) => (names.has(word) ? `${word}V${k}` : word));
}

/** `count` graphs: the bases in turn, each round a new variant of each. */
export function graphSet(bases: readonly BaseSchema[], count: number): Graph[] {
  return Array.from({ length: count }, (_, n) => {
    const base = bases[n % bases.length]!;
    return { n, base: base.name, sdl: renamedVariant(base.sdl, Math.floor(n / bases.length)) };
  });
}

/** A small seeded generator (mulberry32), so every run draws the same traffic. */
export function seeded(seed: number): () => number {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

/** Draws graph positions with Zipf(s) popularity over a seeded shuffle of `count` graphs. */
export function zipf(count: number, s: number, random: () => number): () => number {
  const order = Array.from({ length: count }, (_, i) => i);
  for (let i = count - 1; i > 0; i--) {
    const j = Math.floor(random() * (i + 1));
    [order[i], order[j]] = [order[j]!, order[i]!];
  }
  const cumulative = new Float64Array(count);
  let total = 0;
  for (let r = 0; r < count; r++) cumulative[r] = total += 1 / (r + 1) ** s;
  return () => {
    const x = random() * total;
    let lo = 0;
    let hi = count - 1;
    while (lo < hi) {
      const mid = (lo + hi) >>> 1;
      if (cumulative[mid]! < x) lo = mid + 1;
      else hi = mid;
    }
    return order[lo]!;
  };
}
