/**
 * Where the CLI finds the discovery service: @discovery/config's
 * loadClientConfig (DISCOVERY_URL, DISCOVERY_TOKEN or DISCOVERY_TOKEN_FILE),
 * with `--url` taking the place of DISCOVERY_URL. A bad value is a
 * configuration error (exit 78, as every process) listing every problem, one line each.
 */
import { ConfigError, loadClientConfig, type Env, type LocalServeCard } from '@discovery/config';
import { CliError, ExitCode } from './exit-codes.js';

export interface CliConfig {
  readonly url: string;
  /** Secret: never print. */
  readonly token: string | undefined;
}

/** Resolves the service URL and token from `env`, `urlOverride` winning over DISCOVERY_URL; `localServes`: the local serves to choose from. */
export function loadCliConfig(env: Env, urlOverride?: string, localServes?: readonly LocalServeCard[]): CliConfig {
  try {
    const { discovery } = loadClientConfig(urlOverride === undefined ? env : { ...env, DISCOVERY_URL: urlOverride }, localServes);
    return discovery;
  } catch (error) {
    if (error instanceof ConfigError) {
      const lines = error.issues.map(
        (issue) => `${issue.variable === 'DISCOVERY_URL' && urlOverride !== undefined ? '--url' : issue.variable}: ${issue.message}`,
      );
      throw new CliError(ExitCode.InvalidConfig, lines.join('\n'));
    }
    throw error;
  }
}
