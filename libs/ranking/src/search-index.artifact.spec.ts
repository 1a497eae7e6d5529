/**
 * The compact artifact against the index it was written from: every search, every symbol and
 * every lookup the same, bytes included; corrupt and foreign artifacts refused.
 */
import { describe, expect, it } from '@jest/globals';
import { fixtureSymbols, shopSymbols } from './__fixtures__/make-symbol.js';
import { RankingError } from './ranking.errors.js';
import { buildSearchIndex } from './search-index.js';
import { ARTIFACT_FORMAT_V2, ARTIFACT_PART, SECTIONS_V2, VECTORS_PART, writeIndexArtifact } from './search-index.artifact.js';
import { openIndexArtifact, type DecodedSymbolCache } from './search-index.artifact-reader.js';
import { nameLookup, SchemaNameLookup } from './name-lookup.js';
import { buildVocabulary, mutationOnlyWords, schemaNameWords } from './mutation-vocabulary.js';
import type { SchemaSymbol } from '@discovery/schema-symbols';
import { stem } from './tokenizer.js';
import { Abbreviations, abbreviationTypeNames } from './abbreviations.js';
import { getSymbols, search } from './search.js';
import { quantizeVector } from './vector-scores.js';
import { DEFAULT_RANKING_OPTIONS } from './ranking-options.js';

const QUERIES = ['employee details', 'products of a department', 'mood', 'find the country of an employee', 'Employee.details', 'updateMood', 'employees'];

describe('writeIndexArtifact / openIndexArtifact', () => {
  const symbols = fixtureSymbols('cosmo-demo');
  const vectors = symbols.map((_, i) => quantizeVector(Float32Array.from([Math.cos(i), Math.sin(i)])));
  const original = buildSearchIndex(symbols, vectors);
  const parts = writeIndexArtifact(original);

  it('answers every search as the index it was written from, symbols decoded as stored', () => {
    const loaded = openIndexArtifact(parts[ARTIFACT_PART]!, parts[VECTORS_PART]);
    const options = { ...DEFAULT_RANKING_OPTIONS, vectorWeight: 0.3 };
    for (const query of QUERIES) {
      for (const extra of [{}, { kinds: ['field'] }, { parent: 'Employee' }, { queryVector: Float32Array.from([1, 0]) }]) {
        const request = { query, limit: 30, ...extra };
        const got = search(loaded, request, options).map((h) => ({ symbol: loaded.materialize(h.symbol), score: h.score }));
        expect(JSON.stringify(got)).toBe(JSON.stringify(search(original, request, options)));
      }
    }
    symbols.forEach((symbol, i) => {
      expect(JSON.stringify(loaded.symbolAt(i))).toBe(JSON.stringify(symbol));
    });
    expect(JSON.stringify(loaded.symbols)).toBe(JSON.stringify(symbols));
    loaded.symbols.forEach((view, i) => {
      expect(view.args?.map((a) => a.name)).toEqual(symbols[i]!.args?.map((a) => a.name));
      expect(JSON.stringify(view.args?.map((a) => [a.type, a.description, a.defaultValue]))).toBe(
        JSON.stringify(symbols[i]!.args?.map((a) => [a.type, a.description, a.defaultValue])),
      );
      expect([view.coordinate, view.kind, view.name, view.parent, view.typeName, view.typeKind]).toEqual([
        symbols[i]!.coordinate,
        symbols[i]!.kind,
        symbols[i]!.name,
        symbols[i]!.parent,
        symbols[i]!.typeName,
        symbols[i]!.typeKind,
      ]);
    });
    const coordinates = ['Employee', 'Employee.details', 'field:Query.employees', 'nothing:here', 'Query.employee(id:)'];
    expect(getSymbols(loaded, coordinates).map((s) => loaded.materialize(s))).toEqual(getSymbols(original, coordinates));
  });

  it('reads an unaligned copy, and leaves vectors out unless given', () => {
    const big = Buffer.alloc(parts[ARTIFACT_PART]!.byteLength + 3);
    parts[ARTIFACT_PART]!.copy(big, 3);
    const loaded = openIndexArtifact(big.subarray(3));
    expect(loaded.vectors).toBeUndefined();
    expect(search(loaded, { query: 'employee' }).map((h) => h.symbol.coordinate)).toEqual(
      search(original, { query: 'employee' }).map((h) => h.symbol.coordinate),
    );
  });

  it('round-trips an index without vectors or symbols', () => {
    for (const index of [buildSearchIndex(shopSymbols()), buildSearchIndex([])]) {
      const written = writeIndexArtifact(index);
      expect(written[VECTORS_PART]).toBeUndefined();
      const loaded = openIndexArtifact(written[ARTIFACT_PART]!);
      expect(JSON.stringify(loaded.symbols)).toBe(JSON.stringify(index.symbols));
    }
  });

  it('carries the name lookup and the vocabulary ready-made: a cold index decodes no record for them', () => {
    let decodedRecords = 0;
    const counting: DecodedSymbolCache = {
      get: () => undefined,
      set: (_position: number, _symbol: SchemaSymbol) => {
        decodedRecords += 1;
      },
    };
    const loaded = openIndexArtifact(parts[ARTIFACT_PART]!, undefined, { decoded: counting });
    expect(loaded.precomputed).toBeDefined();
    const stored = nameLookup(loaded);
    const words = buildVocabulary(original);
    const writeOnly = mutationOnlyWords(loaded);
    const named = schemaNameWords(loaded);
    expect(decodedRecords).toBe(0);
    const derived = new SchemaNameLookup(original);
    for (const field of ['exact', 'folded', 'inner', 'innerFolded'] as const) {
      expect(derived[field].size).toBeGreaterThan(0);
      for (const [key, positions] of derived[field]) expect(stored[field].get(key)).toEqual(positions);
      expect(stored[field].get('noSuchName')).toBeUndefined();
    }
    for (const prefix of ['', 'e', 'emp', 'mood', 'zz']) expect(stored.withPrefix(prefix, 5)).toEqual(derived.withPrefix(prefix, 5));
    const abbreviations = new Abbreviations(loaded.precomputed!.abbreviations());
    const derivedAbbreviations = new Abbreviations(abbreviationTypeNames(original));
    for (const typed of ['emp', 'emps', 'dept', 'de', 'ce', 'prod', 'ab', 'zz', 'mood'])
      expect(abbreviations.expand(typed)).toEqual(derivedAbbreviations.expand(typed));
    expect(Array.from(loaded.nameTerms.label)).toEqual(Array.from(original.nameTerms.label));
    expect(Array.from(loaded.nameTerms.listMember)).toEqual(Array.from(original.nameTerms.listMember));
    expect(original.nameTerms.label.some((flag) => flag === 1)).toBe(true);
    for (const word of [...words.names, ...words.mutationOnly, 'nothing', 'updat']) {
      expect(named(word)).toBe(words.names.has(stem(word)));
      expect(writeOnly(word)).toBe(words.mutationOnly.has(stem(word)));
    }
  });

  it('still opens a format 2 artifact (an index built before format 3 serves until its rebuild), lookups derived', () => {
    const v2 = Buffer.from(parts[ARTIFACT_PART]!);
    v2.writeUInt32LE(ARTIFACT_FORMAT_V2, 4);
    v2.writeUInt32LE(SECTIONS_V2, 8);
    const loaded = openIndexArtifact(v2);
    expect(loaded.precomputed).toBeUndefined();
    for (const query of QUERIES) {
      const got = search(loaded, { query, limit: 30 }).map((h) => ({ symbol: loaded.materialize(h.symbol), score: h.score }));
      expect(JSON.stringify(got)).toBe(JSON.stringify(search(original, { query, limit: 30 })));
    }
  });

  it('refuses a foreign, truncated or corrupt artifact with a BadFormat error', () => {
    const artifact = parts[ARTIFACT_PART]!;
    expect(() => openIndexArtifact(Buffer.from('{"format":1}'))).toThrow(RankingError);
    expect(() => openIndexArtifact(artifact.subarray(0, artifact.byteLength - 64))).toThrow(/Cannot load the index artifact/);
    const other = Buffer.from(artifact);
    other.writeUInt32LE(99, 4);
    expect(() => openIndexArtifact(other)).toThrow(/format 99/);
  });
});
