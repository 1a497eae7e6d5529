/**
 * Authorization of the MCP endpoint as the MCP authorization specification has it (docs/wire.md §6):
 * /mcp is an OAuth 2.1 protected resource. Every request needs a bearer token (the SDK's
 * requireBearerAuth middleware with AccessTokenVerifier: 401 with `WWW-Authenticate: Bearer ...,
 * resource_metadata="<RFC 9728 metadata URL>"`); then, as in Cosmo's router, the scopes of each level
 * the JSON-RPC messages reach (initialize for every request, tools_list, tools_call, a tool's own)
 * are required, or the answer is 403 `insufficient_scope` naming the scopes needed. The protected
 * resource metadata itself is public.
 */
import type { McpOAuthConfig } from '@discovery/config';
import { InsufficientScopeError } from '@modelcontextprotocol/sdk/server/auth/errors.js';
import { requireBearerAuth } from '@modelcontextprotocol/sdk/server/auth/middleware/bearerAuth.js';
import { getOAuthProtectedResourceMetadataUrl } from '@modelcontextprotocol/sdk/server/auth/router.js';
import type { AuthInfo } from '@modelcontextprotocol/sdk/server/auth/types.js';
import type { OAuthProtectedResourceMetadata } from '@modelcontextprotocol/sdk/shared/auth.js';
import type { IncomingMessage, ServerResponse } from 'node:http';
import type { BridgeLogger } from '../logger.js';
import { AccessTokenVerifier } from './access-token.verifier.js';

type AuthorizedRequest = IncomingMessage & { auth?: AuthInfo; body?: unknown };

export interface McpAuthorizationOptions {
  oauth: McpOAuthConfig;
  staticTokenHashes: readonly string[];
  logger: BridgeLogger;
}

/** The well-known path prefix of RFC 9728. */
export const PROTECTED_RESOURCE_PATH = '/.well-known/oauth-protected-resource';

export class McpAuthorization {
  readonly metadataUrl: string;
  private readonly bearer: ReturnType<typeof requireBearerAuth>;
  private readonly scopes: McpOAuthConfig['scopes'];

  constructor(private readonly options: McpAuthorizationOptions) {
    this.scopes = options.oauth.scopes;
    this.metadataUrl = getOAuthProtectedResourceMetadataUrl(new URL(options.oauth.audience));
    const verifier = new AccessTokenVerifier({
      staticTokenHashes: options.staticTokenHashes,
      allScopes: this.supportedScopes(),
      oauth: options.oauth,
      logger: options.logger,
    });
    this.bearer = requireBearerAuth({ verifier, requiredScopes: [...this.scopes.initialize], resourceMetadataUrl: this.metadataUrl });
  }

  /** RFC 9728 metadata of this endpoint. */
  metadata(): OAuthProtectedResourceMetadata {
    return {
      resource: this.options.oauth.audience,
      authorization_servers: [this.options.oauth.issuer],
      bearer_methods_supported: ['header'],
      scopes_supported: this.supportedScopes(),
      resource_name: 'GraphQL schema discovery (MCP)',
    };
  }

  /** The metadata paths this server answers: the root one, `/mcp`'s and the audience path's. */
  isMetadataPath(pathname: string): boolean {
    const resourcePath = new URL(this.options.oauth.audience).pathname.replace(/\/+$/, '');
    return [PROTECTED_RESOURCE_PATH, `${PROTECTED_RESOURCE_PATH}/mcp`, `${PROTECTED_RESOURCE_PATH}${resourcePath}`].includes(pathname.replace(/\/+$/, ''));
  }

  serveMetadata(req: IncomingMessage, res: ServerResponse): void {
    const headers = { 'access-control-allow-origin': '*', 'cache-control': 'max-age=300' };
    if (req.method === 'OPTIONS') return void res.writeHead(204, { ...headers, 'access-control-allow-methods': 'GET' }).end();
    if (req.method !== 'GET' && req.method !== 'HEAD') return void res.writeHead(405, { allow: 'GET' }).end();
    const body = JSON.stringify(this.metadata());
    res.writeHead(200, { ...headers, 'content-type': 'application/json' }).end(req.method === 'HEAD' ? undefined : body);
  }

  /**
   * Authenticates the request and checks the scopes its messages need. Answers (401/403) and
   * returns false when refused; otherwise sets `req.auth` (the SDK transport hands it to handlers).
   */
  async authorize(req: AuthorizedRequest, res: ServerResponse): Promise<boolean> {
    let passed = false;
    await this.bearer(req as never, expressLike(res) as never, () => {
      passed = true;
    });
    if (!passed || !req.auth) return false;
    const needed = this.neededScopes(req.body);
    const granted = new Set(req.auth.scopes);
    for (const { scopes, what } of needed) {
      const missing = scopes.filter((scope) => !granted.has(scope));
      if (missing.length === 0) continue;
      this.refuse(res, scopes, `${what}: missing required scopes: ${missing.join(', ')}`);
      return false;
    }
    return true;
  }

  /** Every scope any level asks for (the metadata's scopes_supported; what a static token holds). */
  private supportedScopes(): string[] {
    const { initialize, toolsList, toolsCall, tools } = this.scopes;
    return [...new Set([...initialize, ...toolsList, ...toolsCall, ...Object.values(tools).flat()])].sort();
  }

  /** The scope sets the JSON-RPC message(s) of a POST reach, in the order they are checked. */
  private neededScopes(body: unknown): Array<{ scopes: readonly string[]; what: string }> {
    const messages = Array.isArray(body) ? body : body === undefined ? [] : [body];
    const needed: Array<{ scopes: readonly string[]; what: string }> = [];
    for (const message of messages) {
      const { method, params } = (message ?? {}) as { method?: unknown; params?: { name?: unknown } };
      if (method === 'tools/list') needed.push({ scopes: this.scopes.toolsList, what: 'tools/list' });
      if (method !== 'tools/call') continue;
      needed.push({ scopes: this.scopes.toolsCall, what: 'tools/call' });
      const name = typeof params?.name === 'string' ? params.name : undefined;
      const own = name === undefined ? undefined : this.scopes.tools[name];
      if (own) needed.push({ scopes: own, what: `tool ${name}` });
    }
    return needed.filter((entry) => entry.scopes.length > 0);
  }

  /** 403 with an RFC 6750 challenge naming the scopes the level needs (Cosmo's step-up answer). */
  private refuse(res: ServerResponse, scopes: readonly string[], description: string): void {
    const error = new InsufficientScopeError(description.replace(/"/g, "'"));
    const challenge = `Bearer error="${error.errorCode}", scope="${scopes.join(' ')}", resource_metadata="${this.metadataUrl}", error_description="${error.message}"`;
    const body = JSON.stringify(error.toResponseObject());
    res.writeHead(403, { 'www-authenticate': challenge, 'content-type': 'application/json' }).end(body);
  }
}

/** The three Express response methods requireBearerAuth uses, over a plain node response. */
function expressLike(res: ServerResponse) {
  const adapter = {
    set(name: string, value: string) {
      res.setHeader(name, value);
      return adapter;
    },
    status(code: number) {
      res.statusCode = code;
      return adapter;
    },
    json(body: unknown) {
      const text = JSON.stringify(body);
      res.setHeader('content-type', 'application/json');
      res.end(text);
      return adapter;
    },
  };
  return adapter;
}
