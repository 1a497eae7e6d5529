import { describe, expect, it } from '@jest/globals';
import { buildSchemaFromSdl } from './build-schema-from-sdl.js';
import { extractSymbols } from './extract-symbols.js';
import type { SymbolRecord } from './schema-symbol.js';
import { HIT_LIST_BYTES, searchHitRecord } from './search-hit-record.js';

function recordsOf(sdl: string): Map<string, SymbolRecord> {
  return new Map(extractSymbols(buildSchemaFromSdl(sdl).schema).map((s) => [s.coordinate, s.record]));
}

const words = (count: number) =>
  'orders refunds shipments '
    .repeat(Math.ceil(count / 3))
    .split(' ')
    .slice(0, count)
    .join(' ');
const longText = words(600);
const values = Array.from({ length: 60 }, (_, i) => `"${words(40)} value ${i}." V${i}`).join('\n');
const records = recordsOf(`
  type Query {
    """${longText}"""
    orders("""${longText}""" first: Int, after: String): [Order] @deprecated(reason: "${words(100)}")
    short: Order
  }
  """${longText}"""
  type Order { id: ID! note: String }
  enum Status { ${values} }
`);
const record = (coordinate: string) => records.get(coordinate)!;

describe('searchHitRecord', () => {
  it('returns a record with short texts as it is, without a mark', () => {
    expect(searchHitRecord(record('field:Query.short'))).toBe(record('field:Query.short'));
    expect(searchHitRecord(record('object:Query'))).toBe(record('object:Query'));
  });

  it('cuts a long description to 1,000 characters and marks the record as shortened', () => {
    const hit = searchHitRecord(record('object:Order'));
    expect((hit.Description as string).length).toBeLessThanOrEqual(1000);
    expect(hit.Description).toMatch(/…$/);
    expect(hit.DescriptionShortened).toBe(true);
    expect(hit.Fields).toEqual(record('object:Order').Fields);
    expect((record('object:Order').Description as string).length).toBeGreaterThan(3000);
    expect(record('object:Order')).not.toHaveProperty('DescriptionShortened');
  });

  it('cuts argument descriptions to 300 characters and the deprecation reason too', () => {
    const hit = searchHitRecord(record('field:Query.orders'));
    const [first, after] = hit.Args as { Name: string; Description?: string }[];
    expect(first!.Description!.length).toBeLessThanOrEqual(300);
    expect(after).toEqual({ Name: 'after', TypeRef: 'String' });
    expect((hit.Deprecated as string).length).toBeLessThanOrEqual(300);
    expect(hit.DescriptionShortened).toBe(true);
  });

  it('shows at most 4,000 characters of enum value descriptions, every value by name', () => {
    const hit = searchHitRecord(record('enum:Status'));
    const listed = hit.Values as { Name: string; Description?: string }[];
    expect(listed).toHaveLength(60);
    const described = listed.filter((v) => v.Description !== undefined);
    expect(described.length).toBeGreaterThan(0);
    expect(described.length).toBeLessThan(60);
    expect(described.reduce((sum, v) => sum + v.Description!.length, 0)).toBeLessThanOrEqual(4000);
    expect(hit.DescriptionShortened).toBe(true);
  });

  it('gives the same view object for the same record (its JSON is cached by record)', () => {
    expect(searchHitRecord(record('enum:Status'))).toBe(searchHitRecord(record('enum:Status')));
  });

  it('keeps a hostile field list under the byte bound and counts the rest', () => {
    const fields = Array.from({ length: 3_000 }, (_, i) => `field${i}(arg: String): String`).join('\n');
    const wide = recordsOf(`type Query { wide: Wide }\ntype Wide { ${fields} }`).get('object:Wide')!;
    expect(wide.Fields).toHaveLength(3_000);
    const hit = searchHitRecord(wide);
    const shown = (hit.Fields as unknown[]).length;
    expect(shown).toBeGreaterThan(500);
    expect(hit.MoreFields).toBe(3_000 - shown);
    expect(Buffer.byteLength(JSON.stringify(hit))).toBeLessThanOrEqual(HIT_LIST_BYTES + 1024);
    expect(hit).not.toHaveProperty('DescriptionShortened');
  });
});
