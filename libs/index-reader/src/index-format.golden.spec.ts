/**
 * The golden test of the index format: over the bench schemas and the fixture schemas, the reader
 * serving the compact artifact answers exactly what it answers from the previous format's parts of
 * the same build, in the same run: search hits (coordinates, scores, records as a hit shows them),
 * whole records, and schema slices, byte for byte. Nothing is compared with stored files, so the
 * test stays true when ranking changes (both sides run the ranking of this checkout).
 */
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from '@jest/globals';
import { indexIdForSdl } from '@discovery/proto';
import { buildSearchIndex, serializeSearchIndex, writeIndexArtifact } from '@discovery/ranking';
import { buildSchemaFromSdl, extractSymbols, searchHitRecord } from '@discovery/schema-symbols';
import { sliceFromHits } from '@discovery/schema-slice';
import { MemoryIndexStore, type IndexArtifacts } from '@discovery/storage';
import { IndexReader, type LoadedIndex } from './index-reader.js';

const ROOT = join(import.meta.dirname, '../../..');
const BENCH = join(ROOT, 'bench/data/search');
const QUERIES = readFileSync(join(BENCH, 'queries.jsonl'), 'utf8')
  .split('\n')
  .filter((line) => line.trim() !== '')
  .map((line) => JSON.parse(line) as { schemaId: string; query: string });

const SCHEMAS = [
  ...readdirSync(join(BENCH, 'schemas')).map((file) => ({ id: file.replace(/\.graphql$/, ''), path: join(BENCH, 'schemas', file) })),
  ...readdirSync(join(ROOT, 'test/fixtures/schemas'))
    .filter((file) => file.endsWith('.graphql'))
    .map((file) => ({ id: file.replace(/\.graphql$/, ''), path: join(ROOT, 'test/fixtures/schemas', file) })),
];

/** The questions of the schema's own rows, else a spread of everyone's; then names it holds (name lookups, filters). */
function queriesFor(schemaId: string, names: string[]): string[] {
  const own = QUERIES.filter((q) => q.schemaId === schemaId).map((q) => q.query);
  const questions = own.length > 0 ? own.filter((_, i) => i % 2 === 0) : QUERIES.filter((_, i) => i % 12 === 0).map((q) => q.query);
  const picked = names.filter((_, i) => i % Math.max(1, Math.floor(names.length / 12)) === 0).slice(0, 12);
  return [...questions, ...picked, ...picked.slice(0, 4).map((name) => `${name.toLowerCase()} of an account`)];
}

async function readerWith(sdl: string, parts: IndexArtifacts): Promise<{ reader: IndexReader; index: LoadedIndex }> {
  const store = new MemoryIndexStore();
  const id = indexIdForSdl(sdl);
  await store.ensure(id, sdl, 'acme', Date.now());
  await store.putArtifacts(id, parts, { state: 'ready', builtVersion: 'v1', indexedAt: 1 });
  const reader = new IndexReader(store, undefined, { idleTtlMs: 60_000, currentVersion: 'v1', cacheMaxBytes: 1 << 30 });
  return { reader, index: await reader.open(id) };
}

async function answers(reader: IndexReader, index: LoadedIndex, queries: string[], parent: string | undefined, slices: number): Promise<string[]> {
  const out: string[] = [];
  const schema = await reader.schema(index);
  for (const [k, query] of queries.entries()) {
    for (const request of [{ query }, { query, limit: 50, kinds: ['field'] }, { query, roots: ['mutation'] }, ...(parent ? [{ query, parent }] : [])]) {
      const hits = await reader.search(index, request);
      out.push(JSON.stringify(hits.map((hit) => ({ coordinate: hit.symbol.coordinate, score: hit.score, record: searchHitRecord(hit.symbol.record) }))));
      const coordinates = hits.slice(0, 10).flatMap((hit) => [hit.symbol.coordinate, hit.symbol.name]);
      out.push(JSON.stringify(reader.getSymbols(index, coordinates)));
    }
    if (k < slices) out.push(JSON.stringify(sliceFromHits(schema, query, await reader.search(index, { query, limit: 60 }), { maxTokens: 2000 })));
  }
  return out;
}

describe('the compact index format against the previous one (same build, same run)', () => {
  for (const { id, path } of SCHEMAS) {
    it(`answers ${id} byte for byte`, async () => {
      const sdl = readFileSync(path, 'utf8');
      const built = buildSearchIndex(extractSymbols(buildSchemaFromSdl(sdl).schema));
      const previous = await readerWith(sdl, serializeSearchIndex(built));
      const compact = await readerWith(sdl, writeIndexArtifact(built));
      const types = built.symbols.filter((s) => s.kind === 'object' && s.depth !== undefined && s.depth > 0).map((s) => s.name);
      const names = built.symbols.filter((s) => s.kind !== 'path').map((s) => s.name);
      const queries = queriesFor(id, names);
      const [before, after] = [
        await answers(previous.reader, previous.index, queries, types[0], 3),
        await answers(compact.reader, compact.index, queries, types[0], 3),
      ];
      expect(before.filter((answer) => answer.length > 2).length).toBeGreaterThan(queries.length * 2);
      expect(after.length).toBe(before.length);
      for (let i = 0; i < before.length; i++) if (after[i] !== before[i]) expect(after[i]).toBe(before[i]);
      expect(
        JSON.stringify(
          compact.reader.getSymbols(
            compact.index,
            built.symbols.map((s) => s.coordinate),
          ),
        ),
      ).toBe(JSON.stringify(built.symbols));
    }, 120_000);
  }
});
