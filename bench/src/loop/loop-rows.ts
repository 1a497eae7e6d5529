/**
 * The rows of the generate-loop section, by dataset and split: development
 * (bench/data/search: GitHub, Shopify Admin, a small schema; bench/data/generate:
 * NL2GQL) and held out (bench/data/slice-other: five other schemas, written
 * blind), each with its gold operation and an in-process index of its schema.
 */
import { readFile } from 'node:fs/promises';
import { join } from 'node:path';
import { LexicalSchemaIndex } from '@discovery/schema-slice/testing';
import { loadComposeRows } from '../compose/compose-rows.js';

export interface LoopRow {
  id: string;
  dataset: 'search' | 'nl2gql' | 'slice-other';
  split: 'development' | 'held-out';
  schema: string;
  prompt: string;
  gold: string;
  index: LexicalSchemaIndex;
}

async function heldOut(dataDir: string): Promise<LoopRow[]> {
  const text = await readFile(join(dataDir, 'slice-other', 'queries.jsonl'), 'utf8');
  const indexes = new Map<string, LexicalSchemaIndex>();
  const rows: LoopRow[] = [];
  for (const line of text.split('\n').filter((l) => l.trim() !== '')) {
    const row = JSON.parse(line) as { id: string; schemaId: string; query: string; operation: string };
    let index = indexes.get(row.schemaId);
    if (!index) {
      index = new LexicalSchemaIndex(await readFile(join(dataDir, '..', '..', 'test', 'fixtures', 'schemas', `${row.schemaId}.graphql`), 'utf8'));
      indexes.set(row.schemaId, index);
    }
    rows.push({ id: row.id, dataset: 'slice-other', split: 'held-out', schema: row.schemaId, prompt: row.query, gold: row.operation, index });
  }
  return rows;
}

/** Every row, development first. */
export async function loadLoopRows(dataDir: string): Promise<{ rows: LoopRow[]; skipped: number }> {
  const { rows, skipped } = await loadComposeRows(dataDir);
  const development: LoopRow[] = rows.map((row, i) => ({ id: `${row.dataset}-${i}`, split: 'development', ...row }));
  return { rows: [...development, ...(await heldOut(dataDir))], skipped };
}
