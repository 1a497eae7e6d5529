/**
 * The naive baseline of the benchmark (Shopify dev-mcp style): keep the fields
 * whose `Type.field` contains a query word (case-insensitive, words of three
 * letters or more, stop words dropped, a plural `s` removed so `orders` finds
 * `order`), ranked by how many words they contain, then in schema order. Types
 * and paths are never returned.
 */
import type { SchemaSymbol } from '@discovery/schema-symbols';

const STOP = new Set(
  'the and for with from that this what which who whom whose how are was were have has had all any each show list get give find fetch their its into about also only can you your our'.split(
    ' ',
  ),
);

export function naiveSearch(fields: readonly SchemaSymbol[], query: string, limit: number): string[] {
  const words = [
    ...new Set(
      (query.toLowerCase().match(/[a-z0-9]+/g) ?? [])
        .filter((w) => w.length >= 3 && !STOP.has(w))
        .map((w) => (w.length > 3 && w.endsWith('s') && !w.endsWith('ss') ? w.slice(0, -1) : w)),
    ),
  ];
  const scored: { coordinate: string; hits: number; at: number }[] = [];
  fields.forEach((s, at) => {
    const name = s.name.toLowerCase();
    const hits = words.filter((w) => name.includes(w)).length;
    if (hits > 0) scored.push({ coordinate: s.coordinate, hits, at });
  });
  scored.sort((a, b) => b.hits - a.hits || a.at - b.at);
  return scored.slice(0, limit).map((s) => s.coordinate);
}
