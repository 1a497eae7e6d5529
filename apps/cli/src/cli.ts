/**
 * The discovery CLI: `runCli(argv, io)` parses the command line (node:util
 * parseArgs, strict), runs one command and returns its exit code. Errors are
 * printed once, here: a line for people, or `{"error":{code,message}}` on
 * stderr with --json. Nothing here reads process globals; main.ts does.
 */
import { parseArgs, type ParseArgsOptionsConfig } from 'node:util';
import { CommandContext, type CliIo } from './cli-context.js';
import { demandCommand } from './commands/demand.command.js';
import { generateCommand } from './commands/generate.command.js';
import { indexCommand } from './commands/index.command.js';
import { indexesCommand } from './commands/indexes.command.js';
import { operationsCommand } from './commands/operations.command.js';
import { searchCommand } from './commands/search.command.js';
import { sliceCommand } from './commands/slice.command.js';
import { serveCommand } from './commands/serve.command.js';
import { symbolsCommand } from './commands/symbols.command.js';
import { tokenCommand } from './commands/token.command.js';
import type { Command, OptionValues } from './commands/command.js';
import { CliError, EXIT_CODE_HELP, ExitCode, toCliError } from './exit-codes.js';
import { terminalText } from './output.js';

export const CLI_VERSION = '0.1.0';

export const COMMANDS: readonly Command[] = [
  serveCommand,
  indexCommand,
  searchCommand,
  sliceCommand,
  symbolsCommand,
  generateCommand,
  operationsCommand,
  demandCommand,
  indexesCommand,
  tokenCommand,
];

const GLOBAL_OPTIONS: ParseArgsOptionsConfig = {
  json: { type: 'boolean' },
  url: { type: 'string' },
  help: { type: 'boolean', short: 'h' },
};

export function mainUsage(): string {
  const width = Math.max(...COMMANDS.map((c) => c.name.length));
  const lines = COMMANDS.map((c) => `  ${c.name.padEnd(width)}  ${c.summary}`);
  return `discovery: schema discovery for GraphQL, from the command line

Usage: discovery <command> [options]

Commands:
${lines.join('\n')}

Options for every command:
  --json          print one JSON document on stdout (errors as JSON on stderr)
  --url <url>     the discovery service (default: DISCOVERY_URL, else http://127.0.0.1:4100)
  -h, --help      help for a command

Environment: DISCOVERY_URL, DISCOVERY_TOKEN (or DISCOVERY_TOKEN_FILE: a file holding it).

${EXIT_CODE_HELP}
`;
}

function reportError(io: CliIo, json: boolean, error: CliError): void {
  // A service's error text may carry schema or model text: cleaned like all output (issue 23 finding 6).
  const message = terminalText(error.message);
  if (json) io.stderr.write(`${JSON.stringify({ error: { code: error.code, message, exitCode: error.exitCode } })}\n`);
  else io.stderr.write(`discovery: ${message}\n`);
}

/** Runs one command line and resolves to the process exit code. */
export async function runCli(argv: readonly string[], io: CliIo): Promise<number> {
  const [name, ...rest] = argv;
  const json = argv.includes('--json');
  if (name === undefined || name === '--help' || name === '-h' || name === 'help') {
    io.stdout.write(mainUsage());
    return name === undefined ? ExitCode.Usage : ExitCode.Ok;
  }
  if (name === '--version') {
    io.stdout.write(`${CLI_VERSION}\n`);
    return ExitCode.Ok;
  }
  const command = COMMANDS.find((c) => c.name === name);
  if (!command) {
    reportError(io, json, new CliError(ExitCode.Usage, `unknown command "${name}" (see discovery --help)`));
    return ExitCode.Usage;
  }
  if (command.passthrough) {
    if (rest.includes('--help') || rest.includes('-h')) {
      io.stdout.write(`Usage: ${command.usage}\n`);
      return ExitCode.Ok;
    }
    return runCommand(command, new CommandContext(io, { json }), {}, rest);
  }
  let parsed: { values: Record<string, unknown>; positionals: string[] };
  try {
    parsed = parseArgs({ args: [...rest], options: { ...GLOBAL_OPTIONS, ...command.options }, allowPositionals: true, strict: true });
  } catch (error) {
    reportError(io, json, new CliError(ExitCode.Usage, `${(error as Error).message}\nUsage: ${command.usage.split('\n')[0]}`));
    return ExitCode.Usage;
  }
  const { values, positionals } = parsed;
  if (values['help'] === true) {
    io.stdout.write(`Usage: ${command.usage}\n`);
    return ExitCode.Ok;
  }
  const [min, max] = command.positionals;
  if (positionals.length < min || positionals.length > max) {
    reportError(io, json, new CliError(ExitCode.Usage, `wrong number of arguments\nUsage: ${command.usage.split('\n')[0]}`));
    return ExitCode.Usage;
  }
  const url = typeof values['url'] === 'string' ? values['url'] : undefined;
  const ctx = new CommandContext(io, { json: values['json'] === true, ...(url !== undefined ? { url } : {}) });
  return runCommand(command, ctx, values as OptionValues, positionals);
}

async function runCommand(command: Command, ctx: CommandContext, values: OptionValues, positionals: string[]): Promise<number> {
  const { io } = ctx;
  try {
    await ctx.prepare();
    return await command.run(ctx, values, positionals);
  } catch (error) {
    const failure = ctx.signal.aborted ? new CliError(ExitCode.Interrupted, 'interrupted') : toCliError(error, safeUrl(ctx));
    reportError(io, ctx.options.json, failure);
    return failure.exitCode;
  }
}

function safeUrl(ctx: CommandContext): string {
  try {
    return ctx.config().url;
  } catch {
    return '(DISCOVERY_URL)';
  }
}
