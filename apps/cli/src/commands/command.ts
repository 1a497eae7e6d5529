/**
 * The shape of a CLI command: its name, help text, node:util parseArgs
 * options and a run function that returns the exit code (or throws CliError).
 */
import type { ParseArgsOptionsConfig } from 'node:util';
import type { CommandContext } from '../cli-context.js';

export type OptionValues = Record<string, string | boolean | string[] | boolean[] | undefined>;

export interface Command {
  readonly name: string;
  /** One line for `discovery --help`. */
  readonly summary: string;
  /** Full usage for `discovery <command> --help`. */
  readonly usage: string;
  readonly options: ParseArgsOptionsConfig;
  /** Lowest and highest number of positional arguments. */
  readonly positionals: readonly [number, number];
  /** Hand every argument after the command name to run() unparsed (as positionals). */
  readonly passthrough?: boolean;
  run(ctx: CommandContext, values: OptionValues, positionals: string[]): Promise<number>;
}

export function stringValue(values: OptionValues, name: string): string | undefined {
  const value = values[name];
  return typeof value === 'string' ? value : undefined;
}

export function listValue(values: OptionValues, name: string): string[] {
  const value = values[name];
  return Array.isArray(value) ? value.filter((v): v is string => typeof v === 'string') : [];
}
