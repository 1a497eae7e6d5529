/**
 * `discovery generate <index|schema> <prompt>`: GenerateQuery. Prints each
 * operation with its description; `--out dir` saves each as
 * `<OperationName>.graphql` (the MCP library's saveOperation: whole files,
 * never half-written), ready for a router's or our bridge's operations folder,
 * where a running bridge serves it as a tool at once. Reasons the schema
 * cannot answer go to stderr; no operation at all is exit code 8. An
 * operation the service composed without a language model says so (the
 * `discovery-composed` response header): a note on stderr, and `composed` in
 * --json (`no-model`, `model-fallback`, or null when a model wrote it).
 */
import { durationOption, type CommandContext } from '../cli-context.js';
import { CliError, ExitCode } from '../exit-codes.js';
import { resolveIndexId } from '../index-target.js';
import { stringValue, type Command } from './command.js';
import { COMPOSED_FALLBACK_HEADER_VALUE, COMPOSED_HEADER, COMPOSED_HEADER_VALUE } from '@discovery/proto';

/** What the note says for each value of the composed header. */
const COMPOSED_NOTES: Readonly<Record<string, string>> = {
  [COMPOSED_HEADER_VALUE]: 'Composed without a language model (none is configured on the service): check that it selects what you asked for.',
  [COMPOSED_FALLBACK_HEADER_VALUE]:
    "The service's language model gave no usable answer: this operation was composed without it; check that it selects what you asked for.",
};

/** The MCP library, loaded only by the commands that write operation files. */
const operationFiles = () => import('@discovery/mcp');

interface GeneratedOperation {
  operationName: string;
  operationType: string;
  description: string;
  document: string;
  variablesSchema: unknown;
}

function parseVariablesSchema(text: string, name: string): unknown {
  if (text === '') return {};
  try {
    return JSON.parse(text) as unknown;
  } catch {
    throw new CliError(ExitCode.Error, `the service sent a variables schema for ${name} that is not JSON`);
  }
}

async function writeOperations(ctx: CommandContext, dir: string, operations: GeneratedOperation[], force: boolean): Promise<string[]> {
  const { saveOperation, OperationFileError } = await operationFiles();
  const files: string[] = [];
  try {
    for (const operation of operations) files.push((await saveOperation(dir, operation.document, { overwrite: force })).path);
  } catch (error) {
    if (!(error instanceof OperationFileError)) throw error;
    const hint = error.code === 'exists' ? ' (use --force to overwrite)' : '';
    throw new CliError(ExitCode.Error, `cannot write to ${dir}: ${error.message}${hint}`);
  }
  for (const file of files) ctx.out.note(`wrote ${file}`);
  return files;
}

/** The document as the file will hold it; a document that does not parse is the service's defect. */
async function described(document: string, description: string): Promise<string> {
  const { documentWithDescription, OperationFileError } = await operationFiles();
  try {
    return documentWithDescription(document, description);
  } catch (error) {
    if (error instanceof OperationFileError) throw new CliError(ExitCode.Error, `the service returned an operation that cannot be saved: ${error.message}`);
    throw error;
  }
}

export const generateCommand: Command = {
  name: 'generate',
  summary: 'generate a GraphQL operation for a prompt',
  usage: `discovery generate <index-id | schema.graphql> <prompt...> [--out dir] [--force] [--timeout 2m]

Prints the generated operation(s), each with its description. Values from the prompt become
variables. What the schema cannot answer is listed on stderr (exit code 8 when nothing was
generated), and so is an operation composed without a language model (--json: "composed").
  --out <dir>     also write each operation to <dir>/<OperationName>.graphql
  --force         overwrite existing files in --out
  --timeout <d>   how long to wait for the answer (default 2m)`,
  options: { out: { type: 'string' }, force: { type: 'boolean' }, timeout: { type: 'string' } },
  positionals: [2, Number.POSITIVE_INFINITY],
  async run(ctx, values, [target, ...words]) {
    const prompt = words.join(' ').trim();
    if (prompt === '') throw new CliError(ExitCode.Usage, 'the prompt is empty');
    const timeoutMs = durationOption('timeout', stringValue(values, 'timeout'), 2 * 60_000);
    const indexId = await resolveIndexId(ctx, target!, 10 * 60_000);
    let composedHeader: string | null = null;
    const { resolution } = await ctx.client().generateQuery(
      { indexId, prompt },
      {
        signal: ctx.signal,
        timeoutMs,
        onHeader: (header) => {
          composedHeader = header.get(COMPOSED_HEADER);
        },
      },
    );
    // Only the values we know: the header is the service's text, not ours to print.
    const composed = composedHeader !== null && Object.hasOwn(COMPOSED_NOTES, composedHeader) ? (composedHeader as string) : null;
    const operations: GeneratedOperation[] = [];
    for (const q of resolution?.queries ?? []) {
      operations.push({
        operationName: q.operationName,
        operationType: q.operationType,
        description: q.description,
        document: await described(q.document, q.description),
        variablesSchema: parseVariablesSchema(q.variablesSchema, q.operationName),
      });
    }
    const unsatisfied = (resolution?.unsatisfied ?? []).map((u) => u.reason);
    const truncated = resolution?.truncated ?? false;
    const out = stringValue(values, 'out');
    const files = out !== undefined ? await writeOperations(ctx, out, operations, values['force'] === true) : [];
    ctx.out.result({ indexId, queries: operations, unsatisfied, truncated, composed, ...(out !== undefined ? { files } : {}) });
    operations.forEach((operation, i) => {
      if (i > 0) ctx.out.line();
      ctx.out.line(operation.document.trimEnd());
    });
    if (composed !== null && operations.length > 0) ctx.out.note(COMPOSED_NOTES[composed] as string);
    for (const reason of unsatisfied) ctx.out.note(`Not answerable: ${reason}`);
    if (truncated) ctx.out.note('The answer is incomplete: the generator ran out of turns or time.');
    if (operations.length === 0) {
      if (unsatisfied.length === 0) ctx.out.note('No operation was generated.');
      return ExitCode.NothingGenerated;
    }
    return ExitCode.Ok;
  },
};
