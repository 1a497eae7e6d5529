/**
 * Property test: SDL generated from a small grammar of (often conflicting)
 * definitions either builds and extracts, or fails with a SymbolExtractionError.
 */
import { describe, expect, it } from '@jest/globals';
import fc from 'fast-check';
import { buildSchemaFromSdl } from './build-schema-from-sdl.js';
import { extractSymbols } from './extract-symbols.js';
import { SymbolExtractionError } from './symbol-extraction.errors.js';

const names = ['Query', 'Mutation', 'Subscription', 'QueryRoot', 'A', 'B', 'Node', 'String', '_Any', 'X', '__Type'];
const name = fc.constantFrom(...names);
const ref = fc.tuple(name, fc.constantFrom('', '!', '[]', '[!]!')).map(([n, w]) => (w === '' ? n : w === '!' ? `${n}!` : w === '[]' ? `[${n}]` : `[${n}!]!`));
const member = fc
  .tuple(
    fc.constantFrom('a', 'b', 'id', 'first', 'edges', 'pageInfo', 'nodes'),
    ref,
    fc.boolean(),
    fc.constantFrom('', '@key', '@deprecated', '@deprecated(reason: "x")', '@oneOf'),
  )
  .map(([m, r, arg, d]) => `${m}${arg ? `(first: Int = 3, after: ${r})` : ''}: ${r} ${d}`);
const braces = (items: string[]) => (items.length === 0 ? '' : `{ ${items.join('\n')} }`);
const definition = fc
  .tuple(
    fc.constantFrom(
      'type',
      'interface',
      'input',
      'enum',
      'union',
      'scalar',
      'extend type',
      'extend interface',
      'extend input',
      'extend enum',
      'extend union',
      'schema',
      'extend schema',
      'directive',
    ),
    name,
    fc.array(member, { maxLength: 4 }),
    fc.array(name, { maxLength: 3 }),
  )
  .map(([kind, n, members, others]) => {
    if (kind.endsWith('enum')) return `${kind} ${n} ${braces(others.map((o) => o.toUpperCase().replace(/^_+/, 'V')))}`;
    if (kind.endsWith('union')) return `${kind} ${n} = ${others.join(' | ') || 'A'}`;
    if (kind === 'scalar') return `scalar ${n} @specifiedBy(url: "u")`;
    if (kind.endsWith('schema')) return `${kind} @link(url: "x") { query: ${n} ${others[0] ? `mutation: ${others[0]}` : ''} }`;
    if (kind === 'directive') return `directive @${n.toLowerCase()}(x: ${others[0] ?? 'Int'}) on FIELD_DEFINITION | OBJECT`;
    const impl = kind.includes('input') || others.length === 0 ? '' : ` implements ${others.join(' & ')}`;
    return `${kind} ${n}${impl} ${braces(members)}`;
  });

describe('buildSchemaFromSdl + extractSymbols on generated SDL', () => {
  it('either build and extract, or fail with a SymbolExtractionError; never anything else', () => {
    const outcomes = new Map<string, number>();
    fc.assert(
      fc.property(fc.array(definition, { minLength: 1, maxLength: 8 }), (definitions) => {
        const sdl = definitions.join('\n');
        try {
          const built = buildSchemaFromSdl(sdl);
          const symbols = extractSymbols(built.schema);
          expect(new Set(symbols.map((symbol) => symbol.coordinate)).size).toBe(symbols.length);
          outcomes.set(built.lenient ? 'lenient' : 'strict', (outcomes.get(built.lenient ? 'lenient' : 'strict') ?? 0) + 1);
        } catch (error) {
          if (!(error instanceof SymbolExtractionError)) throw new Error(`${String(error)} for:\n${sdl}`);
          outcomes.set(error.code, (outcomes.get(error.code) ?? 0) + 1);
        }
      }),
      { numRuns: 600, seed: 7 },
    );
    // The generator must exercise the lenient path, not only produce syntax errors.
    expect(outcomes.get('lenient') ?? 0).toBeGreaterThan(200);
  });
});
