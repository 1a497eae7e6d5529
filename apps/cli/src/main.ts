/**
 * Entry point of the `discovery` command: hands argv, the environment and the
 * standard streams to runCli and exits with its code. Ctrl-C aborts the
 * running command (exit 130); a second Ctrl-C exits at once.
 */
import { runCli } from './cli.js';

const controller = new AbortController();
process.on('SIGINT', () => {
  if (controller.signal.aborted) process.exit(130);
  controller.abort();
});

const code = await runCli(process.argv.slice(2), {
  env: process.env,
  stdin: process.stdin,
  stdout: process.stdout,
  stderr: process.stderr,
  signal: controller.signal,
});
process.exitCode = code;
