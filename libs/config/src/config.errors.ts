/**
 * ConfigError: thrown once at boot when the environment is invalid. Its message
 * lists every bad variable, one line each (`NAME: what is expected`), and never
 * contains the value of a secret.
 */

/** One invalid variable and what it should look like. */
export interface ConfigIssue {
  readonly variable: string;
  readonly message: string;
}

export const ConfigErrorCode = {
  /** One or more variables are missing or invalid. */
  InvalidConfig: 'INVALID_CONFIG',
} as const;
export type ConfigErrorCode = (typeof ConfigErrorCode)[keyof typeof ConfigErrorCode];

/**
 * The exit code of every process (indexer, generator, bridge, serve, the CLI) whose configuration
 * is invalid: 78, EX_CONFIG of sysexits.h (docs/deployment.md "Exit codes").
 */
export const CONFIG_EXIT_CODE = 78;

export class ConfigError extends Error {
  readonly code: ConfigErrorCode = ConfigErrorCode.InvalidConfig;

  constructor(
    readonly service: string,
    readonly issues: readonly ConfigIssue[],
  ) {
    const lines = issues.map((issue) => `  ${issue.variable}: ${issue.message}`);
    super(`Invalid configuration for ${service} (${issues.length} problem${issues.length === 1 ? '' : 's'}):\n${lines.join('\n')}`);
    this.name = 'ConfigError';
  }
}
