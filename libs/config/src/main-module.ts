/**
 * Process entry helpers shared by the services' mains: whether a module is
 * the script Node was started with, and loading a configuration at boot (a bad
 * configuration prints its one-line-per-variable message and exits CONFIG_EXIT_CODE, 78).
 */
import { realpathSync } from 'node:fs';
import { pathToFileURL } from 'node:url';
import { CONFIG_EXIT_CODE, ConfigError } from './config.errors.js';

/** Whether the module at `moduleUrl` is the script Node was started with (symlinks and odd paths resolved). */
export function isMainModule(moduleUrl: string, script: string | undefined = process.argv[1]): boolean {
  if (!script) return false;
  try {
    return moduleUrl === pathToFileURL(realpathSync(script)).href;
  } catch {
    return false; // the script path no longer exists: not us
  }
}

/** Loads the configuration, or prints why it is invalid and exits 78; then starts; a start failure exits 1. */
export function runMain<C>(name: string, load: () => C, start: (config: C) => Promise<unknown>): void {
  let config: C;
  try {
    config = load();
  } catch (error) {
    if (!(error instanceof ConfigError)) throw error;
    process.stderr.write(`${error.message}\n`);
    process.exit(CONFIG_EXIT_CODE);
  }
  start(config).catch((error: unknown) => {
    process.stderr.write(`${name} failed to start: ${error instanceof Error ? error.message : String(error)}\n`);
    process.exit(1);
  });
}
