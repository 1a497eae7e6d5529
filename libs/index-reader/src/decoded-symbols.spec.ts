/** The shared set of decoded symbols and inflated blocks: byte bounds, recency, and scopes that never see each other's entries. */
import { readFileSync } from 'node:fs';
import { describe, expect, it } from '@jest/globals';
import { ARTIFACT_PART, BLOCK_SYMBOLS, buildSearchIndex, openIndexArtifact, writeIndexArtifact } from '@discovery/ranking';
import { buildSchemaFromSdl, extractSymbols, type SchemaSymbol } from '@discovery/schema-symbols';
import { DecodedSymbols } from './decoded-symbols.js';

const symbol = (name: string) => ({ coordinate: `object:${name}` }) as SchemaSymbol;

describe('DecodedSymbols', () => {
  it('keeps the most recently used symbols within its bytes, apart per scope', () => {
    const decoded = new DecodedSymbols(100);
    const [a, b] = [decoded.scope(), decoded.scope()];
    a.set(1, symbol('A1'), 40);
    b.set(1, symbol('B1'), 40);
    expect(a.get(1)?.coordinate).toBe('object:A1');
    expect(b.get(1)?.coordinate).toBe('object:B1');
    a.get(1);
    b.set(2, symbol('B2'), 40);
    expect(b.get(1)).toBeUndefined();
    expect(a.get(1)?.coordinate).toBe('object:A1');
    expect([decoded.size, decoded.bytes]).toEqual([2, 80]);
    a.set(3, symbol('huge'), 101);
    expect(a.get(3)).toBeUndefined();
  });
});

describe('DecodedSymbols: inflated blocks', () => {
  it('keeps the blocks an artifact inflates within their own bytes, apart per scope, and reads symbols from them', () => {
    const sdl = readFileSync(new URL('../../../test/fixtures/schemas/cosmo-demo.graphql', import.meta.url), 'utf8');
    const symbols = extractSymbols(buildSchemaFromSdl(sdl).schema);
    const artifact = writeIndexArtifact(buildSearchIndex(symbols))[ARTIFACT_PART]!;
    // No budget for decoded symbols: every read goes to its block.
    const decoded = new DecodedSymbols(0, 10 * 2 ** 20);
    const index = openIndexArtifact(artifact, undefined, { decoded: decoded.scope() });
    const read = Array.from({ length: Math.min(symbols.length, 10 * BLOCK_SYMBOLS) }, (_, i) => i);
    for (const i of read) expect(index.symbolAt(i)).toEqual(JSON.parse(JSON.stringify(symbols[i])));
    // Ten blocks read, ten kept (an index without a shared cache keeps its last four).
    expect(decoded.blocksHeld.count).toBe(10);
    expect(decoded.bytes).toBe(decoded.blocksHeld.bytes);
    const other = openIndexArtifact(artifact, undefined, { decoded: decoded.scope() });
    expect(other.symbolAt(0)).toEqual(index.symbolAt(0));
    expect(decoded.blocksHeld.count).toBe(11);
    const small = new DecodedSymbols(0, decoded.blocksHeld.bytes / 4);
    const bounded = openIndexArtifact(artifact, undefined, { decoded: small.scope() });
    for (const i of read) bounded.symbolAt(i);
    expect(small.blocksHeld.bytes).toBeLessThanOrEqual(decoded.blocksHeld.bytes / 4);
    expect(small.blocksHeld.count).toBeGreaterThan(0);
  });
});
