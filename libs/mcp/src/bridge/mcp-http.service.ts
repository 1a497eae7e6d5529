/**
 * Streamable HTTP for the bridge's MCP server, in both session modes:
 * - stateless: one server and transport per POST, nothing kept between requests;
 * - stateful: a session per `initialize`, addressed by `Mcp-Session-Id`, ended by DELETE or
 *   after being idle. Bounded per client (its token, else its address) and in total: a new session
 *   over either bound closes the idlest one (the client's own first), so one client opening
 *   thousands of sessions cannot lock others out (issue 14, item 5).
 * Host and Origin are checked first, on every request (DNS rebinding: the MCP specification
 * requires local servers to validate Origin), then client bearer auth (MCP_AUTH_TOKENS).
 */
import { bearerToken, bearerTokenMatches } from '@discovery/auth';
import type { McpSessionMode } from '@discovery/config';
import type { Server } from '@modelcontextprotocol/sdk/server/index.js';
import { StreamableHTTPServerTransport } from '@modelcontextprotocol/sdk/server/streamableHttp.js';
import { isInitializeRequest } from '@modelcontextprotocol/sdk/types.js';
import { createHash, randomUUID } from 'node:crypto';
import type { IncomingMessage, ServerResponse } from 'node:http';
import { createBridgeServer, type BridgeServerOptions } from '../bridge-server.factory.js';
import type { BridgeLogger } from '../logger.js';
import type { McpAuthorization } from '../oauth/mcp-authorization.js';

/** A request whose JSON body has been read (`readJsonBody`), as the transport takes it. */
type Request = IncomingMessage & { body?: unknown };
type Response = ServerResponse;

export interface McpHttpOptions {
  sessions: McpSessionMode;
  /** SHA-256 hex hashes of accepted client tokens; empty: no client auth. */
  authTokenHashes: readonly string[];
  /** Host headers accepted, lower case `name:port` (DNS rebinding protection); `*` in the list: any. Read per request. */
  allowedHosts: () => readonly string[];
  /** Origins accepted besides loopback ones (`scheme://host[:port]`); a request without Origin is not a browser's. */
  allowedOrigins?: readonly string[];
  /** A stateful session unused this long is closed (default 30 min). */
  sessionIdleMs?: number;
  /** Most sessions kept at once (default 1000). */
  maxSessions?: number;
  /** Most sessions one client (token, else address) keeps at once (default 16). */
  maxSessionsPerClient?: number;
  server: () => BridgeServerOptions;
  logger: BridgeLogger;
  /** OAuth 2.1 (MCP_OAUTH_ISSUER): replaces the static-token check, which it includes (docs/wire.md §6). */
  authorization?: McpAuthorization;
}

interface Session {
  transport: StreamableHTTPServerTransport;
  server: Server;
  lastSeen: number;
  /** Who opened it: `token:<hash>` or `addr:<remote address>`. */
  client: string;
}

export class McpHttpService {
  private readonly sessions = new Map<string, Session>();
  private readonly sweeper: NodeJS.Timeout;

  constructor(private readonly options: McpHttpOptions) {
    const idle = options.sessionIdleMs ?? 30 * 60_000;
    this.sweeper = setInterval(() => this.sweep(idle), Math.min(idle, 60_000));
    this.sweeper.unref();
  }

  /** Handles POST, GET and DELETE on the MCP endpoint. */
  async handle(req: Request, res: Response): Promise<void> {
    if (!this.fromAllowedPlace(req, res)) return;
    const authorization = this.options.authorization;
    if (authorization ? !(await authorization.authorize(req, res)) : !this.authorized(req, res)) return;
    if (this.options.sessions === 'stateless') return this.stateless(req, res);
    return this.stateful(req, res);
  }

  get sessionCount(): number {
    return this.sessions.size;
  }

  async close(): Promise<void> {
    clearInterval(this.sweeper);
    await Promise.all([...this.sessions.values()].map((session) => this.end(session)));
    this.sessions.clear();
  }

  private fromAllowedPlace(req: Request, res: Response): boolean {
    const hosts = this.options.allowedHosts();
    const host = (req.headers.host ?? '').toLowerCase();
    if (!hosts.includes('*') && !hosts.includes(host)) {
      rpcError(res, 403, -32000, 'Forbidden: this Host is not allowed (MCP_ALLOWED_HOSTS).');
      return false;
    }
    const origin = req.headers.origin;
    if (origin !== undefined && !isLoopbackOrigin(origin) && !(this.options.allowedOrigins ?? []).includes(origin.toLowerCase())) {
      rpcError(res, 403, -32000, 'Forbidden: this Origin is not allowed (MCP_ALLOWED_ORIGINS).');
      return false;
    }
    return true;
  }

  private authorized(req: Request, res: Response): boolean {
    if (this.options.authTokenHashes.length === 0) return true;
    if (bearerTokenMatches(req.headers.authorization, this.options.authTokenHashes)) return true;
    res.setHeader('WWW-Authenticate', 'Bearer realm="mcp", error="invalid_token"');
    rpcError(res, 401, -32001, 'Unauthorized: send Authorization: Bearer <token>.');
    return false;
  }

  private async stateless(req: Request, res: Response): Promise<void> {
    if (req.method !== 'POST') {
      res.setHeader('Allow', 'POST');
      rpcError(res, 405, -32000, 'Method not allowed: this server is stateless; use POST.');
      return;
    }
    const transport = new StreamableHTTPServerTransport({ sessionIdGenerator: undefined });
    const server = createBridgeServer(this.options.server());
    res.on('close', () => {
      void transport.close();
      void server.close();
    });
    await server.connect(transport);
    await transport.handleRequest(req, res, req.body);
  }

  private async stateful(req: Request, res: Response): Promise<void> {
    const id = req.headers['mcp-session-id'];
    if (typeof id === 'string') {
      const session = this.sessions.get(id);
      if (!session) {
        rpcError(res, 404, -32001, 'Session not found: initialize a new session.');
        return;
      }
      session.lastSeen = Date.now();
      await session.transport.handleRequest(req, res, req.body);
      return;
    }
    if (req.method !== 'POST' || !isInitializeRequest(req.body)) {
      rpcError(res, 400, -32000, 'Bad request: send an initialize request without Mcp-Session-Id to start a session.');
      return;
    }
    const client = this.clientOf(req);
    this.makeRoom(client);
    await this.open(req, res, client);
  }

  /** Closes the idlest sessions so that one more fits: the client's own over its bound, then anyone's over the total. */
  private makeRoom(client: string): void {
    const own = [...this.sessions].filter(([, session]) => session.client === client);
    const perClient = this.options.maxSessionsPerClient ?? 16;
    if (own.length >= perClient) this.evict(own, own.length - perClient + 1);
    const total = this.options.maxSessions ?? 1000;
    if (this.sessions.size >= total) this.evict([...this.sessions], this.sessions.size - total + 1);
  }

  private evict(candidates: [string, Session][], count: number): void {
    candidates.sort((a, b) => a[1].lastSeen - b[1].lastSeen);
    for (const [id, session] of candidates.slice(0, count)) {
      this.sessions.delete(id);
      void this.end(session);
    }
    this.options.logger.debug({ evicted: count, sessions: this.sessions.size }, 'idlest MCP sessions closed to make room');
  }

  private clientOf(req: Request): string {
    const token = bearerToken(req.headers.authorization);
    if ((this.options.authTokenHashes.length > 0 || this.options.authorization) && typeof token === 'string') {
      return `token:${createHash('sha256').update(token).digest('hex')}`;
    }
    return `addr:${req.socket.remoteAddress ?? 'unknown'}`;
  }

  private async open(req: Request, res: Response, client: string): Promise<void> {
    const server = createBridgeServer(this.options.server());
    const transport: StreamableHTTPServerTransport = new StreamableHTTPServerTransport({
      sessionIdGenerator: () => randomUUID(),
      onsessioninitialized: (sessionId) => {
        this.sessions.set(sessionId, { transport, server, lastSeen: Date.now(), client });
        this.options.logger.debug({ sessions: this.sessions.size }, 'MCP session opened');
      },
      onsessionclosed: (sessionId) => {
        this.sessions.delete(sessionId);
      },
    });
    transport.onclose = () => {
      if (transport.sessionId) this.sessions.delete(transport.sessionId);
      void server.close();
    };
    await server.connect(transport);
    await transport.handleRequest(req, res, req.body);
  }

  private sweep(idleMs: number): void {
    const cutoff = Date.now() - idleMs;
    for (const [id, session] of this.sessions) {
      if (session.lastSeen >= cutoff) continue;
      this.sessions.delete(id);
      void this.end(session);
    }
  }

  private async end(session: Session): Promise<void> {
    await session.transport.close().catch(() => undefined);
    await session.server.close().catch(() => undefined);
  }
}

const LOOPBACK_ORIGIN = /^https?:\/\/(?:localhost|127\.\d{1,3}\.\d{1,3}\.\d{1,3}|\[::1\])(?::\d{1,5})?$/i;

/** Pages served from this machine's loopback (an MCP inspector, a local IDE) may call a local bridge. */
function isLoopbackOrigin(origin: string): boolean {
  return LOOPBACK_ORIGIN.test(origin);
}

export function rpcError(res: ServerResponse, status: number, code: number, message: string): void {
  const body = JSON.stringify({ jsonrpc: '2.0', error: { code, message }, id: null });
  res.writeHead(status, { 'content-type': 'application/json; charset=utf-8', 'content-length': Buffer.byteLength(body) });
  res.end(body);
}

/** Largest MCP request body read (a tool call: a prompt, a query, coordinates). */
const MAX_BODY_BYTES = 4 * 1024 * 1024;

/**
 * Reads a JSON request body into `req.body` (POST with a JSON content type); anything else is left
 * to the transport. Answers and returns false when the body is too large or not JSON.
 */
export async function readJsonBody(req: Request, res: ServerResponse): Promise<boolean> {
  if (req.method !== 'POST' || !/^application\/(?:[\w.+-]+\+)?json\b/i.test(req.headers['content-type'] ?? '')) return true;
  const chunks: Buffer[] = [];
  let size = 0;
  for await (const chunk of req as AsyncIterable<Buffer>) {
    size += chunk.length;
    if (size > MAX_BODY_BYTES) {
      rpcError(res, 413, -32000, `Request body too large: at most ${MAX_BODY_BYTES} bytes.`);
      req.resume();
      return false;
    }
    chunks.push(chunk);
  }
  const text = Buffer.concat(chunks).toString('utf8');
  if (text.trim() === '') {
    req.body = undefined;
    return true;
  }
  try {
    req.body = JSON.parse(text) as unknown;
    return true;
  } catch {
    rpcError(res, 400, -32700, 'Parse error: the request body is not JSON.');
    return false;
  }
}
