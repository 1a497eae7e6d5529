/**
 * Slices of hostile schemas an index built before the build limits may hold
 * (issue 23 findings 1 and 2): names of 30,000 characters and a default of
 * 100,000 items. The work is bounded by construction (counted, never timed):
 * no long run reaches the byte-pair encoder, each default is printed once per
 * loaded schema, and a default too long to show is left out with a comment.
 */
import { describe, expect, it } from '@jest/globals';
import { parse } from 'graphql';
import { sliceSchema } from './schema-slicer.js';
import { sliceDefaultStats } from './slice-defaults.js';
import { LexicalSchemaIndex } from './testing/index.js';
import { tokenCountStats } from './token-count.js';

const ITEM = 'type Item { id: ID! name: String price: Int }';

describe('slices of hostile schemas', () => {
  it('ten 30,000-character field names: linear token counting', async () => {
    const fields = Array.from({ length: 10 }, (_, i) => `  f${String.fromCharCode(97 + i)}${'x'.repeat(30_000)}: Int`).join('\n');
    const index = new LexicalSchemaIndex(`type Query {\n  item(id: ID!): Item\n  items: [Item]\n${fields}\n}\n${ITEM}\n`);
    const before = { ...tokenCountStats };
    const slice = await sliceSchema(index, 'items with price', { maxTokens: 32_000 });
    expect(slice.tokens).toBeLessThanOrEqual(32_000);
    expect(() => parse(slice.sdl)).not.toThrow();
    // Each long name is estimated; the encoder sees ordinary text only, a bounded amount of it.
    expect(tokenCountStats.estimatedRuns - before.estimatedRuns).toBeGreaterThan(0);
    expect(tokenCountStats.exactChars - before.exactChars).toBeLessThan(200_000);
  });

  it('a default of 100,000 items: printed once, left out of the slice with a comment', async () => {
    const ids = Array(100_000).fill(1).join(',');
    const index = new LexicalSchemaIndex(`type Query {\n  items(ids: [Int] = [${ids}], first: Int = 10): [Item]\n  item(id: ID!): Item\n}\n${ITEM}\n`);
    const before = sliceDefaultStats.printed;
    for (let round = 0; round < 3; round += 1) {
      const slice = await sliceSchema(index, 'items ids with price', { maxTokens: 8_000 });
      expect(slice.sdl).toContain('items(ids: [Int], first: Int = 10): [Item] # default of ids too long to show');
      expect(() => parse(slice.sdl)).not.toThrow();
    }
    // Each default (`ids`, `first`) printed once for three slices, not once per line built.
    expect(sliceDefaultStats.printed - before).toBe(2);
  });
});
