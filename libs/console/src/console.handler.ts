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
  /**
   * "Save as tool": writes a generated operation into the operations folder (serve's
   * MCP_OPERATIONS_DIR), for POST /console/operations; absent: not offered.
   */
  saveOperation?: (document: string, description: string) => Promise<{ path: string; operationName: string }>;
  /** Whether a request's Authorization header may save (the API's own token check). */
  authorized?: (authorization: string | undefined) => boolean;
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
    if (path === '/console/operations') return void saveOperation(req, res, options);
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

const refuse = (res: ServerResponse, status: number, error: string) => send(res, status, 'application/json; charset=utf-8', JSON.stringify({ error }));

/**
 * A POST the console's page makes: JSON only (a cross-origin page cannot send it without a
 * preflight we never answer), from our own origin and an allowed Host. The parsed body, or
 * undefined once refused.
 */
async function jsonPost(
  req: IncomingMessage,
  res: ServerResponse,
  options: ConsoleHandlerOptions,
  maxBytes: number,
): Promise<Record<string, unknown> | undefined> {
  if (req.method !== 'POST') return void send(res, 405, 'text/plain; charset=utf-8', 'Method not allowed', { allow: 'POST' });
  const host = (req.headers.host ?? '').toLowerCase();
  if (options.allowedHosts && !options.allowedHosts().includes(host)) return void refuse(res, 403, 'this Host is not allowed');
  if (!/^application\/json\b/i.test(req.headers['content-type'] ?? '')) return void refuse(res, 415, 'send application/json');
  if (req.headers.origin !== undefined && req.headers.origin.toLowerCase() !== `http://${host}`) return void refuse(res, 403, 'this Origin is not allowed');
  const text = await readSmallBody(req, maxBytes);
  try {
    const body = JSON.parse(text ?? '') as unknown;
    if (body && typeof body === 'object' && !Array.isArray(body)) return body as Record<string, unknown>;
  } catch {
    // answered below
  }
  return void refuse(res, 400, text === undefined ? 'the body is too large' : 'the body is not a JSON object');
}

/** POST /console/operations: `{"document","description"}` with the API's bearer token, saved as a tool (`{"path","operationName"}`). */
async function saveOperation(req: IncomingMessage, res: ServerResponse, options: ConsoleHandlerOptions): Promise<void> {
  if (!options.saveOperation) return refuse(res, 404, 'no operations folder is configured (MCP_OPERATIONS_DIR)');
  if (!(options.authorized?.(req.headers.authorization) ?? false)) return refuse(res, 401, 'send the API token as Authorization: Bearer');
  const body = await jsonPost(req, res, options, 256 * 1024);
  if (!body) return;
  if (typeof body['document'] !== 'string' || body['document'].trim() === '') return refuse(res, 400, 'document must be a GraphQL operation');
  try {
    const saved = await options.saveOperation(body['document'], typeof body['description'] === 'string' ? body['description'] : '');
    send(res, 200, 'application/json; charset=utf-8', JSON.stringify(saved));
  } catch (error) {
    const code = (error as { code?: unknown }).code;
    refuse(res, code === 'exists' || code === 'EXISTS' ? 409 : 400, (error as Error).message);
  }
}

/** POST /console/session: a JSON `{"secret"}` from this very origin, exchanged once for `{"token"}`. */
async function session(req: IncomingMessage, res: ServerResponse, options: ConsoleHandlerOptions): Promise<void> {
  const body = await jsonPost(req, res, options, 4096);
  if (!body) return;
  const secret = body['secret'];
  const granted = options.signIn?.redeem(secret);
  if (!granted)
    return refuse(res, 403, "this sign-in link was used already or is not this serve's: use the link serve printed when it started, or paste a token");
  send(res, 200, 'application/json; charset=utf-8', JSON.stringify(granted));
}

async function readSmallBody(req: IncomingMessage, maxBytes: number): Promise<string | undefined> {
  let size = 0;
  const chunks: Buffer[] = [];
  for await (const chunk of req as AsyncIterable<Buffer>) {
    size += chunk.length;
    if (size > maxBytes) return undefined;
    chunks.push(chunk);
  }
  return Buffer.concat(chunks).toString('utf8');
}

function send(res: ServerResponse, status: number, type: string, body: string | Buffer, headers: Record<string, string> = {}): void {
  res.writeHead(status, { ...SECURITY_HEADERS, 'content-type': type, 'content-length': Buffer.byteLength(body), ...headers });
  res.end(body);
}
