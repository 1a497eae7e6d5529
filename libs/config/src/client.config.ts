/**
 * Configuration of clients of the discovery API (the `discovery` CLI):
 * loadClientConfig(env) reads DISCOVERY_URL and DISCOVERY_TOKEN (or its
 * `_FILE`) with the same rules and defaults as the bridge. With neither set, a
 * running local `discovery serve` (its card, see local-serve.ts) is used; with
 * only the URL set and equal to that serve's, its token is used.
 */
import * as b from './bridge.variables.js';
import { deepFreeze, loadEnv, type Env } from './load-env.js';
import { readLocalServe } from './local-serve.js';

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
    /** Where url and token came from. */
    readonly source: 'environment' | 'local-serve';
  };
}

/** Reads the client's variables from `env` (default process.env); throws ConfigError. */
export function loadClientConfig(env: Env = process.env): ClientConfig {
  const values = loadEnv('cli', clientVars, env);
  const url = values.DISCOVERY_URL.replace(/\/+$/, '');
  const urlSet = Boolean(env['DISCOVERY_URL']?.trim());
  const local = values.DISCOVERY_TOKEN === undefined ? readLocalServe(env) : undefined;
  const useLocal = local !== undefined && (!urlSet || sameUrl(local.url, url));
  return deepFreeze({
    service: 'cli',
    discovery: useLocal
      ? { url: urlSet ? url : local.url, token: local.token, source: 'local-serve' as const }
      : { url, token: values.DISCOVERY_TOKEN, source: 'environment' as const },
  });
}

function sameUrl(a: string, b: string): boolean {
  try {
    return new URL(a).href === new URL(b).href;
  } catch {
    return false;
  }
}
