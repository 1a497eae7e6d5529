import { describe, expect, it } from '@jest/globals';
import { fixtureSymbols, shopSymbols } from './__fixtures__/make-symbol.js';
import { RankingError } from './ranking.errors.js';
import { buildSearchIndex } from './search-index.js';
import { deserializeSearchIndex, RANKING_FORMAT_VERSION, serializeSearchIndex } from './search-index.serializer.js';
import { search } from './search.js';
import { quantizeVector } from './vector-scores.js';
import { DEFAULT_RANKING_OPTIONS } from './ranking-options.js';

const QUERIES = ['employee details', 'products of a department', 'mood', 'find the country of an employee'];

describe('serializeSearchIndex / deserializeSearchIndex', () => {
  const symbols = fixtureSymbols('cosmo-demo');
  const vectors = symbols.map((_, i) => quantizeVector(Float32Array.from([Math.cos(i), Math.sin(i)])));
  const original = buildSearchIndex(symbols, vectors);
  const parts = serializeSearchIndex(original);

  it('round-trips: the loaded index answers every search identically', () => {
    const loaded = deserializeSearchIndex(parts);
    const options = { ...DEFAULT_RANKING_OPTIONS, vectorWeight: 0.3 };
    for (const query of QUERIES) {
      for (const extra of [{}, { kinds: ['field'] }, { queryVector: Float32Array.from([1, 0]) }]) {
        const request = { query, limit: 30, ...extra };
        expect(search(loaded, request, options)).toEqual(search(original, request, options));
      }
    }
    expect(loaded.symbols).toEqual(original.symbols);
  });

  it('stores the symbols as JSON.stringify does, frozen symbols (JSON kept with them) or not', () => {
    expect(parts['symbols']!.toString()).toBe(JSON.stringify(symbols));
    const frozen = (structuredClone(symbols) as typeof symbols).map((symbol) => Object.freeze(symbol));
    const once = serializeSearchIndex(buildSearchIndex(frozen, vectors));
    const twice = serializeSearchIndex(buildSearchIndex(frozen, vectors));
    for (const name of Object.keys(parts)) {
      expect(Buffer.compare(once[name]!, parts[name]!)).toBe(0);
      expect(Buffer.compare(twice[name]!, parts[name]!)).toBe(0);
    }
    expect(serializeSearchIndex(buildSearchIndex([]))['symbols']!.toString()).toBe('[]');
  });

  it('loads from unaligned buffers (slices of a larger buffer, as Redis clients return)', () => {
    const shifted = Object.fromEntries(
      Object.entries(parts).map(([name, bytes]) => {
        const big = Buffer.alloc(bytes.byteLength + 1);
        bytes.copy(big, 1);
        return [name, big.subarray(1)];
      }),
    );
    expect(search(deserializeSearchIndex(shifted), { query: 'employee' })).toEqual(search(original, { query: 'employee' }));
  });

  it('round-trips an index without vectors or symbols', () => {
    for (const index of [buildSearchIndex(shopSymbols()), buildSearchIndex([])]) {
      const loaded = deserializeSearchIndex(serializeSearchIndex(index));
      expect(loaded.symbols).toEqual(index.symbols);
      expect(loaded.vectors).toBeUndefined();
    }
  });

  it.each<[string, (p: Record<string, Buffer>) => Record<string, Buffer>, RegExp]>([
    ['a missing part', ({ postingDoc: _drop, ...rest }) => rest, /postingDoc.*missing/],
    [
      'another format version',
      (p) => ({ ...p, meta: Buffer.from(JSON.stringify({ ...JSON.parse(p['meta']!.toString()), format: RANKING_FORMAT_VERSION + 1 })) }),
      /format/,
    ],
    ['corrupt JSON', (p) => ({ ...p, symbols: Buffer.from('[{') }), /not valid JSON/],
    ['truncated postings', (p) => ({ ...p, postingImpact: p['postingImpact']!.subarray(0, 8) }), /truncated/],
    ['a partial element', (p) => ({ ...p, postingDoc: p['postingDoc']!.subarray(0, 3) }), /partial/],
    ['truncated vectors', (p) => ({ ...p, vectors: p['vectors']!.subarray(0, 4) }), /vectors/],
  ])('rejects %s with a clear error', (_name, damage, message) => {
    expect(() => deserializeSearchIndex(damage(parts))).toThrow(RankingError);
    expect(() => deserializeSearchIndex(damage(parts))).toThrow(message);
  });
});
