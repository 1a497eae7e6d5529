/**
 * The rows of the generate-compose section: bench/data/search (prompt and gold
 * operation per row) and bench/data/generate (NL2GQL `NL` and `GT_GQL`), each
 * with the schema it was written against. NL2GQL gold operations that do not
 * validate with graphql-js (StepZen's implicit interface fields) are skipped
 * and counted.
 */
import { readFile } from 'node:fs/promises';
import { join } from 'node:path';
import { checkOperation } from '@discovery/generation';
import { LexicalSchemaIndex } from '@discovery/schema-slice/testing';

export interface ComposeRow {
  dataset: 'search' | 'nl2gql';
  schema: string;
  prompt: string;
  gold: string;
  index: LexicalSchemaIndex;
}

async function jsonLines(file: string): Promise<Record<string, unknown>[]> {
  const text = await readFile(file, 'utf8');
  return text
    .split('\n')
    .filter((line) => line.trim() !== '')
    .map((line) => JSON.parse(line) as Record<string, unknown>);
}

/** The rows of both datasets, or of the ones named (the slice bench needs only NL2GQL's). */
export async function loadComposeRows(
  dataDir: string,
  datasets: readonly ComposeRow['dataset'][] = ['search', 'nl2gql'],
): Promise<{ rows: ComposeRow[]; skipped: number }> {
  const rows: ComposeRow[] = [];
  const indexes = new Map<string, LexicalSchemaIndex>();
  const indexFor = async (file: string): Promise<LexicalSchemaIndex> => {
    let index = indexes.get(file);
    if (!index) {
      index = new LexicalSchemaIndex(await readFile(file, 'utf8'));
      indexes.set(file, index);
    }
    return index;
  };
  for (const row of datasets.includes('search') ? await jsonLines(join(dataDir, 'search', 'queries.jsonl')) : []) {
    const schema = String(row['schemaId']);
    const index = await indexFor(join(dataDir, 'search', 'schemas', `${schema}.graphql`));
    rows.push({ dataset: 'search', schema, prompt: String(row['query']), gold: String(row['operation']), index });
  }
  let skipped = 0;
  for (const row of datasets.includes('nl2gql') ? await jsonLines(join(dataDir, 'generate', 'nl2gql.jsonl')) : []) {
    const schema = String(row['Database']);
    const index = await indexFor(join(dataDir, 'generate', String(row['schema_file'])));
    const gold = String(row['GT_GQL']);
    if (!checkOperation(index.schema, gold).ok) {
      skipped += 1;
      continue;
    }
    rows.push({ dataset: 'nl2gql', schema, prompt: String(row['NL']), gold, index });
  }
  return { rows, skipped };
}

/** A blind read row (bench/data/blind/read.jsonl): its dataset is its split. */
export type BlindComposeRow = Omit<ComposeRow, 'dataset'> & { dataset: 'blind-dev' | 'blind-heldout' };

/** The blind read rows (issue 22 item 2), development and held-out, each with its schema. */
export async function loadBlindReadRows(dataDir: string): Promise<BlindComposeRow[]> {
  const indexes = new Map<string, LexicalSchemaIndex>();
  const rows: BlindComposeRow[] = [];
  for (const row of await jsonLines(join(dataDir, 'blind', 'read.jsonl'))) {
    const schema = String(row['schemaId']);
    let index = indexes.get(schema);
    if (!index) {
      index = new LexicalSchemaIndex(await readFile(join(dataDir, 'blind', 'schemas', `${schema}.graphql`), 'utf8'));
      indexes.set(schema, index);
    }
    rows.push({
      dataset: row['split'] === 'heldout' ? 'blind-heldout' : 'blind-dev',
      schema,
      prompt: String(row['query']),
      gold: String(row['operation']),
      index,
    });
  }
  return rows;
}
