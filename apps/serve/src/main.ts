/**
 * `serve`, the default `npm start`: `node apps/serve/dist/main.js [bridge options]` runs the
 * indexer, the generator and the MCP bridge in one process (the ServeModule of
 * libs/nest-modules/src/serve), in memory unless REDIS_URL is set. The options are the bridge's
 * (`--schema`, `--introspect`, ...: discovery-mcp --help). `discovery serve` and
 * `discovery-mcp serve` run the same in their own process. Exit codes: 0 ok, 1 runtime failure,
 * 2 usage or config.
 */
import { ConfigError } from '@discovery/config';
import { parseBridgeArgs, USAGE, UsageError } from '@discovery/mcp';
import { runEmbeddedStdio, runServe } from '@discovery/nest-modules/serve';

async function main(argv: readonly string[]): Promise<number> {
  const args = parseBridgeArgs(['serve', ...argv.filter((arg, i) => i > 0 || arg !== 'serve')]);
  if (args.help) {
    process.stdout.write(USAGE);
    return 0;
  }
  const env = { ...process.env, ...args.overrides };
  if (args.transport === 'stdio') {
    await runEmbeddedStdio(env);
    return 0;
  }
  return runServe(env);
}

main(process.argv.slice(2)).then(
  (code) => process.exit(code),
  (error: unknown) => {
    const usage = error instanceof UsageError || error instanceof ConfigError;
    process.stderr.write(`serve: ${error instanceof Error ? error.message : String(error)}\n${error instanceof UsageError ? `\n${USAGE}` : ''}`);
    process.exit(usage ? 2 : 1);
  },
);
