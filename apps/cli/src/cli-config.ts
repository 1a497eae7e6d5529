/**
 * Where the CLI finds the discovery service: DISCOVERY_URL and DISCOVERY_TOKEN
 * (or DISCOVERY_TOKEN_FILE), parsed with the bridge's variable definitions
 * from @discovery/config so the rules and defaults are the same. `--url`
 * overrides DISCOVERY_URL. The environment is passed in by main.ts.
 */
import { readFileSync } from 'node:fs';
import type { z } from 'zod';
import { bridgeVars, type Env } from '@discovery/config';
import { CliError, ExitCode } from './exit-codes.js';

export interface CliConfig {
  readonly url: string;
  /** Secret: never print. */
  readonly token: string | undefined;
}

function present(value: string | undefined): value is string {
  return value !== undefined && value.trim() !== '';
}

interface Variable<T> {
  readonly name: string;
  readonly schema: z.ZodType<T, string | undefined>;
}

function parseVar<T>(variable: Variable<T>, raw: string | undefined): T {
  const result = variable.schema.safeParse(raw);
  if (!result.success) {
    throw new CliError(ExitCode.Usage, `${variable.name}: ${result.error.issues[0]?.message ?? 'invalid value'}`);
  }
  return result.data;
}

function readTokenFile(path: string): string {
  try {
    const content = readFileSync(path.trim(), 'utf8').trim();
    if (content === '') throw new CliError(ExitCode.Usage, 'DISCOVERY_TOKEN_FILE: the file is empty');
    return content;
  } catch (error) {
    if (error instanceof CliError) throw error;
    throw new CliError(ExitCode.Usage, `DISCOVERY_TOKEN_FILE: expected a readable file (${(error as NodeJS.ErrnoException).code ?? 'unreadable'})`);
  }
}

/** Resolves the service URL and token from `env`, `urlOverride` winning over DISCOVERY_URL. */
export function loadCliConfig(env: Env, urlOverride?: string): CliConfig {
  const url = parseVar(bridgeVars.DISCOVERY_URL, urlOverride ?? (present(env['DISCOVERY_URL']) ? env['DISCOVERY_URL'] : undefined));
  if (url === undefined) throw new CliError(ExitCode.Usage, 'DISCOVERY_URL: required');
  const direct = env['DISCOVERY_TOKEN'];
  const file = env['DISCOVERY_TOKEN_FILE'];
  if (present(direct) && present(file)) {
    throw new CliError(ExitCode.Usage, 'DISCOVERY_TOKEN: set either DISCOVERY_TOKEN or DISCOVERY_TOKEN_FILE, not both');
  }
  const raw = present(file) ? readTokenFile(file) : present(direct) ? direct : undefined;
  const token = raw === undefined ? undefined : parseVar(bridgeVars.DISCOVERY_TOKEN, raw);
  return Object.freeze({ url: url.replace(/\/+$/, ''), token });
}
