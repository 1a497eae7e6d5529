/**
 * Configuration of clients of the discovery API (the `discovery` CLI):
 * loadClientConfig(env) reads DISCOVERY_URL and DISCOVERY_TOKEN (or its
 * `_FILE`) with the same rules and defaults as the bridge. With neither set, a
 * running local `discovery serve` (its card, see local-serve.ts) is used; with
 * only the URL set and equal to a serve's, that serve's token is used.
 */
import * as b from './bridge.variables.js';
import { deepFreeze, loadEnv, type Env } from './load-env.js';
import { readLocalServes, type LocalServeCard } from './local-serve.js';

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

/**
 * Reads the client's variables from `env` (default process.env); throws ConfigError. `localServes`
 * are the local serves to choose from (chooseLocalServes: those that answer); default, every
 * trusted card of a running serve. The newest is used, or with DISCOVERY_URL set the one at that URL.
 */
export function loadClientConfig(env: Env = process.env, localServes?: readonly LocalServeCard[]): ClientConfig {
  const values = loadEnv('cli', clientVars, env);
  const url = values.DISCOVERY_URL.replace(/\/+$/, '');
  const urlSet = Boolean(env['DISCOVERY_URL']?.trim());
  const cards = values.DISCOVERY_TOKEN === undefined ? (localServes ?? readLocalServes(env)) : [];
  const local = urlSet ? cards.find((card) => sameUrl(card.url, url)) : cards[0];
  const useLocal = local !== undefined;
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
