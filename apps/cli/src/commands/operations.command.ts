/**
 * `discovery operations list|check <dir> --schema <file> | --introspect <url>`: the operations
 * folder as the MCP bridge serves it (docs/wire.md §5), for people and CI: `list` prints every tool
 * (name, type, file, description) and every skipped file with its reason; `check` prints only the
 * problems. Exit code per outcome: 0 all servable, 10 a file is not a servable operation, 11 a
 * duplicate or taken name (10 wins when both). The folder is compiled by the bridge's own code.
 */
import { readFile } from 'node:fs/promises';
import { statSync } from 'node:fs';
import type { CommandContext } from '../cli-context.js';
import { CliError, ExitCode } from '../exit-codes.js';
import { oneLine } from '../output.js';
import { listValue, stringValue, type Command, type OptionValues } from './command.js';

const INVALID = new Set(['unreadable', 'invalid', 'subscription']);
const CONFLICT = new Set(['duplicate', 'collision']);

async function loadSchemaSdl(ctx: CommandContext, values: OptionValues): Promise<string> {
  const file = stringValue(values, 'schema');
  const url = stringValue(values, 'introspect');
  if ((file === undefined) === (url === undefined))
    throw new CliError(ExitCode.Usage, 'give the schema with --schema <file> or --introspect <url> (one of them)');
  if (file !== undefined) {
    try {
      return await readFile(file, 'utf8');
    } catch (error) {
      throw new CliError(ExitCode.Usage, `cannot read the schema ${file} (${(error as NodeJS.ErrnoException).code ?? 'error'})`);
    }
  }
  const { IntrospectionSchemaSource } = await import('@discovery/mcp');
  const headers = Object.fromEntries(
    listValue(values, 'header').map((line) => [line.slice(0, line.indexOf(':')).trim(), line.slice(line.indexOf(':') + 1).trim()]),
  );
  let source: InstanceType<typeof IntrospectionSchemaSource>;
  try {
    source = new IntrospectionSchemaSource(url!, { headers, intervalMs: 0 });
  } catch (error) {
    throw new CliError(ExitCode.Usage, `--introspect: ${(error as Error).message}`);
  }
  const outcome = await new Promise<{ sdl?: string; reason?: string }>(
    (resolve) => void source.start({ schema: (sdl) => resolve({ sdl }), failed: (reason) => resolve({ reason }) }),
  );
  await source.close();
  if (outcome.sdl === undefined) throw new CliError(ExitCode.Unavailable, `cannot introspect ${url}: ${outcome.reason}`);
  ctx.out.note(`introspected ${url}`);
  return outcome.sdl;
}

export const operationsCommand: Command = {
  name: 'operations',
  summary: 'list or check a folder of operations as the MCP bridge serves them',
  usage: `discovery operations list|check <dir> (--schema <file> | --introspect <url> [--header "N: v"]) [--omit-tool-name-prefix] [--exclude-mutations]

Compiles every .graphql and .gql file under <dir> (subfolders too) into MCP tools by the rules the
bridge and Cosmo's router serve them by, against the schema. list prints each tool and each skipped
file; check prints only the problems. Exit codes: 0 every file is a servable operation, 10 a file is
not (syntax, schema, subscription), 11 a duplicate operation name or a tool name already taken.
  --omit-tool-name-prefix  name tools as with MCP_OMIT_TOOL_NAME_PREFIX=true
  --exclude-mutations      leave mutations out, as with MCP_EXCLUDE_MUTATIONS=true`,
  options: {
    schema: { type: 'string' },
    introspect: { type: 'string' },
    header: { type: 'string', multiple: true },
    'omit-tool-name-prefix': { type: 'boolean' },
    'exclude-mutations': { type: 'boolean' },
  },
  positionals: [2, 2],
  async run(ctx, values, [mode, dir]) {
    if (mode !== 'list' && mode !== 'check') throw new CliError(ExitCode.Usage, `unknown mode "${mode}": use list or check`);
    if (!isDirectory(dir!)) throw new CliError(ExitCode.Usage, `${dir} is not a directory`);
    const sdl = await loadSchemaSdl(ctx, values);
    const { compileOperations, readOperationFiles, RESERVED_TOOL_NAMES } = await import('@discovery/mcp');
    const { buildSchemaFromSdl } = await import('@discovery/schema-symbols');
    let schema: ReturnType<typeof buildSchemaFromSdl>['schema'];
    try {
      schema = buildSchemaFromSdl(sdl).schema;
    } catch (error) {
      throw new CliError(ExitCode.Usage, `the schema does not build: ${(error as Error).message.split('\n')[0]}`);
    }
    const compiled = compileOperations(await readOperationFiles(dir!), schema, {
      omitToolNamePrefix: values['omit-tool-name-prefix'] === true,
      excludeMutations: values['exclude-mutations'] === true,
      reserved: RESERVED_TOOL_NAMES,
    });
    const tools = compiled.tools.map(({ name, operationName, operationType, file, description, inputSchema }) => ({
      name,
      operationName,
      operationType,
      file,
      description,
      inputSchema,
    }));
    ctx.out.result({ dir, tools, skipped: compiled.skipped });
    if (mode === 'list')
      ctx.out.table(
        tools.map((t) => [t.name, t.operationType, t.file, oneLine(t.description, 60)]),
        ['TOOL', 'TYPE', 'FILE', 'DESCRIPTION'],
      );
    for (const entry of compiled.skipped)
      ctx.out.note(`${entry.reason === 'excluded' ? 'excluded' : 'skipped'} ${entry.file}: ${entry.reason}: ${entry.detail}`);
    const invalid = compiled.skipped.filter((entry) => INVALID.has(entry.reason)).length;
    const conflicts = compiled.skipped.filter((entry) => CONFLICT.has(entry.reason)).length;
    if (mode === 'check' && invalid + conflicts === 0) ctx.out.note(`${tools.length} operation${tools.length === 1 ? '' : 's'} OK`);
    return invalid > 0 ? ExitCode.InvalidOperations : conflicts > 0 ? ExitCode.OperationConflicts : ExitCode.Ok;
  },
};

function isDirectory(path: string): boolean {
  try {
    return statSync(path).isDirectory();
  } catch {
    return false;
  }
}
