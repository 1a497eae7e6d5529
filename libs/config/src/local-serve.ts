/**
 * The address card of a local `discovery serve`: its discovery API URL and the token it made for
 * itself, in `$XDG_STATE_HOME/schema-discovery/serve.json` (default `$HOME/.local/state/...`; neither set: no card), mode
 * 0600 in a 0700 folder, removed when serve exits. Clients on the same machine and account (the
 * `discovery` CLI) use it when no DISCOVERY_URL / DISCOVERY_TOKEN says otherwise, so a local
 * serve works with no flags. A card whose process is gone is ignored.
 */
import { chmodSync, mkdirSync, readFileSync, renameSync, rmSync, writeFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { z } from 'zod';
import type { Env } from './load-env.js';

export interface LocalServeCard {
  /** Base URL of the discovery API, without a trailing slash. */
  readonly url: string;
  /** Secret: never print. Absent when serve runs with DISCOVERY_AUTH=off. */
  readonly token?: string | undefined;
  readonly pid: number;
}

const cardSchema = z.object({ url: z.url(), token: z.string().min(1).optional(), pid: z.number().int().positive() });

/** Where the card of the local serve is kept for `env`'s user. */
export function localServeFile(env: Env): string | undefined {
  const home = env['HOME']?.trim();
  const state = env['XDG_STATE_HOME']?.trim() || (home ? join(home, '.local', 'state') : undefined);
  return state ? join(state, 'schema-discovery', 'serve.json') : undefined;
}

/**
 * Where serve's JSON logs go: LOG_FILE (`-` is stdout); unset, `serve.log` beside the card when
 * stdout is a terminal (its plain lines stay readable), else stdout. Undefined means stdout.
 */
export function serveLogFile(env: Env, logFile: string | undefined, stdoutIsTerminal: boolean): string | undefined {
  if (logFile !== undefined) return logFile === '-' ? undefined : logFile;
  const card = localServeFile(env);
  return stdoutIsTerminal && card ? join(dirname(card), 'serve.log') : undefined;
}

/**
 * Where `discovery-mcp --stdio` keeps built indexes between starts (content-addressed files):
 * `$XDG_CACHE_HOME/schema-discovery/indexes`, default `$HOME/.cache/...`; neither set: nowhere.
 */
export function localIndexCacheDir(env: Env): string | undefined {
  const home = env['HOME']?.trim();
  const cache = env['XDG_CACHE_HOME']?.trim() || (home ? join(home, '.cache') : undefined);
  return cache ? join(cache, 'schema-discovery', 'indexes') : undefined;
}

/** Writes the card (owner-only). Returns the function that removes it if it is still this one. */
export function writeLocalServe(env: Env, card: LocalServeCard): () => void {
  const file = localServeFile(env);
  if (file === undefined) return () => undefined;
  mkdirSync(dirname(file), { recursive: true, mode: 0o700 });
  const temporary = `${file}.${card.pid}.tmp`;
  writeFileSync(temporary, `${JSON.stringify(card)}\n`, { mode: 0o600 });
  chmodSync(temporary, 0o600);
  renameSync(temporary, file);
  return () => {
    if (readCard(file)?.pid === card.pid) rmSync(file, { force: true });
  };
}

/** The card of a running local serve, or undefined (none, unreadable, or its process ended). */
export function readLocalServe(env: Env): LocalServeCard | undefined {
  const file = localServeFile(env);
  const card = file === undefined ? undefined : readCard(file);
  return card && processAlive(card.pid) ? card : undefined;
}

function readCard(file: string): LocalServeCard | undefined {
  try {
    const parsed = cardSchema.safeParse(JSON.parse(readFileSync(file, 'utf8')));
    return parsed.success ? { ...parsed.data, url: parsed.data.url.replace(/\/+$/, '') } : undefined;
  } catch {
    return undefined;
  }
}

function processAlive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch (error) {
    return (error as NodeJS.ErrnoException).code === 'EPERM';
  }
}
