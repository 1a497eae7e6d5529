/**
 * `discovery serve`: indexer, generator and MCP bridge in one process, in memory unless REDIS_URL
 * is set: the same `serve` as `npm start` and `discovery-mcp serve` (libs/nest-modules/src/serve),
 * run in this process with the bridge's options. It ends with the process: SIGTERM, or Ctrl-C.
 */
import { ConfigError } from '@discovery/config';
import { parseBridgeArgs, USAGE, UsageError } from '@discovery/mcp';
import { CliError, ExitCode } from '../exit-codes.js';
import type { Command } from './command.js';

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
    try {
      const parsed = parseBridgeArgs(['serve', ...args]);
      if (parsed.help) {
        ctx.io.stdout.write(USAGE);
        return ExitCode.Ok;
      }
      const env = { ...ctx.io.env, ...parsed.overrides };
      // Loaded only here: the other commands are clients and need none of the services' code.
      const serve = await import('@discovery/nest-modules/serve');
      if (parsed.transport === 'stdio') {
        await serve.runEmbeddedStdio(env);
        return ExitCode.Ok;
      }
      return await serve.runServe(env);
    } catch (error) {
      if (error instanceof ConfigError) throw new CliError(ExitCode.InvalidConfig, error.message);
      if (error instanceof UsageError) throw new CliError(ExitCode.Usage, error.message);
      throw error;
    }
  },
};
