/**
 * The address cards of local `discovery serve`s: each one's discovery API URL and the token it made
 * for itself, one file per serve, `serve-<port>.json`, in `$XDG_STATE_HOME/schema-discovery/`
 * (default `$HOME/.local/state/...`; neither set: no card), mode 0600 in a 0700 folder, removed when
 * that serve exits. Clients on the same machine and account (the `discovery` CLI) use one when no
 * DISCOVERY_URL / DISCOVERY_TOKEN says otherwise, so a local serve works with no flags.
 *
 * The cards hold a token, so they are written and read as secrets (issue 23 findings 12 and 13): the
 * folder must be a real folder of the user (never a symlink); a card is written under a random name
 * with O_EXCL and renamed into place, so no planted symlink is followed; a card is read with
 * O_NOFOLLOW and trusted only when it is a regular file of the user that nobody else can read or
 * write, and its process is alive. Two serves keep two cards; the CLI takes the one that answers
 * (chooseLocalServes), and a serve removes only its own.
 */
import { randomBytes } from 'node:crypto';
import {
  closeSync,
  constants,
  fstatSync,
  lstatSync,
  mkdirSync,
  openSync,
  readdirSync,
  readFileSync,
  renameSync,
  rmSync,
  chmodSync,
  writeFileSync,
} from 'node:fs';
import { join } from 'node:path';
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

/** The folder of the local serves' cards (and serve's log) for `env`'s user. */
export function localServeDir(env: Env): string | undefined {
  const home = env['HOME']?.trim();
  const state = env['XDG_STATE_HOME']?.trim() || (home ? join(home, '.local', 'state') : undefined);
  return state ? join(state, 'schema-discovery') : undefined;
}

/** Where the card of the local serve listening on `port` is kept. */
export function localServeFile(env: Env, port: number): string | undefined {
  const dir = localServeDir(env);
  return dir ? join(dir, `serve-${port}.json`) : undefined;
}

/**
 * Where serve's JSON logs go: LOG_FILE (`-` is stdout); unset, `serve.log` beside the card when
 * stdout is a terminal (its plain lines stay readable), else stdout. Undefined means stdout.
 */
export function serveLogFile(env: Env, logFile: string | undefined, stdoutIsTerminal: boolean): string | undefined {
  if (logFile !== undefined) return logFile === '-' ? undefined : logFile;
  const dir = localServeDir(env);
  return stdoutIsTerminal && dir ? join(dir, 'serve.log') : undefined;
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

/** Writes the card (owner-only). Returns the function that removes it if it is still this one. Throws when the folder cannot be trusted. */
export function writeLocalServe(env: Env, card: LocalServeCard): () => void {
  const dir = localServeDir(env);
  if (dir === undefined) return () => undefined;
  privateDir(dir);
  const file = join(dir, `serve-${portOf(card.url)}.json`);
  const temporary = join(dir, `.serve.${randomBytes(8).toString('hex')}.tmp`);
  // O_EXCL: a name that exists (a planted symlink included) is never opened, let alone followed.
  writeFileSync(temporary, `${JSON.stringify(card)}\n`, { mode: 0o600, flag: 'wx' });
  renameSync(temporary, file);
  return () => {
    if (readCard(file)?.pid === card.pid) rmSync(file, { force: true });
  };
}

/** The cards of running local serves that can be trusted, newest first. */
export function readLocalServes(env: Env): LocalServeCard[] {
  const dir = localServeDir(env);
  if (dir === undefined || !trustedDir(dir)) return [];
  let names: string[];
  try {
    names = readdirSync(dir).filter((name) => /^serve(-[0-9]{1,5})?\.json$/.test(name));
  } catch {
    return [];
  }
  const cards: (LocalServeCard & { at: number })[] = [];
  for (const name of names) {
    const card = readCard(join(dir, name));
    if (card && processAlive(card.pid)) cards.push(card);
  }
  return cards.sort((a, b) => b.at - a.at).map(({ at: _at, ...card }) => card);
}

/** The newest trusted card of a running local serve, or undefined. */
export function readLocalServe(env: Env): LocalServeCard | undefined {
  return readLocalServes(env)[0];
}

/**
 * The trusted cards whose serve answers `answers` (default: its /healthz within a second), newest
 * first; undefined when there is nothing to choose (at most one card), so callers keep the default.
 */
export async function chooseLocalServes(env: Env, answers: (card: LocalServeCard) => Promise<boolean> = healthy): Promise<LocalServeCard[] | undefined> {
  const cards = readLocalServes(env);
  if (cards.length < 2) return undefined;
  const answered = await Promise.all(cards.map((card) => answers(card).catch(() => false)));
  return cards.filter((_card, i) => answered[i]);
}

async function healthy(card: LocalServeCard): Promise<boolean> {
  const response = await fetch(`${card.url}/healthz`, { signal: AbortSignal.timeout(1_000) });
  await response.body?.cancel();
  return response.ok;
}

function portOf(url: string): number {
  const parsed = new URL(url);
  return Number(parsed.port || (parsed.protocol === 'https:' ? 443 : 80));
}

const uid = (): number | undefined => process.getuid?.();

/** Creates the folder owner-only, or makes sure the one there is a real folder of this user, closed to others. */
function privateDir(dir: string): void {
  mkdirSync(dir, { recursive: true, mode: 0o700 });
  const stat = lstatSync(dir);
  if (!stat.isDirectory() || (uid() !== undefined && stat.uid !== uid())) {
    throw Object.assign(new Error(`${dir} is not a folder of this user (a symlink or another owner): no card is written there`), { code: 'EUNTRUSTED' });
  }
  if ((stat.mode & 0o077) !== 0) chmodSync(dir, 0o700);
}

function trustedDir(dir: string): boolean {
  try {
    const stat = lstatSync(dir);
    return stat.isDirectory() && (uid() === undefined || stat.uid === uid()) && (stat.mode & 0o022) === 0;
  } catch {
    return false;
  }
}

function readCard(file: string): (LocalServeCard & { at: number }) | undefined {
  let fd: number | undefined;
  try {
    fd = openSync(file, constants.O_RDONLY | constants.O_NOFOLLOW);
    const stat = fstatSync(fd);
    // Only a regular file of this user that nobody else can read or write is trusted.
    if (!stat.isFile() || (uid() !== undefined && stat.uid !== uid()) || (stat.mode & 0o077) !== 0 || stat.size > 64 * 1024) return undefined;
    const parsed = cardSchema.safeParse(JSON.parse(readFileSync(fd, 'utf8')));
    return parsed.success ? { ...parsed.data, url: parsed.data.url.replace(/\/+$/, ''), at: stat.mtimeMs } : undefined;
  } catch {
    return undefined;
  } finally {
    if (fd !== undefined) closeSync(fd);
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
