/**
 * The search evaluation rows (bench/data/search/queries.jsonl) and their
 * schemas, validated on load so a malformed row fails loudly with its line.
 */
import { readFile } from 'node:fs/promises';
import { join } from 'node:path';
import { z } from 'zod';

/** One row of queries.jsonl (the blind rows extend it with their split). */
export const evalRowSchema = z.object({
  id: z.string().min(1),
  schemaId: z.string().min(1),
  query: z.string().min(1),
  targetFields: z.array(z.string()),
  mustInclude: z.array(z.string()),
  mustExclude: z.array(z.string()),
});

export type EvalRow = z.infer<typeof evalRowSchema>;

/** Reads and validates every row. */
export async function loadEvalRows(searchDataDir: string): Promise<EvalRow[]> {
  const text = await readFile(join(searchDataDir, 'queries.jsonl'), 'utf8');
  const rows: EvalRow[] = [];
  text.split('\n').forEach((line, i) => {
    if (line.trim().length === 0) return;
    const parsed = evalRowSchema.safeParse(JSON.parse(line));
    if (!parsed.success) throw new Error(`queries.jsonl line ${i + 1}: ${parsed.error.message}`);
    rows.push(parsed.data);
  });
  return rows;
}

/** SDL of one schema of the split (`schemas/<schemaId>.graphql`). */
export async function loadSchemaSdl(searchDataDir: string, schemaId: string): Promise<string> {
  return readFile(join(searchDataDir, 'schemas', `${schemaId}.graphql`), 'utf8');
}

/** True for keyword rows (ids ending `-kw`). */
export function isKeywordRow(row: EvalRow): boolean {
  return row.id.endsWith('-kw');
}
