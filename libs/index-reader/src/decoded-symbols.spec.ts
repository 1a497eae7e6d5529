/** The shared set of decoded symbols: byte bound, recency, and scopes that never see each other's symbols. */
import { describe, expect, it } from '@jest/globals';
import type { SchemaSymbol } from '@discovery/schema-symbols';
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
