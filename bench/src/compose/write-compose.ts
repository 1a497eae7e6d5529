/**
 * Requests to change data for the composer (generate-compose section), with
 * mutations allowed: the blind rows (bench/data/blind/write.jsonl, their
 * dev / heldout split), the write eval rows (bench/data/write: GitHub,
 * Shopify) and the held-back Saleor rows (bench/data/write-other). Per row:
 * the mutation composed (if any), whether it is one of the row's targets
 * (right) or not (wrong), whether a query was composed instead, whether the
 * answer is honest (an operation, or an `unsatisfied` reason), and whether a
 * value of the request was dropped (in neither the document nor a reason).
 */
import { readFile } from 'node:fs/promises';
import { join } from 'node:path';
import { parse, Kind, type OperationDefinitionNode } from 'graphql';
import type { GenerateJobResult, GenerationIndex } from '@discovery/generation';
import { LexicalSchemaIndex } from '@discovery/schema-slice/testing';
import { extractLiterals } from '../compose/previous/prompt-literals.js';

export interface WriteComposeRow {
  /** `blind-dev`, `blind-heldout`, `write` (GitHub, Shopify), `write-other` (Saleor, held back). */
  split: string;
  schema: string;
  prompt: string;
  /** `Root.field` of every mutation that carries the request out. */
  targets: string[];
  index: LexicalSchemaIndex;
}

export interface ComposerLike {
  compose(index: GenerationIndex, prompt: string): Promise<GenerateJobResult>;
}

export interface WriteSample {
  mutation?: string;
  right: boolean;
  wrong: boolean;
  query: boolean;
  answered: boolean;
  dropped: boolean;
  ms: number;
}

async function jsonLines(file: string): Promise<Record<string, unknown>[]> {
  const text = await readFile(file, 'utf8');
  return text
    .split('\n')
    .filter((line) => line.trim() !== '')
    .map((line) => JSON.parse(line) as Record<string, unknown>);
}

export async function loadWriteComposeRows(dataDir: string, rootDir: string): Promise<WriteComposeRow[]> {
  const indexes = new Map<string, LexicalSchemaIndex>();
  const indexFor = async (file: string): Promise<LexicalSchemaIndex> => {
    let index = indexes.get(file);
    if (!index) {
      index = new LexicalSchemaIndex(await readFile(file, 'utf8'));
      indexes.set(file, index);
    }
    return index;
  };
  const rows: WriteComposeRow[] = [];
  const add = async (row: Record<string, unknown>, split: string, schemaFile: string): Promise<void> => {
    rows.push({
      split,
      schema: String(row['schemaId']),
      prompt: String(row['query']),
      targets: (row['targets'] as string[]) ?? [],
      index: await indexFor(schemaFile),
    });
  };
  for (const row of await jsonLines(join(dataDir, 'blind', 'write.jsonl'))) {
    await add(row, `blind-${String(row['split'])}`, join(dataDir, 'blind', 'schemas', `${String(row['schemaId'])}.graphql`));
  }
  for (const schema of ['github', 'shopify']) {
    for (const row of await jsonLines(join(dataDir, 'write', `${schema}.jsonl`)))
      await add(row, 'write', join(dataDir, 'search', 'schemas', `${schema}.graphql`));
  }
  for (const row of await jsonLines(join(dataDir, 'write-other', 'saleor.jsonl'))) {
    await add(row, 'write-other', join(rootDir, 'test', 'fixtures', 'schemas', 'saleor.graphql'));
  }
  return rows;
}

/** `Root.field` of the first root field of the document's operation, and the operation type. */
function rootField(document: string): { operation: string; field: string } | undefined {
  const operation = parse(document).definitions.find((d): d is OperationDefinitionNode => d.kind === Kind.OPERATION_DEFINITION);
  const first = operation?.selectionSet.selections.find((s) => s.kind === Kind.FIELD);
  return operation && first?.kind === Kind.FIELD ? { operation: operation.operation, field: first.name.value } : undefined;
}

/** Whether every value of the prompt is in the document (inline or as a variable's example) or named in a reason. */
export function keepsValues(prompt: string, document: string | undefined, unsatisfied: readonly string[]): boolean {
  const said = `${document ?? ''}\n${unsatisfied.join('\n')}`;
  return extractLiterals(prompt).every((literal) => said.includes(literal.text));
}

export async function measureWrite(composer: ComposerLike, row: WriteComposeRow): Promise<WriteSample> {
  const started = performance.now();
  const result = await composer.compose(row.index, row.prompt);
  const ms = performance.now() - started;
  const query = result.status === 'resolved' ? result.resolution.queries[0] : undefined;
  const unsatisfied = result.status === 'resolved' ? result.resolution.unsatisfied : [];
  const root = query ? rootField(query.document) : undefined;
  const mutationRoot = row.index.schema.getMutationType()?.name ?? 'Mutation';
  const mutation = root?.operation === 'mutation' ? `${mutationRoot}.${root.field}` : undefined;
  const right = mutation !== undefined && row.targets.includes(mutation);
  return {
    ...(mutation ? { mutation } : {}),
    right,
    wrong: mutation !== undefined && !right,
    query: root !== undefined && root.operation !== 'mutation',
    answered: query !== undefined || unsatisfied.length > 0,
    // With no operation there is nothing to drop a value from: the request was not carried out.
    dropped: query !== undefined && !keepsValues(row.prompt, query.document, unsatisfied),
    ms,
  };
}
