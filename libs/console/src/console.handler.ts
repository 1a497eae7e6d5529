/**
 * The console's one HTTP handler, mounted beside the API (docs/console.md): the page and its two
 * built files under /console (static, built from the repository by `npm run build`, nothing
 * fetched at run time), its settings (/console/settings.json) and, in `serve`, the one-time
 * sign-in (POST /console/session). Everything else goes to `next`. The page talks to the same
 * Connect API as every other client, with the same tokens and tenancy. Small and framework-free,
 * so a Nest controller can host it as it is.
 */
import { readFileSync } from 'node:fs';
import type { IncomingMessage, ServerResponse } from 'node:http';
import { fileURLToPath } from 'node:url';
import type { ConsoleSignIn } from './console-sign-in.js';

export const CONSOLE_PATH = '/console';

/** What the page needs to know about the service (GET /console/settings.json). */
export interface ConsoleSettings {
  /** `serve`: the local user signs in by the printed link; `indexer`: the page asks for a token. */
  readonly mode: 'serve' | 'indexer';
  /** The API needs a bearer token. */
  readonly auth: boolean;
  /** Generated operations can be saved as tools (an operations folder is configured). */
  readonly saveAsTool: boolean;
}

export interface ConsoleHandlerOptions {
  settings: ConsoleSettings;
  /** serve's one-time sign-in; absent on the indexer. */
  signIn?: ConsoleSignIn;
  /** Host headers accepted by the sign-in (DNS rebinding); absent: any. Read per request. */
  allowedHosts?: () => readonly string[];
  /** The built page's folder (default: this library's dist/web). */
  webRoot?: string;
}

/** Served as they are built; every other path under /console is 404. */
const FILES: Readonly<Record<string, [string, string]>> = {
  '/console/': ['index.html', 'text/html; charset=utf-8'],
  '/console/console.js': ['console.js', 'text/javascript; charset=utf-8'],
  '/console/console.css': ['console.css', 'text/css; charset=utf-8'],
};

/** No script, style or connection but our own; no frames, forms or base elsewhere. */
const SECURITY_HEADERS = {
  'content-security-policy':
    "default-src 'none'; script-src 'self'; style-src 'self'; connect-src 'self'; img-src 'self' data:; base-uri 'none'; form-action 'none'; frame-ancestors 'none'",
  'x-content-type-options': 'nosniff',
  'referrer-policy': 'no-referrer',
  'x-frame-options': 'DENY',
  'cache-control': 'no-cache',
};

export type ConsoleHandler = (req: IncomingMessage, res: ServerResponse, next: () => void) => void;

export function consoleHandler(options: ConsoleHandlerOptions): ConsoleHandler {
  const root = options.webRoot ?? fileURLToPath(new URL('../dist/web/', import.meta.url));
  const cache = new Map<string, Buffer>();
  const file = (name: string): Buffer | undefined => {
    let body = cache.get(name);
    if (body === undefined) {
      try {
        body = readFileSync(`${root}${name}`);
      } catch {
        return undefined;
      }
      cache.set(name, body);
    }
    return body;
  };
  return (req, res, next) => {
    const path = new URL(req.url ?? '/', 'http://localhost').pathname;
    if (path !== CONSOLE_PATH && !path.startsWith(`${CONSOLE_PATH}/`)) return next();
    if (path === CONSOLE_PATH) return send(res, 308, 'text/plain; charset=utf-8', 'Moved to /console/', { location: '/console/' });
    if (path === '/console/session') return void session(req, res, options);
    if (req.method !== 'GET' && req.method !== 'HEAD') return send(res, 405, 'text/plain; charset=utf-8', 'Method not allowed', { allow: 'GET, HEAD' });
    if (path === '/console/settings.json') return send(res, 200, 'application/json; charset=utf-8', JSON.stringify(options.settings));
    const entry = FILES[path];
    const body = entry ? file(entry[0]) : undefined;
    if (!entry || !body) {
      const text = entry ? 'The console is not built: run npm run build.' : 'Not found';
      return send(res, 404, 'text/plain; charset=utf-8', text);
    }
    send(res, 200, entry[1], req.method === 'HEAD' ? Buffer.alloc(0) : body);
  };
}

/** POST /console/session: a JSON `{"secret"}` from this very origin, exchanged once for `{"token"}`. */
async function session(req: IncomingMessage, res: ServerResponse, options: ConsoleHandlerOptions): Promise<void> {
  if (req.method !== 'POST') return send(res, 405, 'text/plain; charset=utf-8', 'Method not allowed', { allow: 'POST' });
  const refuse = (status: number, error: string) => send(res, status, 'application/json; charset=utf-8', JSON.stringify({ error }));
  const host = (req.headers.host ?? '').toLowerCase();
  if (options.allowedHosts && !options.allowedHosts().includes(host)) return refuse(403, 'this Host is not allowed');
  // JSON only (a cross-origin page cannot send it without a preflight we never answer), from our own origin.
  if (!/^application\/json\b/i.test(req.headers['content-type'] ?? '')) return refuse(415, 'send application/json');
  if (req.headers.origin !== undefined && req.headers.origin.toLowerCase() !== `http://${host}`) return refuse(403, 'this Origin is not allowed');
  const text = await readSmallBody(req);
  let secret: unknown;
  try {
    secret = (JSON.parse(text ?? '') as { secret?: unknown }).secret;
  } catch {
    return refuse(400, 'the body is not JSON');
  }
  const granted = options.signIn?.redeem(secret);
  if (!granted) return refuse(403, 'this sign-in link was used already or is not this serve\'s: use the link serve printed when it started, or paste a token');
  send(res, 200, 'application/json; charset=utf-8', JSON.stringify(granted));
}

async function readSmallBody(req: IncomingMessage): Promise<string | undefined> {
  let size = 0;
  const chunks: Buffer[] = [];
  for await (const chunk of req as AsyncIterable<Buffer>) {
    size += chunk.length;
    if (size > 4096) return undefined;
    chunks.push(chunk);
  }
  return Buffer.concat(chunks).toString('utf8');
}

function send(res: ServerResponse, status: number, type: string, body: string | Buffer, headers: Record<string, string> = {}): void {
  res.writeHead(status, { ...SECURITY_HEADERS, 'content-type': type, 'content-length': Buffer.byteLength(body), ...headers });
  res.end(body);
}
