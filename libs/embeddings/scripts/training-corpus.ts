/**
 * Training texts for fitting the static table: symbol texts and description
 * sentences from the test fixture schemas, never from the benchmark schemas
 * (GitHub, Shopify Admin, Singapore) that the measurements use.
 */
import { readFileSync } from 'node:fs';
import { Kind, parse } from 'graphql';
// Node runs the .ts sibling (type stripping); tsc checks it through the type-only import.
import type * as SchemaTexts from './schema-texts.js';

const { schemaTexts } = (await import(new URL('./schema-texts.ts', import.meta.url).href)) as typeof SchemaTexts;

const FIXTURES = ['saleor', 'artsy-metaphysics-v2', 'anilist', 'yelp-fusion', 'rick-and-morty', 'swapi', 'countries', 'shopify-storefront', 'cosmo-demo'];

function descriptionSentences(file: URL): string[] {
  const out: string[] = [];
  const document = parse(readFileSync(file, 'utf8'), { noLocation: true });
  const visit = (node: unknown): void => {
    if (!node || typeof node !== 'object') return;
    const record = node as Record<string, unknown>;
    const d = record['description'] as { kind?: string; value?: string } | undefined;
    if (d?.kind === Kind.STRING && d.value) {
      const first =
        d.value
          .replace(/\s+/g, ' ')
          .trim()
          .split(/(?<=[.!?])\s/)[0] ?? '';
      const words = first.split(' ').length;
      if (words >= 4 && words <= 30) out.push(first);
    }
    for (const value of Object.values(record)) if (Array.isArray(value)) value.forEach(visit);
  };
  document.definitions.forEach(visit);
  return out;
}

/** Deterministic sample: every text once, at most `max` of them, spread over all fixtures. */
export function trainingCorpus(max: number): string[] {
  const dir = new URL('../../../test/fixtures/schemas/', import.meta.url);
  const seen = new Set<string>();
  for (const name of FIXTURES) {
    const file = new URL(`${name}.graphql`, dir);
    for (const t of schemaTexts(file)) seen.add(t.text);
    for (const s of descriptionSentences(file)) seen.add(s);
  }
  const all = [...seen];
  const step = Math.max(1, all.length / max);
  return Array.from({ length: Math.min(max, all.length) }, (_, i) => all[Math.floor(i * step)] as string);
}
