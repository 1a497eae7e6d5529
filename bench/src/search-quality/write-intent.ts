/**
 * The write-intent rows (bench/data/write/*.jsonl): requests to change data,
 * each with the mutation fields that carry it out. A row is found when any of
 * its targets is in the top 10 of an unfiltered search.
 */
import { readdir, readFile } from 'node:fs/promises';
import { join } from 'node:path';
import { z } from 'zod';

const rowSchema = z.object({
  id: z.string().min(1),
  schemaId: z.string().min(1),
  query: z.string().min(1),
  targets: z.array(z.string().regex(/^[A-Za-z_]\w*\.[A-Za-z_]\w*$/)).min(1),
  style: z.enum(['nl', 'kw', 'name']),
});

export type WriteRow = z.infer<typeof rowSchema>;

/** Reads and validates every row of every `*.jsonl` file in the folder. */
export async function loadWriteRows(writeDataDir: string): Promise<WriteRow[]> {
  const rows: WriteRow[] = [];
  for (const file of (await readdir(writeDataDir)).filter((f) => f.endsWith('.jsonl')).sort()) {
    const text = await readFile(join(writeDataDir, file), 'utf8');
    text.split('\n').forEach((line, i) => {
      if (line.trim().length === 0) return;
      const parsed = rowSchema.safeParse(JSON.parse(line));
      if (!parsed.success) throw new Error(`${file} line ${i + 1}: ${parsed.error.message}`);
      rows.push(parsed.data);
    });
  }
  return rows;
}

/** True when one of the row's targets (`Type.field`) is among the first 10 coordinates. */
export function writeRowFound(row: WriteRow, hits: readonly string[]): boolean {
  const top = new Set(hits.slice(0, 10));
  return row.targets.some((t) => top.has(`field:${t}`));
}
