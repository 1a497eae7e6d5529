/**
 * `discovery serve`: indexer, generator and MCP bridge in one process (the
 * bridge app's `serve` mode), in memory unless REDIS_URL is set. The CLI runs
 * that built app as a child process with the same Node, passes the arguments
 * and the environment on, forwards SIGINT/SIGTERM, and exits with its code.
 */
import { spawn } from 'node:child_process';
import { existsSync } from 'node:fs';
import { constants } from 'node:os';
import { fileURLToPath } from 'node:url';
import { CliError, ExitCode } from '../exit-codes.js';
import type { Command } from './command.js';

/** The bridge app's built entry, beside this app in the repository or image. */
export function serveEntry(): string {
  return fileURLToPath(new URL('../../../mcp-bridge/dist/main.js', import.meta.url));
}

export const serveCommand: Command = {
  name: 'serve',
  summary: 'run indexer, generator and MCP bridge in one process',
  usage: `discovery serve [--schema file.graphql | --introspect url] [bridge options]

Runs the indexer, the generator and the MCP bridge (MCP at /mcp) in one process, in memory
unless REDIS_URL is set. Options are those of the bridge (discovery-mcp --help), for example
--schema file.graphql; configuration comes from the environment (.env.example).`,
  options: {},
  positionals: [0, Number.POSITIVE_INFINITY],
  passthrough: true,
  async run(ctx, _values, args) {
    const entry = serveEntry();
    if (!existsSync(entry)) {
      throw new CliError(ExitCode.Error, `the MCP bridge is not built (${entry} is missing): run npm run build`);
    }
    const child = spawn(process.execPath, [entry, 'serve', ...args], { stdio: 'inherit', env: { ...ctx.io.env } });
    const forward = (signal: NodeJS.Signals) => () => child.kill(signal);
    const onInt = forward('SIGINT');
    const onTerm = forward('SIGTERM');
    process.on('SIGTERM', onTerm);
    ctx.signal.addEventListener('abort', onInt, { once: true });
    try {
      return await new Promise<number>((resolve, reject) => {
        child.once('error', (error) => reject(new CliError(ExitCode.Error, `cannot start serve: ${error.message}`)));
        // Ended by a signal: the shell convention 128 + its number (SIGTERM 143, SIGINT 130).
        child.once('exit', (code, signal) => resolve(code ?? (signal ? 128 + constants.signals[signal] : ExitCode.Error)));
      });
    } finally {
      process.off('SIGTERM', onTerm);
      ctx.signal.removeEventListener('abort', onInt);
    }
  },
};
