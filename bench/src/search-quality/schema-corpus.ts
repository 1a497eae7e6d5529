/**
 * Loads the schemas of the evaluation split through the product's own path
 * (buildSchemaFromSdl + extractSymbols), embeds symbol texts when a provider is
 * given (vectors cached under bench/results/vectors, keyed by model and text
 * set), and builds one SearchIndex per schema.
 */
import { createHash } from 'node:crypto';
import { mkdir, readFile, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import type { EmbeddingProvider } from '@discovery/embeddings';
import { buildSearchIndex, quantizeVector, type SearchIndex } from '@discovery/ranking';
import { buildSchemaFromSdl, extractSymbols, type SchemaSymbol } from '@discovery/schema-symbols';
import { loadSchemaSdl } from './eval-dataset.js';

export interface SchemaCorpus {
  schemaId: string;
  symbols: SchemaSymbol[];
  index: SearchIndex;
  /** Name of the mutation root type, if the schema has one. */
  mutationRoot: string | undefined;
  buildMs: number;
}

export async function loadCorpus(searchDataDir: string, schemaId: string, provider: EmbeddingProvider | undefined, cacheDir: string): Promise<SchemaCorpus> {
  return corpusFromSdl(await loadSchemaSdl(searchDataDir, schemaId), schemaId, provider, cacheDir);
}

/** The same from an SDL text (other schemas than the split's, such as the held-out name probes). */
export async function corpusFromSdl(sdl: string, schemaId: string, provider: EmbeddingProvider | undefined, cacheDir: string): Promise<SchemaCorpus> {
  const { schema } = buildSchemaFromSdl(sdl);
  const symbols = extractSymbols(schema);
  const vectors = provider === undefined ? undefined : await cachedVectors(provider, symbols, cacheDir);
  const started = performance.now();
  const index = buildSearchIndex(symbols, vectors);
  return { schemaId, symbols, index, mutationRoot: schema.getMutationType()?.name, buildMs: performance.now() - started };
}

async function cachedVectors(provider: EmbeddingProvider, symbols: SchemaSymbol[], cacheDir: string): Promise<Int8Array[]> {
  const texts = symbols.map((s) => s.embeddingText);
  const key = createHash('sha256').update(provider.id).update('\0').update(texts.join('\n')).digest('hex').slice(0, 24);
  const file = join(cacheDir, `${key}.i8`);
  const dims = provider.dimensions;
  try {
    const bytes = await readFile(file);
    if (bytes.byteLength === texts.length * dims) {
      return texts.map((_, i) => new Int8Array(bytes.buffer, bytes.byteOffset + i * dims, dims).slice());
    }
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code !== 'ENOENT') throw error;
  }
  const vectors = (await provider.embed(texts)).map(quantizeVector);
  await mkdir(cacheDir, { recursive: true });
  const flat = new Int8Array(texts.length * dims);
  vectors.forEach((v, i) => {
    flat.set(v, i * dims);
  });
  await writeFile(file, flat);
  return vectors;
}
