/**
 * @discovery/cli: the `discovery` command as a function, for tests and for
 * embedding (`runCli(argv, io)` resolves to the exit code).
 */
export { runCli, mainUsage, COMMANDS, CLI_VERSION } from './cli.js';
export { ExitCode, CliError, EXIT_CODE_HELP } from './exit-codes.js';
export type { CliIo } from './cli-context.js';
