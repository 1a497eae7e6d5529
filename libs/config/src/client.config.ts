/**
 * Configuration of clients of the discovery API (the `discovery` CLI):
 * loadClientConfig(env) reads DISCOVERY_URL and DISCOVERY_TOKEN (or its
 * `_FILE`) with the same rules and defaults as the bridge.
 */
import * as b from './bridge.variables.js';
import { deepFreeze, loadEnv, type Env } from './load-env.js';

export const clientVars = {
  DISCOVERY_URL: b.DISCOVERY_URL,
  DISCOVERY_TOKEN: b.DISCOVERY_TOKEN,
};

export interface ClientConfig {
  readonly service: 'cli';
  readonly discovery: {
    /** Base URL without a trailing slash. */
    readonly url: string;
    /** Secret: never print. */
    readonly token: string | undefined;
  };
}

/** Reads the client's variables from `env` (default process.env); throws ConfigError. */
export function loadClientConfig(env: Env = process.env): ClientConfig {
  const values = loadEnv('cli', clientVars, env);
  return deepFreeze({
    service: 'cli',
    discovery: { url: values.DISCOVERY_URL.replace(/\/+$/, ''), token: values.DISCOVERY_TOKEN },
  });
}
